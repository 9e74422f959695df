import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callableHandlers } from '../../lambdas/callable-handlers.ts';
import type { CallableName } from '../../lambdas/contracts/callables.ts';
import { DIRECT_CALL_REFUSED, ORIGIN_VERIFY_HEADER, requireCloudFrontOrigin } from '../../lambdas/http/client-address.ts';
import { apiGatewayEvent } from '../../local/api-gateway-event.ts';
import { callRaw } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { decodeJwtPayload } from '../support/local-cloud-tokens.ts';

/**
 * The API is reached only through CloudFront (lambdas/http/client-address.ts): a call without the
 * origin secret is refused before anything is read. The local gateway has no CloudFront in front
 * and its callables no secret, so there the check is off (the honest local path, checked last).
 * Here the callables run in this process, with ORIGIN_VERIFY_SECRET set as on AWS, against the
 * local cloud's table through a proxy that counts every DynamoDB request. Not run here: a real
 * execute-api endpoint and CloudFront adding the header (asserted in test/infra/web-hosting.test.ts).
 */

const LAMBDAS_DIR = new URL('../../lambdas/', import.meta.url).href;
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const SECRET = 'origin-secret-of-this-test-0123456789abcdef';
const saved = { secret: process.env.ORIGIN_VERIFY_SECRET, dynamodb: process.env.DYNAMODB_ENDPOINT };
let dynamoDbRequests = 0;
let proxy: http.Server;

beforeAll(async () => {
  const target = endpoints.dynamodb.endpoint;
  proxy = http.createServer((request, response) => {
    dynamoDbRequests += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<
        string,
        string
      >;
      void fetch(new URL(request.url ?? '/', target), { method: request.method, headers, body: Buffer.concat(chunks) }).then(async (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  process.env.ORIGIN_VERIFY_SECRET = SECRET;
});

afterAll(async () => {
  for (const [key, value] of [
    ['ORIGIN_VERIFY_SECRET', saved.secret],
    ['DYNAMODB_ENDPOINT', saved.dynamodb],
  ] as const) {
    if (value === undefined) Reflect.deleteProperty(process.env, key);
    else process.env[key] = value;
  }
  await new Promise((resolve) => proxy.close(resolve));
});

/** A callable's Lambda in this process, called as API Gateway would, with these headers. */
async function invoke(name: CallableName, claims: Record<string, unknown> | null, data: unknown, headers: Record<string, string> = {}) {
  const module = (await import(LAMBDAS_DIR + callableHandlers[name].entry)) as {
    handler: (event: unknown) => Promise<{ statusCode: number; body: string }>;
  };
  const request = {
    method: 'POST',
    url: `/api/${name}`,
    headers: { 'content-type': 'application/json', ...headers },
    socket: { remoteAddress: '127.0.0.1' },
  } as never;
  const event = apiGatewayEvent({
    request,
    requestId: `origin-${name}`,
    routeKey: `POST /api/${name}`,
    rawPath: `/api/${name}`,
    body: Buffer.from(JSON.stringify({ data })),
    claims: claims as never,
  });
  const result = await module.handler(event);
  return { status: result.statusCode, body: JSON.parse(result.body) as { error?: { status: string; message: string } } };
}

describe('the API only through CloudFront', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(endpoints, 'origin-check');
  });

  it.each([
    ['without the origin header', {}],
    ['with a wrong one', { [ORIGIN_VERIFY_HEADER]: 'guessed' }],
    ['with the secret cut short', { [ORIGIN_VERIFY_HEADER]: SECRET.slice(0, -1) }],
  ])('a direct call %s is refused with 403 and a sentence, and reads nothing', async (_, headers) => {
    const claims = decodeJwtPayload(member.accessToken);
    const before = dynamoDbRequests;
    const publicCall = await invoke('validateInviteCode', null, { inviteCode: 'ZZZZZZZZ', userLocation: { city: 'Austin', state: 'TX' } }, headers);
    const memberCall = await invoke('getMe', claims, {}, headers);
    for (const answer of [publicCall, memberCall]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toEqual({ status: 'PERMISSION_DENIED', message: DIRECT_CALL_REFUSED, details: expect.any(Object) });
    }
    expect(dynamoDbRequests - before).toBe(0);
  });

  it('the same calls with the origin secret CloudFront adds go on and read the table', async () => {
    const claims = decodeJwtPayload(member.accessToken);
    const before = dynamoDbRequests;
    const answer = await invoke('getMe', claims, {}, { [ORIGIN_VERIFY_HEADER]: SECRET });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const publicCall = await invoke(
      'validateInviteCode',
      null,
      { inviteCode: 'ZZZZZZZZ', userLocation: { city: 'Austin', state: 'TX' } },
      { [ORIGIN_VERIFY_HEADER]: SECRET },
    );
    expect(publicCall.status, JSON.stringify(publicCall.body)).toBe(404);
    expect(dynamoDbRequests - before).toBeGreaterThan(0);
  });

  it('costs microseconds a call: a constant-time compare of two SHA-256 digests, no I/O', () => {
    const event = { headers: { [ORIGIN_VERIFY_HEADER]: SECRET } };
    const rounds = 20_000;
    const started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i += 1) requireCloudFrontOrigin(event, SECRET);
    const microseconds = Number(process.hrtime.bigint() - started) / 1000 / rounds;
    console.info(`origin check: ${microseconds.toFixed(2)} µs a call (${rounds} calls)`);
    // Even on a loaded 2-core runner, far under a millisecond (Lambda bills by the millisecond).
    expect(microseconds).toBeLessThan(100);
  });

  it('the local gateway, with no CloudFront and no secret, keeps answering the honest local path', async () => {
    const answer = await callRaw(endpoints, 'validateInviteCode', { data: { inviteCode: 'ZZZZZZZZ', userLocation: { city: 'Austin', state: 'TX' } } });
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain(DIRECT_CALL_REFUSED);
  });
});
