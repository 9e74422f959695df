import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../lambdas/contracts/admin.ts';
import { invokeHandler } from '../support/invoke-handler.ts';
import { call } from '../support/callable-client.ts';
import { signIn } from '../support/local-cloud-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { decodeJwtPayload } from '../support/local-cloud-tokens.ts';

/**
 * Make Me Admin on a deployed dev stage: only members whose verified Cognito email is on the
 * stage's devAdminEmails list (DEV_ADMIN_EMAILS, set by CDK on setAdminClaim alone) may make
 * themselves admin; an empty or missing list lets nobody. The handler runs in this process, as its
 * Lambda would on AWS (STAGE=dev and the list in its environment), against the local cloud's
 * Cognito and table; the local cloud itself stays open ('*', set by local/cloud.ts only).
 */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');

const VERIFIED = { email_verified: 'true' };
const AUSTIN = { city: 'Austin', state: 'Texas' };
const saved = { STAGE: process.env.STAGE, DEV_ADMIN_EMAILS: process.env.DEV_ADMIN_EMAILS };

function deployedDev(list: string | undefined): void {
  process.env.STAGE = 'dev';
  if (list === undefined) delete process.env.DEV_ADMIN_EMAILS;
  else process.env.DEV_ADMIN_EMAILS = list;
}

afterEach(() => {
  if (saved.STAGE === undefined) delete process.env.STAGE;
  else process.env.STAGE = saved.STAGE;
  if (saved.DEV_ADMIN_EMAILS === undefined) delete process.env.DEV_ADMIN_EMAILS;
  else process.env.DEV_ADMIN_EMAILS = saved.DEV_ADMIN_EMAILS;
});

function makeMeAdmin(member: TestMember) {
  return invokeHandler('setAdminClaim', decodeJwtPayload(member.accessToken), { userId: member.uid });
}

async function groupsOf(member: TestMember): Promise<unknown> {
  return decodeJwtPayload((await signIn(endpoints, member.email, MEMBER_PASSWORD)).accessToken)['cognito:groups'];
}

function expectNotListed(answer: { status: number; body: unknown }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(403);
  expect(answer.body).toEqual({
    error: { status: 'PERMISSION_DENIED', message: ADMIN_MESSAGES.notOnDevAdminList, details: { correlationId: expect.any(String) } },
  });
}

async function expectUnchanged(member: TestMember) {
  expect((await getUser(member.uid))?.isAdmin).toBe(false);
  expect(await groupsOf(member)).toBeUndefined();
}

describe('setAdminClaim on a deployed dev stage (DEV_ADMIN_EMAILS)', () => {
  let listed: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    [listed, other] = await Promise.all([
      createMember(endpoints, 'dev-admin-listed', { attributes: VERIFIED }),
      createMember(endpoints, 'dev-admin-other', { attributes: VERIFIED }),
    ]);
  });

  it('refuses a member whose email is not on the list (403, a clear sentence) and changes nothing', async () => {
    deployedDev(`someone@example.com,${listed.email}`);
    expectNotListed(await makeMeAdmin(other));
    await expectUnchanged(other);
  });

  it("trusts Cognito's verified email, not the member record's", async () => {
    const impostor = await createMember(endpoints, 'dev-admin-impostor', { attributes: VERIFIED, extra: { email: listed.email } });
    deployedDev(listed.email);
    expectNotListed(await makeMeAdmin(impostor));
    await expectUnchanged(impostor);
  });

  it('refuses a listed email that Cognito has not verified', async () => {
    const unverified = await createMember(endpoints, 'dev-admin-unverified');
    deployedDev(unverified.email);
    expectNotListed(await makeMeAdmin(unverified));
    await expectUnchanged(unverified);
  });

  it.each([
    ['an empty list', ''],
    ['no list at all', undefined],
    ["'*' (anyone), which only the local cloud honours", '*'],
  ])('lets nobody in with %s (fails closed)', async (_, list) => {
    deployedDev(list);
    expectNotListed(await makeMeAdmin(listed));
    await expectUnchanged(listed);
  });

  it('lets the listed member make themself admin (any case, among others on the list)', async () => {
    deployedDev(` Someone@Example.com , ${listed.email.toUpperCase()} `);
    const answer = await makeMeAdmin(listed);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ result: { userId: listed.uid, isAdmin: true } });
    expect((await getUser(listed.uid))?.isAdmin).toBe(true);
    expect(await groupsOf(listed)).toEqual(['admin']);
  });

  it('the own-uid rule still comes first for a listed member', async () => {
    deployedDev(other.email);
    const answer = await invokeHandler('setAdminClaim', decodeJwtPayload(other.accessToken), { userId: listed.uid });
    expect(answer).toMatchObject({ status: 403, body: { error: { message: ADMIN_MESSAGES.ownAdminClaimOnly } } });
  });
});

describe('the other dev tools on a deployed dev stage obey the same list', () => {
  let listed: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    [listed, other] = await Promise.all([
      createMember(endpoints, 'dev-tools-listed', { attributes: VERIFIED, location: AUSTIN }),
      createMember(endpoints, 'dev-tools-other', { attributes: VERIFIED, location: AUSTIN }),
    ]);
  });

  it.each(['createDummyAnchors', 'calculateMetricsManually'] as const)(
    '%s refuses a member not on the list (403, a clear sentence) and makes nothing',
    async (name) => {
      deployedDev(listed.email);
      const answer = await invokeHandler(name, decodeJwtPayload(other.accessToken), {});
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      expect(answer.body).toEqual({
        error: { status: 'PERMISSION_DENIED', message: ADMIN_MESSAGES.notOnDevToolsList, details: { correlationId: expect.any(String) } },
      });
      expect((await getUser(other.uid))?.anchorCount).toBe(0);
    },
  );

  it('createDummyAnchors serves the listed member', async () => {
    deployedDev(listed.email.toUpperCase());
    const answer = await invokeHandler('createDummyAnchors', decodeJwtPayload(listed.accessToken), {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await getUser(listed.uid))?.anchorCount).toBe(10);
  });
});

describe('the local cloud keeps Make Me Admin open', () => {
  it('any member, verified or not and on no list, makes themself admin through the local gateway', async () => {
    const member = await createMember(endpoints, 'dev-admin-local');
    const answer = await call(endpoints, 'setAdminClaim', { token: member.accessToken, data: { userId: member.uid } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await groupsOf(member)).toEqual(['admin']);
  });
});
