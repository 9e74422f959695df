import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_MESSAGES, type AuditEntryView } from '../../lambdas/contracts/admin.ts';
import type { User } from '../../lambdas/contracts/user.ts';
import { generateInviteCode } from '../../lambdas/domain/invite-code.ts';
import { newUserRecord } from '../../lambdas/domain/new-user.ts';
import { ensureTable } from '../../local/dynamodb-local.ts';
import { invokeHandler } from '../support/invoke-handler.ts';
import { call, callRaw, expectRefusal, ok, resultOf } from '../support/callable-client.ts';
import { signIn, uniqueToken } from '../support/local-cloud-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { decodeJwtPayload } from '../support/local-cloud-tokens.ts';

const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { getUser, createUserWithInviteCode } = await import('#data/members');
const { forEachMember } = await import('#data/members');
const { dynamo } = await import('#data/table');
const { keys, postKeys, userIndexAttributes } = await import('#data/table');

let adminToken: string;

beforeAll(async () => {
  // The founding member is in the admin group (local/seed-founder.ts).
  adminToken = (await signIn(endpoints, founder.email, founder.password)).accessToken;
});

async function auditEntriesAbout(uid: string): Promise<AuditEntryView[]> {
  const { entries } = await ok(endpoints, 'listAuditLog', { token: adminToken });
  return entries.filter((entry) => entry.targetId === uid);
}

/** A member record without a Cognito account: what search and stats read. */
async function seedRecord(overrides: Partial<User> & { displayName: string; email: string }): Promise<User> {
  const base = newUserRecord({
    uid: `seed-${randomUUID()}`,
    email: overrides.email,
    displayName: overrides.displayName,
    inviteCode: generateInviteCode(),
    invitedBy: null,
    now: new Date(),
  });
  const user: User = { ...base, ...overrides, location: { ...base.location, ...overrides.location } };
  await createUserWithInviteCode(user);
  return user;
}

