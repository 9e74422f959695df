import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand, UpdateCommand, type BatchGetCommand, type BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * lambdas/data/table/conditional.ts, backoff.ts and batch.ts against a DynamoDB client that answers as
 * each test scripts it (test/integration/conditional-writes.test.ts has them against DynamoDB
 * Local). Math.random is 0 here, so every backoff pause is 0 ms.
 */
let answers: ((command: unknown) => unknown)[] = [];
const sent: unknown[] = [];
vi.mock('../../../lambdas/data/table/aws-clients.ts', () => ({
  tableName: () => 'table',
  dynamo: () => ({
    send: (command: unknown) => {
      sent.push(command);
      const answer = answers.shift();
      if (!answer) return Promise.reject(new Error('no answer scripted'));
      try {
        return Promise.resolve(answer(command));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
  }),
}));
const { conditionalWrite, transact } = await import('#data/table');
const { BACKOFF, backoffDelayMs, withBackoff } = await import('#data/table');
const { batchGet, batchWrite } = await import('#data/table');

const answer = (value: unknown) => () => value;
const fail = (error: Error) => () => {
  throw error;
};
const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled [${codes.join(', ')}]`,
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const throttled = () => Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException', $metadata: {} });

const put = (pk: string) => ({ TableName: 'table', Item: { pk, sk: 'S' }, ConditionExpression: 'attribute_not_exists(pk)' });

beforeEach(() => {
  answers = [];
  sent.length = 0;
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('conditionalWrite', () => {
  it("answers the SDK's output when the condition holds", async () => {
    answers = [answer({ Attributes: { n: 2 } })];
    const written = await conditionalWrite(
      new UpdateCommand({ TableName: 'table', Key: { pk: 'a', sk: 'S' }, UpdateExpression: 'ADD n :one', ReturnValues: 'ALL_NEW' }),
    );
    expect(written?.Attributes).toEqual({ n: 2 });
  });

  it('answers null when the condition failed', async () => {
    answers = [fail(conditionFailed())];
    expect(await conditionalWrite(new PutCommand(put('a')))).toBeNull();
    // Also when the exception comes from another copy of the SDK (same name, other class).
    answers = [fail(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }))];
    expect(await conditionalWrite(new PutCommand(put('a')))).toBeNull();
  });

  it('throws anything else as the SDK threw it, once (a fault is for the caller, not a retry here)', async () => {
    const error = throttled();
    answers = [fail(error)];
    await expect(conditionalWrite(new PutCommand(put('a')))).rejects.toBe(error);
    expect(sent).toHaveLength(1);
  });
});

describe('transact', () => {
  it('writes the items in one TransactWriteItems, without their names', async () => {
    answers = [answer({})];
    expect(
      await transact([
        { name: 'first', Put: put('a') },
        { name: 'second', ConditionCheck: { TableName: 'table', Key: { pk: 'b', sk: 'S' }, ConditionExpression: 'attribute_exists(pk)' } },
      ]),
    ).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(TransactWriteCommand);
    expect((sent[0] as TransactWriteCommand).input.TransactItems).toEqual([
      { Put: put('a') },
      { ConditionCheck: { TableName: 'table', Key: { pk: 'b', sk: 'S' }, ConditionExpression: 'attribute_exists(pk)' } },
    ]);
  });

  it('names the items whose condition failed, from the cancellation reasons, in item order', async () => {
    answers = [fail(cancelled('None', 'ConditionalCheckFailed', 'None', 'ConditionalCheckFailed'))];
    const outcome = await transact([
      { name: 'pair', Put: put('a') },
      { name: 'pair', Put: put('b') },
      { name: 'cap', Put: put('c') },
      { name: 'marker', Put: put('d') },
    ]);
    expect(outcome).toEqual({ ok: false, failed: ['pair', 'marker'] });
    expect(sent).toHaveLength(1);
  });

  it('retries a TransactionConflict with the backoff, then answers the write', async () => {
    answers = [fail(cancelled('TransactionConflict', 'None')), fail(cancelled('None', 'TransactionConflict')), answer({})];
    expect(
      await transact([
        { name: 'a', Put: put('a') },
        { name: 'b', Put: put('b') },
      ]),
    ).toEqual({ ok: true });
    expect(sent).toHaveLength(3);
  });

  it('retries a conflict even beside a failed condition, and answers what the settled items say', async () => {
    answers = [fail(cancelled('ConditionalCheckFailed', 'TransactionConflict')), fail(cancelled('ConditionalCheckFailed', 'None'))];
    expect(
      await transact([
        { name: 'a', Put: put('a') },
        { name: 'b', Put: put('b') },
      ]),
    ).toEqual({ ok: false, failed: ['a'] });
    expect(sent).toHaveLength(2);
  });

  it('retries a throttled item (ThrottlingError, ProvisionedThroughputExceeded) like a conflict', async () => {
    answers = [fail(cancelled('ThrottlingError', 'None')), fail(cancelled('None', 'ProvisionedThroughputExceeded')), answer({})];
    expect(
      await transact([
        { name: 'a', Put: put('a') },
        { name: 'b', Put: put('b') },
      ]),
    ).toEqual({ ok: true });
    expect(sent).toHaveLength(3);
  });

  it(`gives up after ${BACKOFF.maxAttempts} tries, throwing the last cancellation (a 409 at the callable)`, async () => {
    const last = cancelled('TransactionConflict');
    answers = [...Array.from({ length: BACKOFF.maxAttempts - 1 }, () => fail(cancelled('TransactionConflict'))), fail(last), answer({})];
    await expect(transact([{ name: 'a', Put: put('a') }])).rejects.toBe(last);
    expect(sent).toHaveLength(BACKOFF.maxAttempts);
  });

  it('throws a cancellation that is neither a failed condition nor retryable, and any other error, without retrying', async () => {
    const invalid = cancelled('ValidationError', 'None');
    answers = [fail(invalid)];
    await expect(
      transact([
        { name: 'a', Put: put('a') },
        { name: 'b', Put: put('b') },
      ]),
    ).rejects.toBe(invalid);
    // A timeout may have been applied: trying again could answer "condition failed" for our own write.
    const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    answers = [fail(timeout)];
    await expect(transact([{ name: 'a', Put: put('a') }])).rejects.toBe(timeout);
    expect(sent).toHaveLength(2);
  });
});

describe('withBackoff: the one retry policy', () => {
  it('pauses a random share of 20 ms · 2^(n-1), capped at 640 ms', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((retry) => backoffDelayMs(retry, 0.999_999))).toEqual(
      [20, 40, 80, 160, 320, 640, 640, 640].map((ms) => expect.closeTo(ms, 2)),
    );
    expect(backoffDelayMs(3, 0)).toBe(0);
    expect(backoffDelayMs(3, 0.5)).toBe(40);
  });

  it('answers the first answer, and throws the last cause when no try is left', async () => {
    const seen: number[] = [];
    const answered = await withBackoff(async (retry, attempt) => {
      seen.push(attempt);
      return attempt < 3 ? retry(new Error('again')) : 'done';
    });
    expect(answered).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
    let attempts = 0;
    await expect(
      withBackoff(async (retry, attempt) => {
        attempts = attempt;
        return retry(new Error(`try ${attempt}`));
      }),
    ).rejects.toThrow(`try ${BACKOFF.maxAttempts}`);
    expect(attempts).toBe(BACKOFF.maxAttempts);
  });
});

describe('batchWrite and batchGet', () => {
  it('write in chunks of 25 and send back what DynamoDB left unprocessed', async () => {
    const requests = Array.from({ length: 30 }, (_, i) => ({ DeleteRequest: { Key: { pk: `k${i}`, sk: 'S' } } }));
    answers = [(command) => ({ UnprocessedItems: { table: (command as BatchWriteCommand).input.RequestItems?.table?.slice(0, 2) } }), answer({}), answer({})];
    await batchWrite(requests);
    expect(sent.map((command) => (command as BatchWriteCommand).input.RequestItems?.table?.length)).toEqual([25, 5, 2]);
  });

  it('read in pages of 100, sending unprocessed keys again, and fail once tries run out', async () => {
    const keys = Array.from({ length: 120 }, (_, i) => ({ pk: `k${i}`, sk: 'S' }));
    const found = (command: unknown) => (command as BatchGetCommand).input.RequestItems?.table?.Keys ?? [];
    const all = (command: unknown) => ({ Responses: { table: found(command) } });
    answers = [(command) => ({ Responses: { table: found(command).slice(1) }, UnprocessedKeys: { table: { Keys: found(command).slice(0, 1) } } }), all, all];
    expect(await batchGet(keys, 'pk')).toHaveLength(120);
    expect(sent.map((command) => found(command).length)).toEqual([100, 1, 20]);
    expect((sent[0] as BatchGetCommand).input.RequestItems?.table?.ProjectionExpression).toBe('pk');

    answers = Array.from({ length: BACKOFF.maxAttempts }, () => (command: unknown) => ({ UnprocessedKeys: { table: { Keys: found(command) } } }));
    await expect(batchGet(keys.slice(0, 3))).rejects.toThrow('BatchGet left 3 keys unprocessed');
  });
});
