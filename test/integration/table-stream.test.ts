import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { defineStreamConsumer, type TableChange } from '../../lambdas/streams/stream-consumer.ts';
import { TTL_DELETION_IDENTITY, isTtlRemoval } from '../../lambdas/streams/stream-mapping.ts';
import { ensureTable } from '../../local/dynamodb-local.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/local-aws.ts';
import { startTableStreamPoller, toEventRecord, type StreamHandler, type TableStreamPoller, type TableStreamPollerOptions } from '../../local/table-stream.ts';
import { useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * The local event source mapping (local/table-stream.ts) against the integration cloud's DynamoDB
 * Local. Each test polls a table of its own (created from the same schema, with the same stream)
 * with a poller of its own in this process, so it can hand the poller a recording consumer and wait
 * for it (drained); the cloud's own poller runs the real consumer on the cloud's table meanwhile.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: endpoints.dynamodb.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }));
const workDir = mkdtempSync(join(tmpdir(), 'anchored-table-stream-'));
const tables: string[] = [];
const pollers: TableStreamPoller[] = [];

afterEach(async () => {
  await Promise.all(pollers.splice(0).map((poller) => poller.stop()));
});
afterAll(async () => {
  for (const table of tables) await client.send(new DeleteTableCommand({ TableName: table }));
  client.destroy();
  rmSync(workDir, { recursive: true, force: true });
});

async function freshTable(): Promise<string> {
  const table = `stream-${randomUUID().slice(0, 8)}`;
  await ensureTable(endpoints.dynamodb.endpoint, table);
  tables.push(table);
  return table;
}

type PollerOptions = Omit<TableStreamPollerOptions, 'endpoint' | 'tableName' | 'failuresFile'> & { failuresFile?: string };

async function startPoller(table: string, options: PollerOptions): Promise<TableStreamPoller> {
  const poller = await startTableStreamPoller({
    endpoint: endpoints.dynamodb.endpoint,
    tableName: table,
    failuresFile: join(workDir, `${table}-failures.jsonl`),
    // Tests: three retries without waiting between them.
    mapping: { retryAttempts: 3 },
    retryDelayMs: () => 0,
    ...options,
  });
  pollers.push(poller);
  return poller;
}

/** A sort key the mapping's filters deliver (STREAM_REACTED_SORT_KEYS): the poller's own tests write these. */
const DELIVERED_SK = 'POST';

const put = (table: string, id: string, value: number) =>
  client.send(new PutCommand({ TableName: table, Item: { pk: `ITEM#${id}`, sk: DELIVERED_SK, value } }));
