import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  GetItemCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as MemberPresence from '#data/members';
import { FAULT_MESSAGES, asRetryableFault, throughFaults } from '#http/backend-faults';
import { defineCallable } from '#http/define-callable';
import { faultRate, forceFaults, injectedFaultCounts, withFaultInjection } from '../../../local/fault-injection.ts';

// The protocol alone: budgets are counted in DynamoDB (test/integration/abuse-limits.test.ts covers them).
vi.mock('../../../lambdas/data/table/rate-limits.ts', () => ({ takeRateLimitedHit: () => Promise.resolve({ allowed: true }) }));
// Nor the caller's record (every callable that takes a member's token reads it for the session epoch,
// test/integration/authz-matrix.test.ts): a member who never signed out everywhere.
vi.mock('../../../lambdas/data/members/member-presence.ts', async (original) => ({
  ...(await original<typeof MemberPresence>()),
  callerStanding: () => Promise.resolve({ presence: 'member', isAdmin: false, suspendedUntil: null, sessionEpoch: null }),
}));

const sdkError = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(`${name} happened`), { name, $metadata: {}, ...extra });
const conflict = new TransactionCanceledException({
  message: 'cancelled',
  $metadata: {},
  CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
});
const conditionFailed = new TransactionCanceledException({
  message: 'cancelled',
  $metadata: {},
  CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
});

