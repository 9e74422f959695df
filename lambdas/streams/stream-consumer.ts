import type { AttributeValue as SdkAttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent, StreamRecord } from 'aws-lambda';
import { flushProductMetrics, inSubsegment } from '#data/table';
import { throughFaults } from '#http/backend-faults';
import { logger } from '#http/logger';
import { isTtlRemoval } from './stream-mapping.ts';

export { isTtlRemoval, TABLE_STREAM_MAPPING, TTL_DELETION_IDENTITY } from './stream-mapping.ts';

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
 * failures): `react` runs for each change in stream order, one at a time, a change that meets a
 * backend fault (throttle, timeout, conflict) tried again in place. At the first change that still
 * throws, the handler stops and reports that record's sequence number, so Lambda checkpoints the
 * changes before it and retries the batch from it; the changes after it wait for that retry.
 * Reactions must therefore bear running twice for one change (at-least-once, as streams are).
 * Changes made by DynamoDB's TTL process are skipped, never passed to `react`.
 */
export function defineStreamConsumer(react: (change: TableChange) => Promise<void>): (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse> {
  // One X-Ray subsegment a batch: how many changes came and whether one failed (never whose they were).
  return (event) =>
    inSubsegment('stream batch', { records: event.Records.length }, async (span) => {
      try {
        const answer = await reactInOrder(event);
        span.annotate('failed', answer.batchItemFailures.length > 0);
        return answer;
      } finally {
        // The pushes this batch made (lambdas/data/live/live-push.ts); never throws.
        flushProductMetrics();
      }
    });

  async function reactInOrder(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
    for (const record of event.Records) {
      const sequenceNumber = record.dynamodb?.SequenceNumber;
      if (isTtlRemoval(record)) {
        logger.debug('Table change skipped: deleted by TTL', { sequenceNumber });
        continue;
      }
      try {
        const change = toTableChange(record);
        // A throttle, a timeout or a transaction conflict is retried here first, with the data
        // layer's backoff (12 tries, a few seconds): the mapping's retries are few, spent by the
        // whole batch behind this change, and a change they give up on is set aside with its work
        // undone for good (a deleted post's likes and comments left behind). Reactions bear running
        // twice; any other error fails the batch at once, as before.
        await throughFaults(() => react(change));
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
  }
}
