import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ScanCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type AttributeValue,
  type StreamViewType,
  type DynamoDBClient,
  type TableDescription,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';

/**
 * The local stand-in for a point-in-time restore. DynamoDB Local has no backups, so the drill
 * copies the live table into a new one the way AWS hands back a restore: a NEW table with the same
 * keys and indexes, holding the items, and without the settings a restore does not carry (stream,
 * TTL, point-in-time recovery), which the operator re-applies before switching. The copy is a
 * scan of the table as it is now, not as it was at a past second: that part of a restore is
 * AWS's alone and is not drilled here (docs/deploy.md's runbook).
 */

/** What a restore carries over and the drill checks on the copy. */
export interface TableShape {
  keySchema: TableDescription['KeySchema'];
  indexes: { name?: string; keySchema: TableDescription['KeySchema']; projection: unknown }[];
  stream?: { enabled: boolean; viewType?: StreamViewType };
  ttlAttribute?: string;
}

export async function tableShape(client: DynamoDBClient, tableName: string): Promise<TableShape> {
  const [{ Table }, { TimeToLiveDescription }] = await Promise.all([
    client.send(new DescribeTableCommand({ TableName: tableName })),
    client.send(new DescribeTimeToLiveCommand({ TableName: tableName })),
  ]);
  if (!Table) throw new Error(`The table ${tableName} does not exist`);
  return {
    keySchema: Table.KeySchema,
    indexes: (Table.GlobalSecondaryIndexes ?? [])
      .map((index) => ({ name: index.IndexName, keySchema: index.KeySchema, projection: index.Projection }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    stream: Table.StreamSpecification
      ? { enabled: Boolean(Table.StreamSpecification.StreamEnabled), viewType: Table.StreamSpecification.StreamViewType }
      : undefined,
    ttlAttribute: TimeToLiveDescription?.TimeToLiveStatus === 'ENABLED' ? TimeToLiveDescription.AttributeName : undefined,
  };
}

/** Step 1 (the restore): a new table with the source's keys and indexes, on demand, no stream yet. */
async function createLike(client: DynamoDBClient, source: TableDescription, target: string): Promise<void> {
  await client.send(
    new CreateTableCommand({
      TableName: target,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: source.AttributeDefinitions,
      KeySchema: source.KeySchema,
      GlobalSecondaryIndexes: source.GlobalSecondaryIndexes?.map((index) => ({
        IndexName: index.IndexName,
        KeySchema: index.KeySchema,
        Projection: index.Projection,
      })),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: target });
}

const BATCH = 25; // BatchWriteItem's limit.
const WRITERS = 4;

/** Writes one batch, sending again what DynamoDB left unprocessed (with a short pause) until none is. */
async function writeBatch(client: DynamoDBClient, target: string, items: Record<string, AttributeValue>[]): Promise<void> {
  let pending: WriteRequest[] = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
    if (attempt > 10) throw new Error(`DynamoDB kept ${pending.length} items of a batch unprocessed; the copy into ${target} is incomplete`);
    const { UnprocessedItems } = await client.send(new BatchWriteItemCommand({ RequestItems: { [target]: pending } }));
    pending = UnprocessedItems?.[target] ?? [];
  }
}

/** Step 2: every item of the source, a scan page at a time (consistent reads, so nothing just written is missed). */
async function copyItems(client: DynamoDBClient, source: string, target: string): Promise<number> {
  let copied = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: source, ExclusiveStartKey: start, ConsistentRead: true }));
    const items = page.Items ?? [];
    const batches = Array.from({ length: Math.ceil(items.length / BATCH) }, (_, index) => items.slice(index * BATCH, (index + 1) * BATCH));
    // A few batches at a time: faster than one by one, gentle enough for DynamoDB Local's one JVM.
    for (let index = 0; index < batches.length; index += WRITERS) {
      await Promise.all(batches.slice(index, index + WRITERS).map((batch) => writeBatch(client, target, batch)));
    }
    copied += items.length;
    start = page.LastEvaluatedKey;
  } while (start);
  return copied;
}

/**
 * Step 3, as after a real restore: the stream (same view type) and TTL re-applied from the source.
 * The stream is turned on after the copy, so its records start after the restored items, as a
 * restored table's stream would: the consumer never replays the copy as new writes.
 */
async function reapplySettings(client: DynamoDBClient, source: TableShape, target: string): Promise<void> {
  if (source.stream?.enabled) {
    await client.send(new UpdateTableCommand({ TableName: target, StreamSpecification: { StreamEnabled: true, StreamViewType: source.stream.viewType } }));
  }
  if (source.ttlAttribute) {
    await client.send(new UpdateTimeToLiveCommand({ TableName: target, TimeToLiveSpecification: { AttributeName: source.ttlAttribute, Enabled: true } }));
  }
}

export interface CopyResult {
  items: number;
  shape: TableShape;
}

/**
 * Copies `source` into the new table `target` (which must not exist) and re-applies the stream and
 * TTL. Refuses a target that exists rather than mix two tables' items.
 */
export async function copyTable(client: DynamoDBClient, source: string, target: string): Promise<CopyResult> {
  if (source === target) throw new Error('The restored table needs a new name: a restore never writes into the table it was taken from');
  const { Table } = await client.send(new DescribeTableCommand({ TableName: source }));
  if (!Table) throw new Error(`The table ${source} does not exist`);
  const shape = await tableShape(client, source);
  await createLike(client, Table, target);
  const items = await copyItems(client, source, target);
  await reapplySettings(client, shape, target);
  return { items, shape };
}