describe('grantSuperuserStatus and revokeSuperuserStatus', () => {
  let target: TestMember;

  beforeAll(async () => {
    target = await createMember(endpoints, 'superuser-target', { displayName: 'Grace Target' });
  });

  it('grants with a trimmed reason, logs who, what, whom, why and when, and refuses a repeat without a second entry', async () => {
    const before = Date.now();
    const granted = await ok(endpoints, 'grantSuperuserStatus', {
      token: adminToken,
      data: { userId: target.uid, reason: '  Organises the Austin chapter  ' },
    });
    expect(granted.changed).toBe(true);
    expect(granted.member).toMatchObject({ uid: target.uid, displayName: 'Grace Target', isSuperuser: true });
    expect(granted.auditEntry).toMatchObject({
      action: 'grantSuperuser',
      actorId: founder.userId,
      actorName: 'Founder',
      targetId: target.uid,
      targetName: 'Grace Target',
      reason: 'Organises the Austin chapter',
    });
    expect(Date.parse(granted.auditEntry?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect((await getUser(target.uid))?.isSuperuser).toBe(true);

    // A double click: the repeat is a success that changed nothing and logged nothing.
    const repeated = await ok(endpoints, 'grantSuperuserStatus', { token: adminToken, data: { userId: target.uid, reason: 'again' } });
    expect(repeated).toMatchObject({ member: { uid: target.uid, isSuperuser: true }, changed: false, auditEntry: null });
    const entries = await auditEntriesAbout(target.uid);
    expect(entries).toEqual([granted.auditEntry]);
  });

  it('revokes with a reason (logged newest first), and refuses revoking a member who is not a superuser', async () => {
    const revoked = await ok(endpoints, 'revokeSuperuserStatus', { token: adminToken, data: { userId: target.uid, reason: 'Stepped down' } });
    expect(revoked.member.isSuperuser).toBe(false);
    expect(revoked.auditEntry).toMatchObject({ action: 'revokeSuperuser', actorName: 'Founder', targetName: 'Grace Target', reason: 'Stepped down' });
    expect((await getUser(target.uid))?.isSuperuser).toBe(false);

    const repeated = await ok(endpoints, 'revokeSuperuserStatus', { token: adminToken, data: { userId: target.uid, reason: 'again' } });
    expect(repeated).toMatchObject({ member: { isSuperuser: false }, changed: false, auditEntry: null });
    const entries = await auditEntriesAbout(target.uid);
    expect(entries.map((entry) => entry.action)).toEqual(['revokeSuperuser', 'grantSuperuser']);
  });

  it('the whole audit log reads newest first, 50 at most', async () => {
    const { entries } = await ok(endpoints, 'listAuditLog', { token: adminToken });
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.length).toBeLessThanOrEqual(50);
    const ids = entries.map((entry) => entry.entryId);
    expect(ids).toEqual(ids.toSorted().reverse());
  });

  it('refuses a missing, empty or blank reason and an unknown user, writing nothing', async () => {
    const other = await createMember(endpoints, 'superuser-refusals');
    for (const reason of [undefined, '', '   ']) {
      const answer = await callRaw(endpoints, 'grantSuperuserStatus', { token: adminToken, data: { userId: other.uid, reason } });
      expectRefusal(answer, 400, 'INVALID_ARGUMENT');
    }
    expectRefusal(
      await call(endpoints, 'grantSuperuserStatus', { token: adminToken, data: { userId: other.uid, reason: '   ' } }),
      400,
      'INVALID_ARGUMENT',
      `Invalid request: reason: ${ADMIN_MESSAGES.reasonRequired}`,
    );
    expectRefusal(await callRaw(endpoints, 'revokeSuperuserStatus', { token: adminToken, data: { userId: other.uid } }), 400, 'INVALID_ARGUMENT');
    expectRefusal(
      await callRaw(endpoints, 'grantSuperuserStatus', { token: adminToken, data: { userId: other.uid, reason: 'ok', extra: true } }),
      400,
      'INVALID_ARGUMENT',
    );
    const unknown = `nobody-${randomUUID()}`;
    expectRefusal(
      await call(endpoints, 'grantSuperuserStatus', { token: adminToken, data: { userId: unknown, reason: 'Trusted' } }),
      404,
      'NOT_FOUND',
      ADMIN_MESSAGES.userNotFound,
    );
    expectRefusal(
      await call(endpoints, 'revokeSuperuserStatus', { token: adminToken, data: { userId: unknown, reason: 'Trusted' } }),
      404,
      'NOT_FOUND',
      ADMIN_MESSAGES.userNotFound,
    );
    expect((await getUser(other.uid))?.isSuperuser).toBe(false);
    expect(await auditEntriesAbout(other.uid)).toEqual([]);
    expect(await auditEntriesAbout(unknown)).toEqual([]);
  });

  it('five grants at once (clicks, admins): all succeed, one changes and logs, four change nothing', async () => {
    const contested = await createMember(endpoints, 'superuser-race');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        call(endpoints, 'grantSuperuserStatus', { token: adminToken, data: { userId: contested.uid, reason: `Click ${index}` } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => resultOf(answer).changed).toSorted()).toEqual([false, false, false, false, true]);
    expect(await auditEntriesAbout(contested.uid)).toHaveLength(1);
  });
});

describe('getAdminOverview', () => {
  it('lists a granted superuser and counts consistently (shared table)', async () => {
    const superuser = await seedRecord({ displayName: 'Overview Superuser', email: `${uniqueToken()}@example.com`, isSuperuser: true });
    const { stats, superusers } = await ok(endpoints, 'getAdminOverview', { token: adminToken });
    expect(superusers).toContainEqual(expect.objectContaining({ uid: superuser.uid, displayName: 'Overview Superuser', isSuperuser: true }));
    // The founder is a superuser too (local/seed-founder.ts).
    expect(superusers.map((member) => member.uid)).toContain(founder.userId);
    expect(stats.superusers).toBe(superusers.length);
    expect(stats.totalUsers).toBeGreaterThanOrEqual(superusers.length);
  });

  describe('on a table of its own, where every member is known', () => {
    const sharedTable = endpoints.dynamodb.tableName;
    const ownTable = `admin-overview-${randomUUID().slice(0, 8)}`;
    const seeded: User[] = [];

    beforeAll(async () => {
      await ensureTable(endpoints.dynamodb.endpoint, ownTable);
      process.env.TABLE_NAME = ownTable;
      seeded.push(
        await seedRecord({
          displayName: 'Ada Austin',
          email: 'ada@example.com',
          isSuperuser: true,
          // The caller: admin callables check the record too (a revoked admin's token still carries the group).
          isAdmin: true,
          location: { city: 'Austin', state: 'Texas', country: 'United States' },
          joinedAt: '2026-01-01T00:00:00.000Z',
          verificationLevel: 'verified',
          verifiedVia: 'admin',
        }),
        await seedRecord({
          displayName: 'ben austin',
          email: 'ben@example.com',
          location: { city: 'austin ', state: 'Texas', country: 'United States' },
          joinedAt: '2026-01-02T00:00:00.000Z',
        }),
        await seedRecord({
          displayName: 'Cleo Portland',
          email: 'cleo@example.com',
          location: { city: 'Portland', state: 'Oregon', country: 'United States' },
          joinedAt: '2026-01-03T00:00:00.000Z',
        }),
        await seedRecord({
          displayName: 'Abe Maine',
          email: 'abe@example.com',
          isSuperuser: true,
          location: { city: 'Portland', state: 'Maine', country: 'United States' },
        }),
        await seedRecord({ displayName: 'Nora Nowhere', email: 'nora@example.com' }),
      );
      // The older record variant (spec §3): no isSuperuser, isAdmin, photos.
      const older = {
        uid: 'older-variant',
        email: 'old@example.com',
        displayName: 'Old Variant',
        createdAt: '2020-01-01T00:00:00Z',
        lastActive: '2020-01-01T00:00:00Z',
      };
      await dynamo().send(
        new PutCommand({
          TableName: ownTable,
          Item: {
            ...keys.user(older.uid),
            ...userIndexAttributes(older),
            ...older,
            location: { city: 'Boise', state: 'Idaho', country: 'United States' },
            inviteSystem: { invitesRemaining: 10, inviteCode: 'OLDVAR01' },
          },
        }),
      );
      // Items that are not members: none of them may count.
      await dynamo().send(
        new PutCommand({ TableName: ownTable, Item: { ...postKeys.post('01POST'), authorId: seeded[0]?.uid, postKey: '01POST', content: 'hi' } }),
      );
      await dynamo().send(new PutCommand({ TableName: ownTable, Item: { ...keys.metrics('2031-01-01'), totalUsers: 99 } }));
      await dynamo().send(new PutCommand({ TableName: ownTable, Item: { ...keys.auditEntry('01AUDIT'), action: 'grantSuperuser' } }));
    });

    afterAll(() => {
      process.env.TABLE_NAME = sharedTable;
    });

    it('equals the seeded members: 6 users, 2 superusers, 4 cities (Austin once, Portland twice, Boise; no city: none), 1 verified in person, 2 joined not yet verified', async () => {
      // The caller must have a record in this table (lambdas/http/member-presence.ts): Ada, in the admin group.
      const claims = { ...decodeJwtPayload(adminToken), sub: seeded[0]?.uid };
      const { stats, superusers } = resultOf(await invokeHandler('getAdminOverview', claims), 'getAdminOverview');
      expect(stats).toEqual({ totalUsers: 6, superusers: 2, distinctCities: 4, verifiedInPerson: 1, notYetVerified: 2 });
      expect(superusers.map((member) => member.displayName)).toEqual(['Abe Maine', 'Ada Austin']);
      expect(superusers[0]).toEqual({
        uid: seeded[3]?.uid,
        displayName: 'Abe Maine',
        email: 'abe@example.com',
        location: { city: 'Portland', state: 'Maine', country: 'United States' },
        isSuperuser: true,
        isAdmin: false,
        verifiedInPerson: false,
      });
    });

    it('reads the records page by page (2 a page) and sees each once', async () => {
      const uids: string[] = [];
      await forEachMember((member) => uids.push(member.uid), 2);
      expect(uids.toSorted()).toEqual([...seeded.map((user) => user.uid), 'older-variant'].toSorted());
    });
  });
});

describe('searchMembers', () => {
  it('by name prefix: the first 20 of 22 in name order, case-insensitive, with email, location and roles', async () => {
    const token = uniqueToken();
    const made = [];
    for (let index = 22; index >= 1; index -= 1) {
      made.push(
        await seedRecord({
          displayName: `${token} Member ${String(index).padStart(2, '0')}`,
          email: `${uniqueToken()}@example.com`,
          isSuperuser: index === 3,
          location: { city: 'Austin', state: 'Texas', country: 'United States' },
        }),
      );
    }
    const { members } = await ok(endpoints, 'searchMembers', { token: adminToken, data: { query: token.toUpperCase() } });
    expect(members).toHaveLength(20);
    expect(members.map((member) => member.displayName)).toEqual(
      Array.from({ length: 20 }, (_, index) => `${token} Member ${String(index + 1).padStart(2, '0')}`),
    );
    const third = made.find((user) => user.displayName.endsWith('Member 03'));
    expect(members[2]).toEqual({
      uid: third?.uid,
      displayName: third?.displayName,
      email: third?.email,
      location: { city: 'Austin', state: 'Texas', country: 'United States' },
      isSuperuser: true,
      isAdmin: false,
      verifiedInPerson: false,
    });
  });

  it('by email prefix, in email order; name matches first, then email-only matches, each member once', async () => {
    const token = uniqueToken();
    const c = await seedRecord({ displayName: 'Email Only C', email: `${token}.c@example.com` });
    const a = await seedRecord({ displayName: 'Email Only A', email: `${token}.a@example.com` });
    const both = await seedRecord({ displayName: `${token} Both`, email: `${token}.b@example.com` });
    const byName = await seedRecord({ displayName: `${token} Name Only`, email: `${uniqueToken()}@example.com` });
    const { members } = await ok(endpoints, 'searchMembers', { token: adminToken, data: { query: `  ${token}  ` } });
    expect(members.map((member) => member.uid)).toEqual([both.uid, byName.uid, a.uid, c.uid]);

    const emailOnly = await ok(endpoints, 'searchMembers', { token: adminToken, data: { query: `${token}.A@EXAMPLE` } });
    expect(emailOnly.members.map((member) => member.uid)).toEqual([a.uid]);
  });

  it('refuses an empty query and finds nothing for an unknown prefix', async () => {
    expectRefusal(
      await call(endpoints, 'searchMembers', { token: adminToken, data: { query: '  ' } }),
      400,
      'INVALID_ARGUMENT',
      `Invalid request: query: ${ADMIN_MESSAGES.searchQueryRequired}`,
    );
    expect(await ok(endpoints, 'searchMembers', { token: adminToken, data: { query: uniqueToken() } })).toEqual({ members: [] });
  });
});

describe('setAdminClaim (dev-only)', () => {
  it('adds the caller to the admin group: a fresh token carries it and opens the admin callables; the record says isAdmin', async () => {
    const member = await createMember(endpoints, 'make-me-admin', { displayName: 'Mia Maker' });
    expect(decodeJwtPayload(member.accessToken)['cognito:groups']).toBeUndefined();
    expectRefusal(await call(endpoints, 'getAdminOverview', { token: member.accessToken }), 403, 'PERMISSION_DENIED');

    const answer = await call(endpoints, 'setAdminClaim', { token: member.accessToken, data: { userId: member.uid } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ result: { userId: member.uid, isAdmin: true } });
    expect((await getUser(member.uid))?.isAdmin).toBe(true);

    const fresh = await signIn(endpoints, member.email, MEMBER_PASSWORD);
    expect(decodeJwtPayload(fresh.accessToken)['cognito:groups']).toEqual(['admin']);
    expect((await call(endpoints, 'getAdminOverview', { token: fresh.accessToken })).status).toBe(200);
    expect(await auditEntriesAbout(member.uid)).toEqual([
      expect.objectContaining({ action: 'setAdminClaim', actorId: member.uid, actorName: 'Mia Maker', targetName: 'Mia Maker' }),
    ]);
  });

  it("refuses another member's uid (403) and changes nothing of theirs", async () => {
    const [caller, other] = await Promise.all([createMember(endpoints, 'claim-caller'), createMember(endpoints, 'claim-other')]);
    const answer = await call(endpoints, 'setAdminClaim', { token: caller.accessToken, data: { userId: other.uid } });
    expectRefusal(answer, 403, 'PERMISSION_DENIED', ADMIN_MESSAGES.ownAdminClaimOnly);
    expect((await getUser(other.uid))?.isAdmin).toBe(false);
    expect((await getUser(caller.uid))?.isAdmin).toBe(false);
    const fresh = await signIn(endpoints, other.email, MEMBER_PASSWORD);
    expect(decodeJwtPayload(fresh.accessToken)['cognito:groups']).toBeUndefined();
  });

  it('answers User not found (404) for an account without a record, before touching its groups', async () => {
    const account = await createMember(endpoints, 'claim-no-record', { record: false });
    const answer = await call(endpoints, 'setAdminClaim', { token: account.accessToken, data: { userId: account.uid } });
    expectRefusal(answer, 404, 'NOT_FOUND', ADMIN_MESSAGES.userNotFound);
    const fresh = await signIn(endpoints, account.email, MEMBER_PASSWORD);
    expect(decodeJwtPayload(fresh.accessToken)['cognito:groups']).toBeUndefined();
  });
});