function event(): APIGatewayProxyEventV2WithJWTAuthorizer {
  return {
    version: '2.0',
    headers: { 'content-type': 'application/json' },
    body: '{"data":{}}',
    isBase64Encoded: false,
    requestContext: { requestId: 'request-id-1234', http: { method: 'POST' }, authorizer: { jwt: { claims: { sub: 'u1', token_use: 'access' }, scopes: [] } } },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

describe('backend faults → protocol errors', () => {
  it.each([
    ['DynamoDB throttling', sdkError('ProvisionedThroughputExceededException')],
    ['DynamoDB ThrottlingException', sdkError('ThrottlingException')],
    ['S3 SlowDown', sdkError('SlowDown', { $metadata: { httpStatusCode: 503 } })],
    ['Cognito TooManyRequests', sdkError('TooManyRequestsException')],
    ['a timeout', sdkError('TimeoutError')],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    ['any 503', sdkError('Whatever', { $metadata: { httpStatusCode: 503 } })],
  ])('%s is 503 unavailable with a plain sentence', (_, error) => {
    expect(asRetryableFault(error)).toMatchObject({ status: 'unavailable', message: FAULT_MESSAGES.busy });
  });

  it('a transaction cancelled by a conflict is 409 aborted; one cancelled by a failed condition is not a fault', () => {
    expect(asRetryableFault(conflict)).toMatchObject({ status: 'aborted', message: FAULT_MESSAGES.conflict });
    expect(asRetryableFault(sdkError('TransactionConflictException'))).toMatchObject({ status: 'aborted' });
    expect(asRetryableFault(conditionFailed)).toBe(conditionFailed);
    const failed = new ConditionalCheckFailedException({ message: 'no', $metadata: {} });
    expect(asRetryableFault(failed)).toBe(failed);
    const bug = new TypeError('x is undefined');
    expect(asRetryableFault(bug)).toBe(bug);
  });

  it('defineCallable answers a throttle with 503, a conflict with 409 and a bug still with 500', async () => {
    const answer = async (error: Error) => {
      const response = await defineCallable('getMe', () => Promise.reject(error))(event());
      return { status: response.statusCode, body: JSON.parse(response.body ?? '') as { error: { status: string; message: string } } };
    };
    expect(await answer(sdkError('ProvisionedThroughputExceededException'))).toMatchObject({
      status: 503,
      body: { error: { status: 'UNAVAILABLE', message: FAULT_MESSAGES.busy } },
    });
    expect(await answer(conflict)).toMatchObject({ status: 409, body: { error: { status: 'ABORTED', message: FAULT_MESSAGES.conflict } } });
    expect(await answer(new TypeError('boom'))).toMatchObject({ status: 500 });
  });

  it('throughFaults retries a clean-up step through faults, never through a real error', async () => {
    let calls = 0;
    expect(
      await throughFaults(() => (++calls < 3 ? Promise.reject(sdkError('SlowDown', { $metadata: { httpStatusCode: 503 } })) : Promise.resolve('done'))),
    ).toBe('done');
    expect(calls).toBe(3);
    calls = 0;
    await expect(throughFaults(() => (++calls, Promise.reject(new TypeError('bug'))))).rejects.toThrow('bug');
    expect(calls).toBe(1);
  });
});

describe('fault injection', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('is off unless STAGE is local and a rate is set (never on AWS stages)', () => {
    expect(faultRate({ STAGE: 'prod', FAULT_INJECTION_RATE: '1' })).toBe(0);
    expect(faultRate({ STAGE: 'dev', FAULT_INJECTION_RATE: '1' })).toBe(0);
    expect(faultRate({ STAGE: 'local' })).toBe(0);
    expect(faultRate({ STAGE: 'local', FAULT_INJECTION_RATE: 'lots' })).toBe(0);
    expect(faultRate({ STAGE: 'local', FAULT_INJECTION_RATE: '0.25' })).toBe(0.25);
    const client = { middlewareStack: { add: vi.fn() } };
    process.env.STAGE = 'prod';
    withFaultInjection(client, 'dynamodb');
    expect(client.middlewareStack.add).not.toHaveBeenCalled();
  });

  it('at rate 1 every request fails: a throttle, a timeout before or after it was sent, or (transactions) a TransactionConflict', async () => {
    process.env.STAGE = 'local';
    process.env.FAULT_INJECTION_RATE = '1';
    // An endpoint nothing listens on: a request that got through would fail differently (ECONNREFUSED).
    const client = withFaultInjection(
      new DynamoDBClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'x', secretAccessKey: 'y' }, maxAttempts: 1 }),
      'dynamodb',
    );
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const command =
        i % 2
          ? new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } })
          : new TransactWriteItemsCommand({
              TransactItems: [{ ConditionCheck: { TableName: 't', Key: { pk: { S: 'a' } }, ConditionExpression: 'attribute_exists(pk)' } }],
            });
      const error = await client.send(command as GetItemCommand).then(
        () => null,
        (caught: unknown) => caught as Error & { code?: string },
      );
      expect(error).not.toBeNull();
      // 'timeout-after' sends the request first: here it meets the closed port, which is a network error.
      seen.add(
        error?.name === 'TransactionCanceledException'
          ? 'conflict'
          : error?.name === 'TimeoutError'
            ? 'timeout'
            : error?.code === 'ECONNREFUSED'
              ? 'sent'
              : (error?.name ?? ''),
      );
      expect(asRetryableFault(error)).toMatchObject({ status: expect.stringMatching(/^(unavailable|aborted)$/) });
    }
    expect(seen).toEqual(new Set(['conflict', 'timeout', 'sent', 'ProvisionedThroughputExceededException']));
  });

  it('forced faults hit the next requests of their service while faults are on, and every injected one is counted', async () => {
    // A stand-in DynamoDB that answers every request (an empty GetItem), so a request that is not
    // failed by the middleware succeeds, and a 'timeout-after' one fails after its answer came.
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/x-amz-json-1.0');
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      process.env.STAGE = 'local';
      process.env.FAULT_INJECTION_RATE = '0.000001';
      const client = withFaultInjection(
        new DynamoDBClient({
          region: 'us-east-1',
          endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
          maxAttempts: 1,
        }),
        'dynamodb',
      );
      const send = () =>
        client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } })).then(
          () => 'ok',
          (caught: unknown) => (caught as Error).message,
        );
      expect(await send()).toBe('ok');
      const before = injectedFaultCounts();
      forceFaults('dynamodb', 3);
      const answers = [await send(), await send(), await send()];
      expect(answers.every((answer) => answer.startsWith('Injected fault'))).toBe(true);
      expect(injectedFaultCounts()).toEqual({ ...before, dynamodb: before.dynamodb + 3 });
      // The forced ones are spent: the rate (almost never) decides again.
      expect(await send()).toBe('ok');
      // With faults off nothing is forced, however many were asked for.
      forceFaults('dynamodb', 2);
      process.env.FAULT_INJECTION_RATE = '0';
      expect(await send()).toBe('ok');
      expect(injectedFaultCounts()).toEqual({ ...before, dynamodb: before.dynamodb + 3 });
    } finally {
      forceFaults('dynamodb', 0);
      server.close();
    }
  });
});
