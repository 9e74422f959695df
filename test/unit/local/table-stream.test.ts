import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record as StreamsRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTableStreamPoller, type StreamHandler, type StreamsApi, type TableStreamPoller } from '../../../local/table-stream.ts';

/**
 * The poller against a stand-in for the streams API: what DynamoDB Local does not do (it keeps one
 * shard, and its TTL never deletes), so shard lineage and the TTL filter are checked here; the
 * rest runs against DynamoDB Local in test/integration/table-stream.test.ts. The stand-in numbers
 * records as DynamoDB Local does (below), so its quirks are met here too.
 */
const STREAM_ARN = 'arn:aws:dynamodb:ddblocal:000000000000:table/fake/stream/2026-11-25T00:00:00.000';

interface FakeShard {
  id: string;
  parent?: string;
  /** The sequence number the shard started at: the next one to be given when it was made. */
  start: number;
  records: StreamsRecord[];
  closed: boolean;
}

const sequenceOf = (record: StreamsRecord | undefined) => Number(record?.dynamodb?.SequenceNumber);

/**
 * DescribeStream, GetShardIterator and GetRecords over shards a test writes to, splits and closes,
 * numbered as DynamoDB Local numbers them (read from its DynamoDBLocal.jar): one counter for every
 * table's records, so another table's change takes a number from this stream's; an iterator is a
 * sequence number; on a shard without records LATEST and TRIM_HORIZON are the shard's start, and an
 * empty page leaves the iterator there; GetRecords from a number below the shard's oldest record
 * fails with TrimmedDataAccessException.
 */
class FakeStream {
  readonly shards: FakeShard[] = [];
  /** The last sequence number given, to any table. */
  private sequence = 0;

  readonly client = {
    send: async (command: unknown) => this.answer(command),
    destroy: () => undefined,
  } as unknown as StreamsApi;

  addShard(id: string, parent?: string): void {
    this.shards.push({ id, parent, start: this.sequence + 1, records: [], closed: false });
  }

  /** A change to another table of the same DynamoDB Local: it takes the next sequence number. */
  writeElsewhere(): void {
    this.sequence++;
  }

