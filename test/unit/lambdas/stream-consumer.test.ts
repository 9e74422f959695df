import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { logger } from '#http/logger';
import { defineStreamConsumer, isTtlRemoval, TTL_DELETION_IDENTITY, type TableChange } from '../../../lambdas/streams/stream-consumer.ts';

const STREAM_ARN = 'arn:aws:dynamodb:us-east-1:000000000000:table/anchored/stream/2026-11-25T00:00:00.000';

/** A stream record as Lambda delivers it (attribute values in the stream API's shape). */
function record(sequence: number, eventName: 'INSERT' | 'MODIFY' | 'REMOVE', pk: string, extra: Partial<DynamoDBRecord> = {}): DynamoDBRecord {
  const keys = { pk: { S: pk }, sk: { S: 'POST' } };
  const image = (likes: number) => ({ ...keys, likeCount: { N: String(likes) }, tags: { SS: ['a', 'b'] }, body: { M: { text: { S: 'hi' } } } });
  return {
    eventID: `event-${sequence}`,
    eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    eventSourceARN: STREAM_ARN,
    dynamodb: {
      ApproximateCreationDateTime: 1_795_000_000,
      Keys: keys,
      ...(eventName !== 'INSERT' && { OldImage: image(sequence - 1) }),
      ...(eventName !== 'REMOVE' && { NewImage: image(sequence) }),
      SequenceNumber: String(sequence).padStart(21, '0'),
      SizeBytes: 42,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
    ...extra,
  };
}

const ttlRemoval = (sequence: number) => record(sequence, 'REMOVE', 'RATE#u1', { userIdentity: { ...TTL_DELETION_IDENTITY } });
const event = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

describe('defineStreamConsumer', () => {
  it('passes every change in stream order, unmarshalled, and reports no failure', async () => {
    const seen: TableChange[] = [];
    const handler = defineStreamConsumer(async (change) => {
      seen.push(change);
    });
    const answer = await handler(event(record(1, 'INSERT', 'POST#p1'), record(2, 'MODIFY', 'POST#p1'), record(3, 'REMOVE', 'POST#p1')));

    expect(answer).toEqual({ batchItemFailures: [] });
    expect(seen.map((change) => [change.eventName, change.sequenceNumber])).toEqual([
      ['INSERT', '000000000000000000001'],
      ['MODIFY', '000000000000000000002'],
      ['REMOVE', '000000000000000000003'],
    ]);
    expect(seen[1]).toEqual({
      eventName: 'MODIFY',
      keys: { pk: 'POST#p1', sk: 'POST' },
      oldImage: { pk: 'POST#p1', sk: 'POST', likeCount: 1, tags: new Set(['a', 'b']), body: { text: 'hi' } },
      newImage: { pk: 'POST#p1', sk: 'POST', likeCount: 2, tags: new Set(['a', 'b']), body: { text: 'hi' } },
      sequenceNumber: '000000000000000000002',
      expiredByTtl: false,
    });
    expect(seen[0]?.oldImage).toBeUndefined();
    expect(seen[2]?.newImage).toBeUndefined();
  });

  it('stops at the first change that throws and reports its sequence number: the changes after it wait for the retry', async () => {
    const seen: string[] = [];
    const handler = defineStreamConsumer(async (change) => {
      seen.push(change.sequenceNumber);
      if (change.sequenceNumber.endsWith('3')) throw new Error('the fan-out is down');
    });
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);

    const answer = await handler(event(...[1, 2, 3, 4, 5].map((sequence) => record(sequence, 'INSERT', `POST#p${sequence}`))));

    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '000000000000000000003' }] });
    expect(seen).toEqual(['000000000000000000001', '000000000000000000002', '000000000000000000003']);
    expect(errors).toHaveBeenCalledOnce();
    expect(errors.mock.calls[0]?.[0]).toBe('Table change failed; the batch is retried from it');
    expect(errors.mock.calls[0]?.[1]).toMatchObject({ sequenceNumber: '000000000000000000003', eventName: 'INSERT', error: expect.any(Error) });
    errors.mockRestore();
  });

  it('tries a change that meets a backend fault again in place (the data layer backoff), then goes on with the batch', async () => {
    // No pause between tries: the backoff's jitter draws 0.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const tries = new Map<string, number>();
    const handler = defineStreamConsumer(async (change) => {
      const count = (tries.get(change.sequenceNumber) ?? 0) + 1;
      tries.set(change.sequenceNumber, count);
      if (change.sequenceNumber.endsWith('2') && count <= 2) throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
      if (change.sequenceNumber.endsWith('3') && count === 1) throw Object.assign(new Error('cancelled'), { name: 'TransactionConflictException' });
    });

    const answer = await handler(event(...[1, 2, 3, 4].map((sequence) => record(sequence, 'INSERT', `POST#p${sequence}`))));

    expect(answer).toEqual({ batchItemFailures: [] });
    expect([...tries.values()]).toEqual([1, 3, 2, 1]);
    vi.restoreAllMocks();
  });

  it('reports a change whose fault outlasts the backoff (12 tries), and leaves the changes after it for the retry', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    const handler = defineStreamConsumer(async (change) => {
      seen.push(change.sequenceNumber);
      if (change.sequenceNumber.endsWith('2')) throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
    });

    const answer = await handler(event(...[1, 2, 3].map((sequence) => record(sequence, 'INSERT', `POST#p${sequence}`))));

    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '000000000000000000002' }] });
    expect(seen.filter((sequence) => sequence.endsWith('2'))).toHaveLength(12);
    expect(seen).not.toContain('000000000000000000003');
    expect(errors).toHaveBeenCalledOnce();
    vi.restoreAllMocks();
  });

  it('never passes a TTL deletion to the reaction (REMOVE by the DynamoDB service principal), and goes on after it', async () => {
    const react = vi.fn(async (_change: TableChange) => undefined);
    const handler = defineStreamConsumer(react);

    const answer = await handler(event(record(1, 'INSERT', 'POST#p1'), ttlRemoval(2), record(3, 'REMOVE', 'POST#p1')));

    expect(answer).toEqual({ batchItemFailures: [] });
    expect(react.mock.calls.map(([change]) => [change.sequenceNumber, change.expiredByTtl])).toEqual([
      ['000000000000000000001', false],
      ['000000000000000000003', false],
    ]);
  });

  it('tells a TTL deletion from a deletion by our code, and from other identities', () => {
    expect(isTtlRemoval(ttlRemoval(1))).toBe(true);
    expect(isTtlRemoval(record(1, 'REMOVE', 'POST#p1'))).toBe(false);
    expect(isTtlRemoval(record(1, 'REMOVE', 'POST#p1', { userIdentity: { type: 'Service', principalId: 'replication.dynamodb.amazonaws.com' } }))).toBe(false);
    expect(isTtlRemoval(record(1, 'MODIFY', 'POST#p1', { userIdentity: { ...TTL_DELETION_IDENTITY } }))).toBe(false);
  });

  it('fails the whole batch (an empty identifier) when a failing record has no sequence number', async () => {
    const broken = record(1, 'INSERT', 'POST#p1');
    delete broken.dynamodb?.SequenceNumber;
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const react = vi.fn(async () => undefined);

    expect(await defineStreamConsumer(react)(event(broken))).toEqual({ batchItemFailures: [{ itemIdentifier: '' }] });
    expect(react).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
