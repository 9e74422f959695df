import { BatchGetCommand, BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './aws-clients.ts';
import { withBackoff } from './backoff.ts';

/**
 * BatchWriteItem and BatchGetItem on the table, in the sizes DynamoDB takes, retrying what it
 * hands back unprocessed with the data layer's one backoff (backoff.ts); what is still
 * unprocessed after the last try is an error.
 */

/** BatchWriteItem takes at most 25 requests, BatchGetItem 100 keys. */
const BATCH_WRITE_LIMIT = 25;
const BATCH_GET_LIMIT = 100;

export type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** Writes in chunks of 25, in parallel. */
export async function batchWrite(requests: readonly WriteRequest[]): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_WRITE_LIMIT) chunks.push(requests.slice(i, i + BATCH_WRITE_LIMIT));
  await Promise.all(chunks.map((chunk) => writeChunk(chunk)));
}

async function writeChunk(chunk: WriteRequest[]): Promise<void> {
  let pending = chunk;
  await withBackoff(async (retry) => {
    const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = UnprocessedItems?.[tableName()] ?? [];
    return pending.length > 0 ? retry(new Error(`BatchWrite left ${pending.length} items unprocessed`)) : undefined;
  });
}

/**
 * The items found for these keys (missing ones left out, in no particular order), in pages of 100
 * one after another; `consistent` makes them strongly consistent reads.
 */
export async function batchGet(keys: readonly Record<string, unknown>[], projection?: string, { consistent = false } = {}): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    let pending = keys.slice(start, start + BATCH_GET_LIMIT);
    await withBackoff(async (retry) => {
      const { Responses, UnprocessedKeys } = await dynamo().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent, ...(projection && { ProjectionExpression: projection }) } },
        }),
      );
      found.push(...(Responses?.[tableName()] ?? []));
      pending = UnprocessedKeys?.[tableName()]?.Keys ?? [];
      return pending.length > 0 ? retry(new Error(`BatchGet left ${pending.length} keys unprocessed`)) : undefined;
    });
  }
  return found;
}
