import type { DynamoDBRecord } from 'aws-lambda';

/**
 * How the table's stream drives the consumer: the event source mapping on AWS (lib/table-stream.ts)
 * and the local poller (local/table-stream.ts) both read these, so the two stay alike. This module
 * imports no logger and no SDK: the local cloud loads it before it has set the environment the
 * handlers' logger reads at import.
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
   * One invocation per shard at a time: the whole shard in order, as the local poller does. Up to 10
   * would keep the order per partition key only; raise it when the iterator age grows, not before.
   */
  parallelizationFactor: 1,
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
