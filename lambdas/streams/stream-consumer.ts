import type { AttributeValue as SdkAttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent, StreamRecord } from 'aws-lambda';
import { logger } from '#http/logger';

/**
 * One change of the table as the reactions see it: the stream record's images unmarshalled the way
 * the data layer's document client reads items (numbers as numbers, sets as Sets).
 */
export interface TableChange {
  readonly eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** The item's key (pk and sk). */
  readonly keys: Record<string, unknown>;
  /** The item before the change (MODIFY, REMOVE). */
  readonly oldImage?: Record<string, unknown>;
  /** The item after the change (INSERT, MODIFY). */
  readonly newImage?: Record<string, unknown>;
  /** The stream's sequence number: the order of changes within a shard, and the retry point. */
  readonly sequenceNumber: string;
  /**
   * Deleted by DynamoDB's TTL process rather than by our code. Such changes never reach a reaction
   * (the event source mapping filters them out and the consumer skips them), so a reaction sees false.
   */
  readonly expiredByTtl: boolean;
}

/**
 * How the table's stream drives the consumer: the event source mapping on AWS (lib/table-stream.ts)
 * and the local poller (local/table-stream.ts) both read these, so the two stay alike.
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

/** The Lambda event's attribute values are the stream API's (binary as base64): unmarshall takes the same shapes. */
function unmarshalled(image: StreamRecord['NewImage']): Record<string, unknown> | undefined {
  return image ? unmarshall(image as Record<string, SdkAttributeValue>) : undefined;
}

/** A stream record of the Lambda event as a TableChange. */
export function toTableChange(record: DynamoDBRecord): TableChange {
  const { eventName, dynamodb } = record;
  if (eventName !== 'INSERT' && eventName !== 'MODIFY' && eventName !== 'REMOVE')
    throw new Error(`A stream record without a known eventName: ${String(eventName)}`);
  if (!dynamodb?.SequenceNumber || !dynamodb.Keys) throw new Error(`A stream record (${eventName}) without its sequence number or keys`);
  return {
    eventName,
    keys: unmarshall(dynamodb.Keys as Record<string, SdkAttributeValue>),
    oldImage: unmarshalled(dynamodb.OldImage),
    newImage: unmarshalled(dynamodb.NewImage),
    sequenceNumber: dynamodb.SequenceNumber,
    expiredByTtl: isTtlRemoval(record),
  };
}

/**
 * The Lambda handler of a DynamoDB stream consumer (its event source mapping reports batch item
 * failures): `react` runs for each change in stream order, one at a time. At the first change that
 * throws, the handler stops and reports that record's sequence number, so Lambda checkpoints the
 * changes before it and retries the batch from it; the changes after it wait for that retry.
 * Reactions must therefore bear running twice for one change (at-least-once, as streams are).
 * Changes made by DynamoDB's TTL process are skipped, never passed to `react`.
 */
export function defineStreamConsumer(react: (change: TableChange) => Promise<void>): (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse> {
  return async (event) => {
    for (const record of event.Records) {
      const sequenceNumber = record.dynamodb?.SequenceNumber;
      if (isTtlRemoval(record)) {
        logger.debug('Table change skipped: deleted by TTL', { sequenceNumber });
        continue;
      }
      try {
        await react(toTableChange(record));
      } catch (error) {
        logger.error('Table change failed; the batch is retried from it', {
          sequenceNumber,
          eventName: record.eventName,
          keys: record.dynamodb?.Keys,
          error: error as Error,
        });
        // Without a sequence number nothing can be checkpointed: an empty identifier fails the whole batch.
        return { batchItemFailures: [{ itemIdentifier: sequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  };
}