  write(shardId: string, id: string, options: { eventName?: 'INSERT' | 'REMOVE'; ttl?: boolean } = {}): void {
    const shard = this.shard(shardId);
    if (shard.closed) throw new Error(`${shardId} is closed`);
    // A sort key the mapping's filters deliver (STREAM_REACTED_SORT_KEYS).
    const keys = { pk: { S: `ITEM#${id}` }, sk: { S: 'POST' } };
    shard.records.push({
      eventID: `e${++this.sequence}`,
      eventName: options.eventName ?? 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'ddblocal',
      dynamodb: {
        ApproximateCreationDateTime: new Date(),
        Keys: keys,
        ...(options.eventName === 'REMOVE' ? { OldImage: keys } : { NewImage: keys }),
        SequenceNumber: String(this.sequence).padStart(21, '0'),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
      ...(options.ttl && { userIdentity: { Type: 'Service', PrincipalId: 'dynamodb.amazonaws.com' } }),
    });
  }

  close(shardId: string): void {
    this.shard(shardId).closed = true;
  }

  private shard(id: string): FakeShard {
    const shard = this.shards.find((candidate) => candidate.id === id);
    if (!shard) throw new Error(`No shard ${id}`);
    return shard;
  }

  private answer(command: unknown): unknown {
    if (command instanceof DescribeStreamCommand) {
      return {
        StreamDescription: {
          StreamArn: STREAM_ARN,
          Shards: this.shards.map((shard) => ({ ShardId: shard.id, ...(shard.parent && { ParentShardId: shard.parent }) })),
        },
      };
    }
    if (command instanceof GetShardIteratorCommand) {
      const { ShardId, ShardIteratorType, SequenceNumber } = command.input;
      const shard = this.shard(ShardId ?? '');
      const [oldest, latest] = [shard.records[0], shard.records.at(-1)];
      const position =
        ShardIteratorType === 'TRIM_HORIZON'
          ? oldest
            ? sequenceOf(oldest)
            : shard.start
          : ShardIteratorType === 'LATEST'
            ? latest
              ? sequenceOf(latest) + 1
              : shard.start
            : Number(SequenceNumber) + (ShardIteratorType === 'AFTER_SEQUENCE_NUMBER' ? 1 : 0);
      return { ShardIterator: `${shard.id}|${position}` };
    }
    if (command instanceof GetRecordsCommand) {
      const [id, at] = (command.input.ShardIterator ?? '').split('|');
      const shard = this.shard(id ?? '');
      const position = Number(at);
      if (shard.records.length > 0 && position < sequenceOf(shard.records[0])) throw new TrimmedDataAccessException({ message: 'trimmed', $metadata: {} });
      const records = shard.records.filter((record) => sequenceOf(record) >= position).slice(0, command.input.Limit ?? 1000);
      const next = records.length > 0 ? sequenceOf(records.at(-1)) + 1 : position;
      const atEnd = !shard.records.some((record) => sequenceOf(record) >= next);
      return { Records: records, NextShardIterator: shard.closed && atEnd ? undefined : `${shard.id}|${next}` };
    }
    throw new Error(`Not faked: ${String(command)}`);
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'anchored-table-stream-unit-'));
const pollers: TableStreamPoller[] = [];
afterEach(async () => {
  await Promise.all(pollers.splice(0).map((poller) => poller.stop()));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const idOf = (record: DynamoDBRecord) => String(record.dynamodb?.Keys?.pk?.S).slice('ITEM#'.length);

async function poll(stream: FakeStream, name: string, options: { checkpointFile?: string } = {}) {
  const delivered: DynamoDBRecord[] = [];
  const logged: string[] = [];
  const handler: StreamHandler = async (event) => void delivered.push(...event.Records);
  const poller = await startTableStreamPoller({
    endpoint: 'http://unused',
    tableName: 'fake',
    handler,
    failuresFile: join(workDir, `${name}-failures.jsonl`),
    checkpointFile: options.checkpointFile,
    idlePollMs: 5,
    describeEveryMs: 20,
    streams: { streamArn: STREAM_ARN, client: stream.client },
    log: (line) => logged.push(line),
  });
  pollers.push(poller);
  return { poller, delivered, logged };
}

/** A checkpoint file of a poller that has consumed this stream before: every shard it meets is read from TRIM_HORIZON. */
function consumedBefore(name: string): string {
  const file = join(workDir, `${name}-checkpoints.json`);
  writeFileSync(file, JSON.stringify({ streamArn: STREAM_ARN, shards: {} }));
  return file;
}

describe('the local table stream poller', () => {
  it('reads a child shard only once its parent is read to its end, so the order holds across a split', async () => {
    const stream = new FakeStream();
    stream.addShard('parent');
    stream.write('parent', 'a1');
    stream.write('parent', 'a2');
    const { poller, delivered } = await poll(stream, 'lineage', { checkpointFile: consumedBefore('lineage') });
    await poller.drained();

    // The shard splits, and the child is listed (with a record) before the parent's last record is
    // read: the child still waits for the parent's end.
    stream.addShard('child', 'parent');
    stream.write('child', 'b1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(delivered.map(idOf)).toEqual(['a1', 'a2']);

    stream.write('parent', 'a3');
    stream.close('parent');
    await poller.drained();
    expect(delivered.map(idOf)).toEqual(['a1', 'a2', 'a3', 'b1']);

    const checkpoints = JSON.parse(readFileSync(join(workDir, 'lineage-checkpoints.json'), 'utf8')) as { shards: Record<string, unknown> };
    expect(checkpoints.shards).toEqual({
      parent: { sequenceNumber: '000000000000000000004', finished: true },
      child: { sequenceNumber: '000000000000000000003' },
    });
  });

  it('filters TTL deletions out before the consumer, as the event source mapping does, and moves past them', async () => {
    const stream = new FakeStream();
    stream.addShard('only');
    const { poller, delivered } = await poll(stream, 'ttl');
    stream.write('only', 'kept');
    stream.write('only', 'expired', { eventName: 'REMOVE', ttl: true });
    stream.write('only', 'deleted', { eventName: 'REMOVE' });
    await poller.drained();

    expect(delivered.map((record) => [record.eventName, idOf(record)])).toEqual([
      ['INSERT', 'kept'],
      ['REMOVE', 'deleted'],
    ]);
    expect(poller.failures()).toEqual([]);
  });

  it('on its first start over a stream reads the shards that exist from LATEST: what came before is not replayed', async () => {
    const stream = new FakeStream();
    stream.addShard('old');
    stream.write('old', 'history');
    const checkpointFile = join(workDir, 'first-checkpoints.json');
    const { poller, delivered } = await poll(stream, 'first', { checkpointFile });
    stream.write('old', 'new');
    await poller.drained();

    expect(delivered.map(idOf)).toEqual(['new']);
    expect(JSON.parse(readFileSync(checkpointFile, 'utf8'))).toEqual({ streamArn: STREAM_ARN, shards: { old: { sequenceNumber: '000000000000000000002' } } });
  });

  it('delivers the first changes of a shard that was empty at its first start, though another table took sequence numbers meanwhile', async () => {
    // DynamoDB Local (one counter for all its tables): the iterator pinned on the empty shard sits at
    // the shard's start, the first record lands above it, and reading from there fails as "trimmed".
    // Every record of the shard came after the pin: they are all delivered (from LATEST again, none were).
    const stream = new FakeStream();
    stream.addShard('fresh');
    const checkpointFile = join(workDir, 'numbered-checkpoints.json');
    const { poller, delivered, logged } = await poll(stream, 'numbered', { checkpointFile });
    stream.writeElsewhere();
    stream.write('fresh', 'first');
    stream.write('fresh', 'second');
    await poller.drained();

    expect(delivered.map(idOf)).toEqual(['first', 'second']);
    // Nothing was trimmed past a checkpoint: the poller says nothing of it.
    expect(logged).toEqual([]);
    expect(JSON.parse(readFileSync(checkpointFile, 'utf8'))).toEqual({ streamArn: STREAM_ARN, shards: { fresh: { sequenceNumber: '000000000000000000003' } } });

    // And on: later changes follow, with other tables' changes between them.
    stream.writeElsewhere();
    stream.write('fresh', 'third');
    await poller.drained();
    expect(delivered.map(idOf)).toEqual(['first', 'second', 'third']);
  });

  it('reads a shard found later from its oldest record, though it was empty when found and another table took sequence numbers meanwhile', async () => {
    const stream = new FakeStream();
    stream.addShard('parent');
    const { poller, delivered, logged } = await poll(stream, 'found-later', { checkpointFile: consumedBefore('found-later') });
    stream.write('parent', 'a1');
    stream.close('parent');
    stream.addShard('child', 'parent');
    await poller.drained(); // The child is found, empty, and read from its start.
    stream.writeElsewhere();
    stream.write('child', 'b1');
    await poller.drained();

    expect(delivered.map(idOf)).toEqual(['a1', 'b1']);
    expect(logged).toEqual([]);
  });
});
