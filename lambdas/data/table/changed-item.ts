import { parseKey, type ParsedKey } from './keys.ts';

/** A stream record as the consumer sees it: unmarshalled images. */
export interface ChangedItem {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** The stream record's sequence number: what a reaction that must run once per record (the metrics' counters) remembers it by. */
  sequenceNumber: string;
  oldImage?: Record<string, unknown> | undefined;
  newImage?: Record<string, unknown> | undefined;
}

/** A change with its item's key read once (parseKey): what every reaction reads instead of pk and sk. */
export type ClassifiedChange = ChangedItem & { readonly key: ParsedKey };

/**
 * Reads the changed item's key from its images (the new one, or the old one of a deletion), once
 * per stream record: the reactions (lambdas/streams/react-to-change.ts) all take the result.
 */
export function classifyChange<C extends Omit<ChangedItem, 'sequenceNumber'>>(change: C): C & { readonly key: ParsedKey } {
  const image = change.newImage ?? change.oldImage;
  return { ...change, key: image ? parseKey(image) : { kind: 'unknown' } };
}