const bump = (table: string, id: string, value: number) =>
  client.send(
    new UpdateCommand({
      TableName: table,
      Key: { pk: `ITEM#${id}`, sk: DELIVERED_SK },
      UpdateExpression: 'SET #v = :v',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
const remove = (table: string, id: string) => client.send(new DeleteCommand({ TableName: table, Key: { pk: `ITEM#${id}`, sk: DELIVERED_SK } }));

/** The item id a change is about. */
const idOf = (change: Pick<TableChange, 'keys'>) => String(change.keys.pk).slice('ITEM#'.length);
const idOfRecord = (record: DynamoDBRecord) => String(record.dynamodb?.Keys?.pk?.S).slice('ITEM#'.length);

/** The real consumer (defineStreamConsumer) around a reaction that records what it saw. */
function recordingConsumer(react: (change: TableChange) => Promise<void> = async () => undefined) {
  const seen: TableChange[] = [];
  const handler = defineStreamConsumer(async (change) => {
    seen.push(change);
    await react(change);
  });
  return { seen, handler: handler as StreamHandler };
}

/**
 * A consumer whose first invocation (the gate item's) waits until released: what is written once it
 * has started arrives as the next batch, whole (a shard is delivered one batch at a time).
 */
function gated(inner: StreamHandler) {
  let release!: () => void;
  let opened!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const started = new Promise<void>((resolve) => (opened = resolve));
  let first = true;
  const handler: StreamHandler = async (event, context) => {
    if (first) {
      first = false;
      opened();
      await gate;
    }
    return inner(event, context);
  };
  return { handler, started, release };
}

/** Writes the gate item, then `ids` while the gate's batch is held, then lets it go: `ids` make one batch. */
async function oneBatch(table: string, held: ReturnType<typeof gated>, ids: string[]): Promise<void> {
  await put(table, 'gate', 0);
  await held.started;
  for (const id of ids) await put(table, id, 1);
  held.release();
}

describe('the local table stream', () => {
  it('delivers every change of an item in order, images unmarshalled, through the real consumer', async () => {
    const table = await freshTable();
    const { seen, handler } = recordingConsumer();
    const poller = await startPoller(table, { handler });

    for (const id of ['a', 'b', 'c']) await put(table, id, 1);
    for (const id of ['a', 'b', 'c']) await bump(table, id, 2);
    await bump(table, 'a', 3);
    await remove(table, 'b');
    await poller.drained();

    const history = (id: string) =>
      seen.filter((change) => idOf(change) === id).map((change) => [change.eventName, change.oldImage?.value, change.newImage?.value]);
    expect(history('a')).toEqual([
      ['INSERT', undefined, 1],
      ['MODIFY', 1, 2],
      ['MODIFY', 2, 3],
    ]);
    expect(history('b')).toEqual([
      ['INSERT', undefined, 1],
      ['MODIFY', 1, 2],
      ['REMOVE', 2, undefined],
    ]);
    expect(history('c')).toEqual([
      ['INSERT', undefined, 1],
      ['MODIFY', 1, 2],
    ]);
    // The shard's order is the writes' order, and sequence numbers grow along it.
    expect(seen.map((change) => BigInt(change.sequenceNumber))).toEqual(
      seen.map((change) => BigInt(change.sequenceNumber)).toSorted((x, y) => (x < y ? -1 : 1)),
    );
    expect(seen[0]).toMatchObject({ keys: { pk: 'ITEM#a', sk: DELIVERED_SK }, newImage: { pk: 'ITEM#a', sk: DELIVERED_SK, value: 1 }, expiredByTtl: false });
    expect(poller.failures()).toEqual([]);
  });

  it("passes over the changes the mapping's filters leave out (a feed entry's) and moves past them", async () => {
    const table = await freshTable();
    const { seen, handler } = recordingConsumer();
    const poller = await startPoller(table, { handler });
    await client.send(new PutCommand({ TableName: table, Item: { pk: 'ITEM#skipped', sk: 'FEED#p1' } }));
    await put(table, 'kept', 1);
    await poller.drained();
    expect(seen.map(idOf)).toEqual(['kept']);
    expect(poller.failures()).toEqual([]);
  });

  it('delivers a fresh table’s first changes though another table was written to since its stream began (one sequence counter for all tables)', async () => {
    // As in the full suite, where other files write to the cloud's table: DynamoDB Local numbers every
    // table's records with one counter, so this table's first record lands above its shard's start,
    // where the iterator pinned on the empty shard sits, and GetRecords from there says "trimmed".
    const table = await freshTable();
    const other = await freshTable();
    const { seen, handler } = recordingConsumer();
    const logged: string[] = [];
    const poller = await startPoller(table, { handler, log: (line) => logged.push(line) });
    await put(other, 'elsewhere', 1);
    await put(table, 'first', 1);
    await put(table, 'second', 1);
    await poller.drained();

    expect(seen.map(idOf)).toEqual(['first', 'second']);
    expect(logged).toEqual([]);
  });

  it('hands the consumer the event Lambda would: the stream ARN, aws:dynamodb, epoch seconds, both images', async () => {
    const table = await freshTable();
    const events: DynamoDBStreamEvent[] = [];
    const poller = await startPoller(table, { handler: async (event) => void events.push(event) });
    await put(table, 'x', 1);
    await bump(table, 'x', 2);
    await poller.drained();

    const records = events.flatMap((event) => event.Records);
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({
      eventName: 'MODIFY',
      eventSource: 'aws:dynamodb',
      eventSourceARN: poller.streamArn,
      dynamodb: {
        Keys: { pk: { S: 'ITEM#x' }, sk: { S: DELIVERED_SK } },
        OldImage: { pk: { S: 'ITEM#x' }, sk: { S: DELIVERED_SK }, value: { N: '1' } },
        NewImage: { pk: { S: 'ITEM#x' }, sk: { S: DELIVERED_SK }, value: { N: '2' } },
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
    // DynamoDB Local truncates the time to the minute; Lambda's event carries epoch seconds.
    const created = records[1]?.dynamodb?.ApproximateCreationDateTime ?? 0;
    expect(Number.isInteger(created)).toBe(true);
    expect(Math.abs(created - Date.now() / 1000)).toBeLessThan(120);
    expect(poller.streamArn).toContain(`table/${table}/stream/`);
  });

  it('retries a batch from the change that failed: it is delivered again, and the ones after it follow in order', async () => {
    const table = await freshTable();
    let failed = false;
    const { seen, handler } = recordingConsumer(async (change) => {
      if (idOf(change) === 'p' && !failed) {
        failed = true;
        throw new Error('a passing fault');
      }
    });
    const held = gated(handler);
    const poller = await startPoller(table, { handler: held.handler });

    await oneBatch(table, held, ['a', 'p', 'b']);
    await poller.drained();

    expect(seen.map(idOf)).toEqual(['gate', 'a', 'p', 'p', 'b']);
    expect(poller.failures()).toEqual([]);
  });

  it('sets a change that always fails aside after the retries, with the rest of its batch as Lambda does, and later changes still flow', async () => {
    const table = await freshTable();
    const { seen, handler } = recordingConsumer(async (change) => {
      if (idOf(change) === 'p') throw new Error('never works');
    });
    const held = gated(handler);
    const poller = await startPoller(table, { handler: held.handler });

    await oneBatch(table, held, ['a', 'p', 'b']);
    await poller.drained();

    // a is done; p is tried once and retried 3 times; the retried batch is p and what follows it,
    // and that is what the on-failure destination receives (its position; locally also its records).
    expect(seen.map(idOf)).toEqual(['gate', 'a', 'p', 'p', 'p', 'p']);
    const [failure, ...others] = poller.failures();
    expect(others).toEqual([]);
    expect(failure).toMatchObject({
      requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: 4 },
      version: '1.0',
      DDBStreamBatchInfo: { batchSize: 2, streamArn: poller.streamArn },
      localError: expect.stringContaining('failed'),
    });
    expect(failure?.localRecords.map(idOfRecord)).toEqual(['p', 'b']);
    expect(failure?.DDBStreamBatchInfo.startSequenceNumber).toBe(failure?.localRecords[0]?.dynamodb?.SequenceNumber);
    expect(failure?.DDBStreamBatchInfo.endSequenceNumber).toBe(failure?.localRecords[1]?.dynamodb?.SequenceNumber);

    await put(table, 'later', 1);
    await poller.drained();
    expect(seen.map(idOf).at(-1)).toBe('later');
    expect(poller.failures()).toHaveLength(1);
  });

  it('splits a batch whose invocation throws (bisectBatchOnError) until only the bad change is set aside', async () => {
    const table = await freshTable();
    const invocations: string[][] = [];
    const held = gated(async (event) => {
      const ids = event.Records.map(idOfRecord);
      invocations.push(ids);
      if (ids.includes('p')) throw new Error('the whole invocation fails');
    });
    const poller = await startPoller(table, { handler: held.handler });

    await oneBatch(table, held, ['a', 'p', 'b', 'c']);
    await poller.drained();

    expect(invocations).toEqual([['gate'], ['a', 'p', 'b', 'c'], ['a', 'p'], ['a'], ['p'], ['p'], ['b', 'c']]);
    const [failure] = poller.failures();
    expect(failure?.requestContext).toMatchObject({ condition: 'RetryAttemptsExhausted', approximateInvokeCount: 4 });
    expect(failure?.localRecords.map(idOfRecord)).toEqual(['p']);
    expect(poller.failures()).toHaveLength(1);
  });

  it('resumes after its checkpoint when started again: nothing written while it was stopped is lost, nothing delivered is replayed', async () => {
    const table = await freshTable();
    const checkpointFile = join(workDir, `${table}-checkpoints.json`);
    const first = recordingConsumer();
    await put(table, 'before', 1); // Before the first start ever: its shard is read from LATEST.
    const poller = await startPoller(table, { handler: first.handler, checkpointFile });
    await put(table, 'one', 1);
    await poller.drained();
    await poller.stop();

    await put(table, 'while-stopped', 1);
    const second = recordingConsumer();
    const again = await startPoller(table, { handler: second.handler, checkpointFile });
    await put(table, 'two', 1);
    await again.drained();

    expect(first.seen.map(idOf)).toEqual(['one']);
    expect(second.seen.map(idOf)).toEqual(['while-stopped', 'two']);
  });

  it('runs the module CDK deploys when given no consumer (lambdas/streams/table-stream.ts)', async () => {
    const table = await freshTable();
    const poller = await startPoller(table, {});
    // An item no reaction cares about: the real consumer acknowledges it.
    await put(table, 'plain', 1);
    await poller.drained();
    expect(poller.failures()).toEqual([]);
  });

  it('passes a record’s userIdentity through, so a TTL deletion is recognised and filtered out', () => {
    const record = toEventRecord(
      {
        eventID: '1',
        eventName: 'REMOVE',
        awsRegion: 'ddblocal',
        dynamodb: { Keys: { pk: { S: 'RATE#u1' }, sk: { S: 'w' } }, SequenceNumber: '000000000000000000007', ApproximateCreationDateTime: new Date(61_000) },
        userIdentity: { Type: 'Service', PrincipalId: 'dynamodb.amazonaws.com' },
      },
      'arn:aws:dynamodb:ddblocal:000000000000:table/t/stream/x',
    );
    expect(record).toMatchObject({ userIdentity: TTL_DELETION_IDENTITY, dynamodb: { ApproximateCreationDateTime: 61 }, eventSource: 'aws:dynamodb' });
    expect(isTtlRemoval(record)).toBe(true);
  });

  it('gets a change to the consumer within a few hundred milliseconds (p50 over 50 writes)', { timeout: 60_000 }, async () => {
    const table = await freshTable();
    const waiting = new Map<string, () => void>();
    const { handler } = recordingConsumer(async (change) => waiting.get(idOf(change))?.());
    const poller = await startPoller(table, { handler });

    const latencies: number[] = [];
    for (let i = 0; i < 50; i++) {
      const id = `w${i}`;
      const arrived = new Promise<void>((resolve) => waiting.set(id, resolve));
      const start = performance.now();
      await put(table, id, i);
      await arrived;
      latencies.push(performance.now() - start);
      // Writes land at random moments of the poll cycle, as members' writes do.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100));
    }
    const sorted = latencies.toSorted((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)] ?? Infinity;
    const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? Infinity;
    console.log(`table stream delivery (write → consumer), 50 writes: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`);
    expect(p50).toBeLessThan(300);
    expect(poller.failures()).toEqual([]);
  });
});
