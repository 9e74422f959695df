import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, dueQueueOf, dueQueues, keys, parseKeyAs, TTL_ATTRIBUTE, tableName, dynamo, type NamedItem } from '../table/index.ts';

/**
 * Work due at a time, swept every minute (lambdas/jobs/due-items-sweep.ts): one item per kind and
 * subject (a member's verification lapse, its notice; later an event's reminders). Scheduling
 * overwrites the item, so a rescheduled time replaces the old one; the sweep deletes an item only
 * on the condition that its time is still the one it handled, so work rescheduled meanwhile stays.
 * The items carry `queue` and `queueKey`, which put them in the sparse GSI queues.
 */
export interface DueItem {
  dueKind: string;
  subjectId: string;
  dueAt: string;
}

/** Kept a while after its time in case no sweep ran (TTL is the last resort: the sweep deletes what it handled). */
const KEEP_AFTER_DUE_SECONDS = 30 * 24 * 60 * 60;

function dueItemAttributes(dueKind: string, subjectId: string, dueAt: string) {
  return {
    ...keys.dueItem(dueKind, subjectId),
    dueKind,
    subjectId,
    dueAt,
    queue: dueQueueOf(dueKind, subjectId),
    queueKey: `${dueAt}#${dueKind}#${subjectId}`,
    [TTL_ATTRIBUTE]: Math.floor(new Date(dueAt).getTime() / 1000) + KEEP_AFTER_DUE_SECONDS,
  };
}

/** A transaction item that schedules (or reschedules) `dueKind` for `subjectId` at `dueAt`. */
export function scheduleDueItem<N extends string>(name: N, dueKind: string, subjectId: string, dueAt: string): NamedItem<N> {
  return { name, Put: { TableName: tableName(), Item: dueItemAttributes(dueKind, subjectId, dueAt) } };
}

/** A transaction item that cancels `dueKind` for `subjectId` (nothing if none is scheduled). */
export function cancelDueItem<N extends string>(name: N, dueKind: string, subjectId: string): NamedItem<N> {
  return { name, Delete: { TableName: tableName(), Key: keys.dueItem(dueKind, subjectId) } };
}

/** Items due by `now` in one queue shard, oldest first, at most `limit`. */
export async function dueItemsIn(queue: string, now: Date, limit: number): Promise<DueItem[]> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'queues',
      KeyConditionExpression: '#queue = :queue AND #queueKey <= :now',
      ExpressionAttributeNames: { '#queue': 'queue', '#queueKey': 'queueKey' },
      // '~' sorts after every character of a kind or an id, so items due at `now` itself are in.
      ExpressionAttributeValues: { ':queue': queue, ':now': `${now.toISOString()}~` },
      Limit: limit,
    }),
  );
  return Items.map((item) => {
    const key = parseKeyAs('due-item', item);
    return { dueKind: key.dueKind, subjectId: key.subjectId, dueAt: String(item.dueAt) };
  });
}

/** Every queue shard of due items. */
export const DUE_QUEUES = dueQueues();

/** Deletes a handled item, unless it was rescheduled meanwhile (its dueAt moved): then it stays for its new time. */
export async function completeDueItem(item: DueItem): Promise<void> {
  await conditionalWrite(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.dueItem(item.dueKind, item.subjectId),
      ConditionExpression: '#dueAt = :dueAt',
      ExpressionAttributeNames: { '#dueAt': 'dueAt' },
      ExpressionAttributeValues: { ':dueAt': item.dueAt },
    }),
  );
}

/**
 * Counts a failed attempt on the item (`failures`, `lastError`, `lastFailedAt`), unless it was
 * rescheduled meanwhile (a new schedule replaces the item, and its count with it). At `parkAfter`
 * failures the item is parked: taken out of the sweep's queue (REMOVE queue, queueKey) with
 * `parkedAt`, and kept for an operator until its TTL; scheduling it again (its subject's next write,
 * or an operator's) puts it back. Answers what became of it.
 */
export async function recordDueItemFailure(item: DueItem, error: string, now: Date, parkAfter: number): Promise<'counted' | 'parked' | 'rescheduled'> {
  const key = keys.dueItem(item.dueKind, item.subjectId);
  const counted = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'ADD failures :one SET lastError = :error, lastFailedAt = :now',
      ConditionExpression: '#dueAt = :dueAt',
      ExpressionAttributeNames: { '#dueAt': 'dueAt' },
      ExpressionAttributeValues: { ':dueAt': item.dueAt, ':one': 1, ':error': error.slice(0, 1000), ':now': now.toISOString() },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  if (!counted) return 'rescheduled';
  if (Number(counted.Attributes?.failures ?? 0) < parkAfter) return 'counted';
  const parked = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET parkedAt = :now REMOVE #queue, #queueKey',
      ConditionExpression: '#dueAt = :dueAt',
      ExpressionAttributeNames: { '#dueAt': 'dueAt', '#queue': 'queue', '#queueKey': 'queueKey' },
      ExpressionAttributeValues: { ':dueAt': item.dueAt, ':now': now.toISOString() },
    }),
  );
  return parked ? 'parked' : 'rescheduled';
}
