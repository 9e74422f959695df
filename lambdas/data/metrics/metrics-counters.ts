import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { counterScope, type CounterScope, type Counts } from '#domain/metrics-counters';
import { dynamo, tableName } from '#data/table';
import { conditionalWrite, transact, type NamedItem } from '#data/table';
import { keys, METRICS_COUNTER_PARTITIONS } from '#data/table';
import type { ChangedItem } from '#data/table';
import { TTL_ATTRIBUTE } from '#data/table';

/**
 * The daily metrics' counters in the table: one item per counter (`count`, a number), the
 * community's in one partition, the inviters' in another (keys.metricsCounter). The table stream's
 * consumer moves them; the daily job reads the community's.
 */

/** Longer than the stream keeps a record (24 h), so a marker outlives every redelivery of its record. */
const MARKER_LIFETIME_SECONDS = 2 * 24 * 60 * 60;
const COUNT = { '#count': 'count' };

export type DeltaOutcome = 'applied' | 'already applied' | 'nothing to apply';

/**
 * Moves the counters by one stream record's deltas, once: every counter's ADD (a missing counter
 * starts at 0) and the record's marker in ONE transaction, the marker written only where none is
 * (attribute_not_exists). A record delivered again finds its marker: the transaction is cancelled
 * and no counter moves. A record whose deltas are all zero (most changes: a lastActive moved within
 * its day, a post) writes nothing.
 */
export async function applyCounterDeltas(change: ChangedItem, deltas: Counts, now: Date = new Date()): Promise<DeltaOutcome> {
  const entries = Object.entries(deltas);
  const image = change.newImage ?? change.oldImage;
  if (entries.length === 0 || !image) return 'nothing to apply';
  const item = { pk: String(image.pk), sk: String(image.sk) };
  const items: NamedItem<'counter' | 'marker'>[] = entries.map(([name, amount]) => ({
    name: 'counter',
    Update: {
      TableName: tableName(),
      Key: keys.metricsCounter(counterScope(name), name),
      UpdateExpression: 'ADD #count :amount',
      ExpressionAttributeNames: COUNT,
      ExpressionAttributeValues: { ':amount': amount },
    },
  }));
  items.push({
    name: 'marker',
    Put: {
      TableName: tableName(),
      Item: { ...keys.metricsApplied(change.sequenceNumber, item), [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + MARKER_LIFETIME_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  const outcome = await transact(items);
  return outcome.ok ? 'applied' : 'already applied';
}

/**
 * The counters of a scope (the community's by default), from one Query of their partition followed
 * page by page (1 MB, or `pageLimit` items); `prefix` reads only the names that begin with it (an
 * inviter's). `consistent` for the operator's comparison with a scan and the ranking's reads; the
 * daily job reads eventually consistent, at half the units.
 */
export async function readCounters(
  options: { scope?: CounterScope; prefix?: string; pageLimit?: number; consistent?: boolean } = {},
): Promise<{ counters: Map<string, number>; pages: number }> {
  const counters = new Map<string, number>();
  let pages = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: options.prefix === undefined ? 'pk = :counters' : 'pk = :counters AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':counters': METRICS_COUNTER_PARTITIONS[options.scope ?? 'community'],
          ...(options.prefix !== undefined && { ':prefix': options.prefix }),
        },
        ProjectionExpression: 'sk, #count',
        ExpressionAttributeNames: COUNT,
        ConsistentRead: options.consistent,
        Limit: options.pageLimit,
        ExclusiveStartKey: startKey,
      }),
    );
    pages++;
    for (const item of page.Items ?? []) counters.set(String(item.sk), Number(item.count));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { counters, pages };
}

/** One counter, strongly consistent (0 when it was never counted). */
export async function readCounter(name: string): Promise<number> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.metricsCounter(counterScope(name), name), ConsistentRead: true }));
  return Item ? Number(Item.count) : 0;
}

/**
 * Deletes counters read at zero (a city everyone left, a code whose invitee joined), so the
 * partition holds what is counted, not everything ever counted. Only while still zero: a change
 * counted meanwhile keeps its counter, and one counted after starts it again from 0.
 */
export async function dropZeroCounters(names: readonly string[]): Promise<number> {
  let dropped = 0;
  for (const name of names) {
    const deleted = await conditionalWrite(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.metricsCounter(counterScope(name), name),
        ConditionExpression: '#count = :zero',
        ExpressionAttributeNames: COUNT,
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
    if (deleted) dropped++;
  }
  return dropped;
}

/**
 * Moves counters by amounts outside the stream (the operator's repair: a recount's differences).
 * Each is an ADD, so changes the consumer counts meanwhile are kept rather than overwritten.
 */
export async function adjustCounters(amounts: Counts): Promise<void> {
  for (const [name, amount] of Object.entries(amounts)) {
    if (amount === 0) continue;
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.metricsCounter(counterScope(name), name),
        UpdateExpression: 'ADD #count :amount',
        ExpressionAttributeNames: COUNT,
        ExpressionAttributeValues: { ':amount': amount },
      }),
    );
  }
}
