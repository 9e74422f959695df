import { monotonicFactory } from 'ulid';

/**
 * Post and comment ids are ULIDs: their order is their creation order (monotonic within one
 * millisecond of one process), so sort keys built from them list newest first with no extra index.
 */
const nextUlid = monotonicFactory();

export function newTimeOrderedId(now: Date = new Date()): string {
  return nextUlid(now.getTime());
}
