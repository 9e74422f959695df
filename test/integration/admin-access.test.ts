import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../lambdas/contracts/admin.ts';
import { callableNames, callables } from '../../lambdas/contracts/callables.ts';
import type { WireStatus } from '../../lambdas/contracts/protocol.ts';
import { invokeHandler } from '../support/invoke-handler.ts';
import { call, callRaw, expectAuthorizerRefusal, expectRefusal } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { decodeJwtPayload } from '../support/local-cloud-tokens.ts';

/**
 * Every callable the registry marks 'admin' — whoever added it, whenever — refuses an anonymous
 * caller (401) and a signed-in member who is not in the admin group (403); both at the gateway (as
 * API Gateway + Lambda answer: the anonymous caller gets the JWT authorizer's own 401 body) and in
 * the handler itself, in the protocol's format (so the check does not depend on the authorizer).
 */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');

const adminNames = callableNames.filter((name) => callables[name].access === 'admin');

/** A refusal whose body is the error alone, its details the correlation id alone. */
function expectBareRefusal(answer: { status: number; body: unknown }, http: number, status: WireStatus, message?: string) {
  const error = expectRefusal(answer, http, status, message);
  expect(answer.body).toEqual({ error: { status: error.status, message: error.message, details: { correlationId: expect.any(String) } } });
}

describe('admin callables refuse everyone outside the admin group', () => {
  let member: TestMember;

  beforeAll(async () => {
    member = await createMember(endpoints, 'admin-access');
  });

  it('covers the admin callables this issue adds (and any added later, by iterating the registry)', () => {
    expect(adminNames).toEqual(expect.arrayContaining(['grantSuperuserStatus', 'revokeSuperuserStatus', 'getAdminOverview', 'searchMembers', 'listAuditLog']));
  });

  it.each(adminNames)('%s: anonymous 401, member 403, at the gateway', async (name) => {
    expectAuthorizerRefusal(await callRaw(endpoints, name, { data: { userId: member.uid, reason: 'test', query: 'a' } }));
    expectBareRefusal(
      await callRaw(endpoints, name, { token: member.accessToken, data: { userId: member.uid, reason: 'test', query: 'a' } }),
      403,
      'PERMISSION_DENIED',
      ADMIN_MESSAGES.accessDenied,
    );
  });

  it.each(adminNames)('%s: anonymous 401, member 403, in the handler itself', async (name) => {
    expectBareRefusal(await invokeHandler(name, null), 401, 'UNAUTHENTICATED');
    const claims = decodeJwtPayload(member.accessToken);
    expect(claims['cognito:groups']).toBeUndefined();
    expectBareRefusal(await invokeHandler(name, claims, { userId: member.uid, reason: 'test' }), 403, 'PERMISSION_DENIED', ADMIN_MESSAGES.accessDenied);
  });

  it("a member's refused grant changes nothing", async () => {
    await call(endpoints, 'grantSuperuserStatus', { token: member.accessToken, data: { userId: member.uid, reason: 'let me in' } });
    expect((await getUser(member.uid))?.isSuperuser).toBe(false);
  });

  it('setAdminClaim (dev-only) refuses an anonymous caller with 401', async () => {
    expect(callables.setAdminClaim.access).toBe('dev-only');
    expectAuthorizerRefusal(await call(endpoints, 'setAdminClaim', { data: { userId: member.uid } }));
    expectBareRefusal(await invokeHandler('setAdminClaim', null, { userId: member.uid }), 401, 'UNAUTHENTICATED');
  });
});
