import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import type * as MemberPresence from '#data/members';
import { newUserRecord } from '#domain/new-user';
import { AppError } from '#domain/app-error';
import { defineCallable } from '#http/define-callable';
import { logger } from '#http/logger';

// The protocol alone: budgets are counted in DynamoDB (test/integration/abuse-limits.test.ts covers them).
vi.mock('../../../lambdas/data/table/rate-limits.ts', () => ({ takeRateLimitedHit: () => Promise.resolve({ allowed: true }) }));
// Nor the caller's record (every callable that takes a member's token reads it for the session epoch,
// test/integration/authz-matrix.test.ts): a member who never signed out everywhere.
vi.mock('../../../lambdas/data/members/member-presence.ts', async (original) => ({
  ...(await original<typeof MemberPresence>()),
  callerStanding: () => Promise.resolve({ presence: 'member', isAdmin: false, suspendedUntil: null, sessionEpoch: null }),
}));

const member = { sub: 'u1', token_use: 'access', 'cognito:groups': '[]' };
const founder = newUserRecord({ uid: 'u1', email: 'a@example.com', displayName: 'Ada', inviteCode: 'ABCD2345', invitedBy: null, now: new Date() });

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A request as API Gateway hands it over: a POST with a JSON body, `{"data":{}}` unless told. */
function event(
  overrides: { body?: string | null; claims?: Record<string, string>; headers?: Record<string, string>; isBase64Encoded?: boolean; method?: string } = {},
) {
  return {
    version: '2.0',
    routeKey: 'POST /api/getMe',
    rawPath: '/api/getMe',
    headers: overrides.headers ?? JSON_HEADERS,
    body: overrides.body === null ? undefined : (overrides.body ?? '{"data":{}}'),
    isBase64Encoded: overrides.isBase64Encoded ?? false,
    requestContext: {
      requestId: 'request-id-1234',
      http: { method: overrides.method ?? 'POST', path: '/api/getMe', sourceIp: '203.0.113.1' },
      ...(overrides.claims ? { authorizer: { jwt: { claims: overrides.claims, scopes: [] } } } : {}),
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

function bodyOf(response: { body?: string }) {
  return JSON.parse(response.body ?? '') as { result?: unknown; error?: { status: string; message: string; details?: Record<string, unknown> } };
}

describe('the callable protocol', () => {
  it('answers {result} with only the fields the contract promises', async () => {
    const handler = defineCallable('getMe', async () => ({ ...founder, pk: 'USER#u1', secretNote: 'x' }));
    const response = await handler(event({ body: '{"data":{}}', claims: member }));
    expect(response.statusCode).toBe(200);
    const { result } = bodyOf(response);
    expect(result).toMatchObject({ uid: 'u1', displayName: 'Ada' });
    expect(result).not.toHaveProperty('pk');
    expect(result).not.toHaveProperty('secretNote');
  });

  it("accepts data null (a Firebase SDK's call without an argument) when the callable takes no payload", async () => {
    const handler = defineCallable('getMe', async () => founder);
    expect((await handler(event({ body: '{"data":null}', claims: member }))).statusCode).toBe(200);
  });

  it('accepts Content-Type application/json in any case and with parameters', async () => {
    const handler = defineCallable('getMe', async () => founder);
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8']) {
      expect((await handler(event({ claims: member, headers: { 'content-type': type } }))).statusCode, type).toBe(200);
    }
  });

  it('refuses anything but a POST with Content-Type application/json and a body of exactly {data} as 400 INVALID_ARGUMENT', async () => {
    const implementation = vi.fn(async () => founder);
    const handler = defineCallable('getMe', implementation);
    const refused: [string, Parameters<typeof event>[0]][] = [
      ['no body', { body: null }],
      ['an empty body', { body: '' }],
      ['an object without data', { body: '{}' }],
      ['data beside another field', { body: '{"data":{},"extra":1}' }],
      ['another field alone', { body: '{"result":{}}' }],
      ['a prototype key beside data', { body: '{"data":{},"__proto__":{"isAdmin":true}}' }],
      ['JSON that is not an object', { body: 'null' }],
      ['no Content-Type', { headers: {} }],
      ['text/plain', { headers: { 'content-type': 'text/plain' } }],
      ['form data', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
      ['a JSON-like type', { headers: { 'content-type': 'application/json-patch+json' } }],
      ['GET', { method: 'GET' }],
      ['PUT', { method: 'PUT' }],
    ];
    for (const [what, overrides] of refused) {
      const response = await handler(event({ claims: member, ...overrides }));
      expect(response.statusCode, what).toBe(400);
      expect(bodyOf(response).error, what).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.any(String) });
    }
    expect(implementation).not.toHaveBeenCalled();
  });

  it('refuses a member callable without an access token as unauthenticated (401)', async () => {
    const implementation = vi.fn(async () => founder);
    const handler = defineCallable('getMe', implementation);
    for (const claims of [undefined, { sub: 'u1', token_use: 'id' }]) {
      const response = await handler(event({ body: '{"data":{}}', claims }));
      expect(response.statusCode).toBe(401);
      expect(bodyOf(response).error).toMatchObject({ status: 'UNAUTHENTICATED' });
    }
    expect(implementation).not.toHaveBeenCalled();
  });

  it('refuses bad bodies as INVALID_ARGUMENT (400) with the field at fault', async () => {
    const handler = defineCallable('getMe', async () => founder);
    const notJson = await handler(event({ body: '{data:', claims: member }));
    expect(notJson.statusCode).toBe(400);
    expect(bodyOf(notJson).error?.status).toBe('INVALID_ARGUMENT');

    const extra = await handler(event({ body: '{"data":{"isAdmin":true}}', claims: member }));
    expect(extra.statusCode).toBe(400);
    expect(bodyOf(extra).error?.message).toContain('isAdmin');

    const array = await handler(event({ body: '[1]', claims: member }));
    expect(array.statusCode).toBe(400);

    const huge = await handler(event({ body: JSON.stringify({ data: { x: 'a'.repeat(300_000) } }), claims: member }));
    expect(huge.statusCode).toBe(400);
  });

  it('decodes base64 bodies as API Gateway may send them', async () => {
    const handler = defineCallable('getMe', async () => founder);
    const body = Buffer.from('{"data":{}}').toString('base64');
    expect((await handler(event({ body, isBase64Encoded: true, claims: member }))).statusCode).toBe(200);
  });

  it("passes a domain error's status (by its canonical name) and message through", async () => {
    const handler = defineCallable('getMe', async () => {
      throw new AppError('not-found', 'User not found');
    });
    const response = await handler(event({ claims: member }));
    expect(response.statusCode).toBe(404);
    expect(bodyOf(response).error).toMatchObject({ status: 'NOT_FOUND', message: 'User not found' });
  });

  it('never leaks an internal cause, and carries the correlation id that the log carries', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = defineCallable('getMe', async () => {
      throw new Error('ConditionalCheckFailed on table secret-table-name');
    });
    const response = await handler(event({ claims: member }));
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret-table-name');
    const error = bodyOf(response).error;
    expect(error?.status).toBe('INTERNAL');
    expect(error?.details?.correlationId).toBe('request-id-1234');
    expect(response.headers?.['x-correlation-id']).toBe('request-id-1234');
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it("uses the client's correlation id when it is well formed, and ignores it otherwise", async () => {
    const handler = defineCallable('getMe', async () => founder);
    const good = await handler(event({ claims: member, headers: { ...JSON_HEADERS, 'x-correlation-id': 'client-abc-12345' } }));
    expect(good.headers?.['x-correlation-id']).toBe('client-abc-12345');
    const bad = await handler(event({ claims: member, headers: { ...JSON_HEADERS, 'x-correlation-id': '<script>' } }));
    expect(bad.headers?.['x-correlation-id']).toBe('request-id-1234');
  });

  it('sends Retry-After with a refusal that says when to try again', async () => {
    const handler = defineCallable('getMe', async () => {
      throw new AppError('resource-exhausted', 'Too many tries.', undefined, { retryAfterSeconds: 120.4 });
    });
    const response = await handler(event({ claims: member }));
    expect(response.statusCode).toBe(429);
    expect(response.headers?.['retry-after']).toBe('121');
    expect(bodyOf(response).error).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: 'Too many tries.' });
  });
});
