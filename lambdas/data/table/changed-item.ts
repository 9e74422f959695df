/** A stream record as the consumer sees it: unmarshalled images. */
export interface ChangedItem {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** The stream record's sequence number: what a reaction that must run once per record (the metrics' counters) remembers it by. */
  sequenceNumber: string;
  oldImage?: Record<string, unknown> | undefined;
  newImage?: Record<string, unknown> | undefined;
}
