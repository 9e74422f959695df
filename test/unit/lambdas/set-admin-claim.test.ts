import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callables } from '#contracts/callables';
import { ADMIN_MESSAGES } from '#contracts/admin';
import { handler } from '#handlers/admin/set-admin-claim';

// No AWS here: the request budget (counted in DynamoDB) always has room.
vi.mock('../../../lambdas/data/table/rate-limits.ts', () => ({ takeRateLimitedHit: () => Promise.resolve({ allowed: true }) }));

// No AWS here: the caller is a member, not removed nor being removed (lambdas/http/member-presence.ts).
vi.mock('../../../lambdas/data/members/member-presence.ts', () => ({
  callerPresence: () => Promise.resolve('member'),
  callerStanding: () => Promise.resolve({ presence: 'member', isAdmin: false }),
}));

/** The refusals of Make Me Admin that happen before any AWS call. */

function event(userId: string) {
  return {
    version: '2.0',
    routeKey: 'POST /api/setAdminClaim',
    rawPath: '/api/setAdminClaim',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { userId } }),
    isBase64Encoded: false,
    requestContext: { requestId: 'request-id-5678', http: { method: 'POST' }, authorizer: { jwt: { claims: { sub: 'u1', token_use: 'access' }, scopes: [] } } },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

const stageBefore = process.env.STAGE;
afterEach(() => {
  process.env.STAGE = stageBefore;
});

describe('setAdminClaim', () => {
  it('is dev-only in the registry (so CDK leaves it out of prod)', () => {
    expect(callables.setAdminClaim.access).toBe('dev-only');
  });

  it("does not exist on prod: 501 even for the caller's own id", async () => {
    process.env.STAGE = 'prod';
    const response = await handler(event('u1'));
    expect(response.statusCode).toBe(501);
    expect(JSON.parse(response.body ?? '')).toMatchObject({ error: { status: 'UNIMPLEMENTED' } });
  });

  it("refuses another member's id with 403", async () => {
    process.env.STAGE = 'dev';
    const response = await handler(event('someone-else'));
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body ?? '')).toMatchObject({ error: { status: 'PERMISSION_DENIED', message: ADMIN_MESSAGES.ownAdminClaimOnly } });
  });
});
