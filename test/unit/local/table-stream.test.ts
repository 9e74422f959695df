import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeStreamCommand, GetRecordsCommand, GetShardIteratorCommand, type _Record as StreamsRecord } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTableStreamPoller, type StreamHandler, type StreamsApi, type TableStreamPoller } from '../../../local/table-stream.ts';

/**
 * The poller against a stand-in for the streams API: what DynamoDB Local does not do (it keeps one
 * shard, and its TTL never deletes), so shard lineage and the TTL filter are checked here; the
 * rest runs against DynamoDB Local in test/integration/table-stream.test.ts.
 */
const STREAM_ARN = 'arn:aws:dynamodb:ddblocal:000000000000:table/fake/stream/2026-11-25T00:00:00.000';

interface FakeShard {
  id: string;
  parent?: string;
  records: StreamsRecord[];
  closed: boolean;
}

/** DescribeStream, GetShardIterator and GetRecords over shards a test writes to, splits and closes. */
class FakeStream {
  readonly shards: FakeShard[] = [];
  private sequence = 0;

  readonly client = {
    send: async (command: unknown) => this.answer(command),
    destroy: () => undefined,
  } as unknown as StreamsApi;

  addShard(id: string, parent?: string): void {
    this.shards.push({ id, parent, records: [], closed: false });
  }

  write(shardId: string, id: string, options: { eventName?: 'INSERT' | 'REMOVE'; ttl?: boolean } = {}): void {
    const shard = this.shard(shardId);
    if (shard.closed) throw new Error(`${shardId} is closed`);
    const keys = { pk: { S: `ITEM#${id}` }, sk: { S: 'ITEM' } };
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
      const after = shard.records.findIndex((record) => record.dynamodb?.SequenceNumber === SequenceNumber) + 1;
      const position = ShardIteratorType === 'TRIM_HORIZON' ? 0 : ShardIteratorType === 'LATEST' ? shard.records.length : after;
      return { ShardIterator: `${shard.id}|${position}` };
    }
    if (command instanceof GetRecordsCommand) {
      const [id, at] = (command.input.ShardIterator ?? '').split('|');
      const shard = this.shard(id ?? '');
      const records = shard.records.slice(Number(at), Number(at) + (command.input.Limit ?? 1000));
      const next = Number(at) + records.length;
      return { Records: records, NextShardIterator: shard.closed && next >= shard.records.length ? undefined : `${shard.id}|${next}` };
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
  });
  pollers.push(poller);
  return { poller, delivered };
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
});
