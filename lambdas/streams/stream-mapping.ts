import type { DynamoDBRecord } from 'aws-lambda';
import { NOTIFICATION_PREFIX, STREAM_REACTED_SORT_KEYS } from '#data/table';

/**
 * How the table's stream drives the consumer: the event source mapping on AWS (lib/table-stream.ts)
 * and the local poller (local/table-stream.ts) both read these, so the two stay alike. This module
 * imports no logger and no SDK: the local cloud loads it before it has set the environment the
 * handlers' logger reads at import (keys.ts imports nothing).
 */
export const TABLE_STREAM_MAPPING = {
  /** Records per invocation at most. */
  batchSize: 100,
  /**
   * No batching window: Lambda invokes as soon as a poll (about four a second per shard) finds
   * records, for push's p50 ≤ 500 ms; a window would add its length to every change at low traffic.
   */
  maxBatchingWindowSeconds: 0,
  /** Failed invocations retried before the records go to the on-failure destination. */
  retryAttempts: 10,
  /** A thrown invocation is split in two and each half retried, so one bad record cannot hold 99 good ones. */
  bisectBatchOnError: true,
  /**
   * Records older than this go to the on-failure destination unprocessed: 6 hours, well inside the
   * stream's 24-hour retention, so the destination's sequence numbers still point at readable
   * records for at least 18 hours (an operator can replay them). Only a shard that has been stuck
   * that long meets it: the retries above take minutes, not hours.
   */
  maxRecordAgeSeconds: 6 * 60 * 60,
  /**
   * Batches of one shard processed at once. The capacity model (npm run cost:model) has ~179
   * reactions a second at the peak of 10,000 open dashboards since likes notify (a like is two
   * reactions: its counts pushed, its author notified) against ~65 a second with one batch per shard
   * on ~4 shards: three keep up (~195/s; two, ~130/s, would not). Lambda then keeps the order per partition key only, which the
   * reactions bear (each re-reads what it depends on: a fan-out re-checks the anchors and the post,
   * counters add, re-rankings are versioned). The local poller keeps the whole shard in order, a
   * stricter order than this allows.
   */
  parallelizationFactor: 3,
  /** The consumer's Lambda timeout. */
  timeoutSeconds: 60,
} as const;

/** The identity DynamoDB puts on the stream record of an item its TTL process deleted. */
export const TTL_DELETION_IDENTITY = { type: 'Service', principalId: 'dynamodb.amazonaws.com' } as const;

/** Whether DynamoDB's TTL process made this record (a REMOVE with the service's identity). */
export function isTtlRemoval(record: Pick<DynamoDBRecord, 'eventName' | 'userIdentity'>): boolean {
  const identity = record.userIdentity as { type?: unknown; principalId?: unknown } | undefined;
  return record.eventName === 'REMOVE' && identity?.type === TTL_DELETION_IDENTITY.type && identity.principalId === TTL_DELETION_IDENTITY.principalId;
}

/** The rules of Lambda's event filtering this stack uses: a value (a string or a boolean), a prefix, presence, or none of some values. */
export type FilterRule = string | boolean | { readonly prefix: string } | { readonly exists: boolean } | { readonly 'anything-but': readonly string[] };
/** A Lambda event filter pattern: fields to match, each an object to descend into or a list of rules (any one matches). */
export interface FilterPattern {
  readonly [field: string]: FilterPattern | readonly FilterRule[];
}

const reactedSortKey = { dynamodb: { Keys: { sk: { S: STREAM_REACTED_SORT_KEYS } } } } as const;

/**
 * The event source mapping's filters (ORed; the fields within one ANDed): the changes of items the
 * consumer reacts to (STREAM_REACTED_SORT_KEYS), except DynamoDB's TTL deletions (userIdentity
 * { type: Service, principalId: dynamodb.amazonaws.com }), and the deletions of unread notifications
 * (the third). A rule on a field the record lacks does not match (`anything-but` included), so "not
 * the TTL principal" takes two filters: records with no principal at all (every change our code
 * makes) and records of any other principal. Filtered-out
 * records cost no invocation (on AWS) and are checkpointed past; the local poller applies the same
 * patterns with `isDeliveredToConsumer`.
 */
export const TABLE_STREAM_FILTERS: readonly FilterPattern[] = [
  { userIdentity: { principalId: [{ exists: false }] }, ...reactedSortKey },
  { userIdentity: { principalId: [{ 'anything-but': [TTL_DELETION_IDENTITY.principalId] }] }, ...reactedSortKey },
  /**
   * An unread notification deleted (its actor left Anchored: removal's forgetNotificationsBy, with
   * the recipient's unread count lowered in the same write): the recipient's bell reads again. Only
   * deletions of unread ones: storing and marking read stay undelivered, and DynamoDB's TTL deletes
   * only read ones (marking read sets `expiresAt`), so this needs no TTL rule of its own.
   */
  { eventName: ['REMOVE'], dynamodb: { Keys: { sk: { S: [{ prefix: NOTIFICATION_PREFIX }] } }, OldImage: { read: { BOOL: [false] } } } },
];

function matchesRule(rule: FilterRule, value: unknown): boolean {
  if (typeof rule === 'string' || typeof rule === 'boolean') return value === rule;
  if ('prefix' in rule) return typeof value === 'string' && value.startsWith(rule.prefix);
  if ('exists' in rule) return rule.exists === (value !== undefined);
  return value !== undefined && !rule['anything-but'].includes(value as string);
}

/** Whether a record matches one pattern, as Lambda's event filtering reads it. */
export function matchesFilterPattern(pattern: FilterPattern, record: unknown): boolean {
  return Object.entries(pattern).every(([field, expected]) => {
    const value = typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[field] : undefined;
    if (Array.isArray(expected)) return (expected as readonly FilterRule[]).some((rule) => matchesRule(rule, value));
    return matchesFilterPattern(expected as FilterPattern, value);
  });
}

/** Whether the event source mapping hands this record to the consumer (TABLE_STREAM_FILTERS). */
export function isDeliveredToConsumer(record: DynamoDBRecord): boolean {
  return TABLE_STREAM_FILTERS.some((pattern) => matchesFilterPattern(pattern, record));
}
