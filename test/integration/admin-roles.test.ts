import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_MESSAGES, type AuditEntryView } from '../../lambdas/contracts/admin.ts';
import { invokeHandler } from '../support/invoke-handler.ts';
import { call, callRaw, expectRefusal, ok } from '../support/callable-client.ts';
import { signIn } from '../support/local-cloud-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { decodeJwtPayload } from '../support/local-cloud-tokens.ts';
import { ensureTable } from '../../local/dynamodb-local.ts';

/**
 * grantAdmin and revokeAdmin: admins only, audited, the founder stays, the last admin stays (also
 * when two admins revoke each other at once), the target must be a joined member, and a revocation
 * takes effect on the next call, whatever token the revoked admin still holds.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { dynamo } = await import('#data/table');
const { keys } = await import('#data/table');

let founderToken: string;

beforeAll(async () => {
  founderToken = (await signIn(endpoints, founder.email, founder.password)).accessToken;
});

function member(label: string, extra: Parameters<typeof createMember>[2] = {}): Promise<TestMember> {
  return createMember(endpoints, label, { displayName: `${label} ${Date.now().toString(36)}`, ...extra });
}

/** The groups a fresh token of the member carries (cognito-local's AdminListGroupsForUser does not answer them). */
async function groupsOf(email: string): Promise<unknown> {
  return decodeJwtPayload((await signIn(endpoints, email, MEMBER_PASSWORD)).accessToken)['cognito:groups'] ?? [];
}

async function recordOf(uid: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: keys.user(uid), ConsistentRead: true }));
  return Item;
}

async function auditAbout(uid: string): Promise<AuditEntryView[]> {
  const { entries } = await ok(endpoints, 'listAuditLog', { token: founderToken });
  return entries.filter((entry) => entry.targetId === uid);
}

async function freshToken(target: TestMember): Promise<string> {
  return (await signIn(endpoints, target.email, MEMBER_PASSWORD)).accessToken;
}

describe('grantAdmin', () => {
  it('makes a joined member an admin: record, Cognito group, audit entry; a repeat is a success that writes nothing', async () => {
    const target = await member('grantee');
    const granted = await ok(endpoints, 'grantAdmin', { token: founderToken, data: { userId: target.uid, reason: '  Runs the local chapter  ' } });
    expect(granted.changed).toBe(true);
    expect(granted.member).toMatchObject({ uid: target.uid, isAdmin: true });
    expect(granted.auditEntry).toMatchObject({ action: 'grantAdmin', actorId: founder.userId, targetId: target.uid, reason: 'Runs the local chapter' });
    const record = await recordOf(target.uid);
    expect(record?.isAdmin).toBe(true);
    expect(record?.adminSince).toBe(granted.auditEntry?.at);
    expect(await groupsOf(target.email)).toEqual(['admin']);

    // A double click: success, nothing written, no second entry.
    const again = await ok(endpoints, 'grantAdmin', { token: founderToken, data: { userId: target.uid, reason: 'again' } });
    expect(again).toMatchObject({ changed: false, auditEntry: null, member: { isAdmin: true } });
    expect((await auditAbout(target.uid)).map((entry) => entry.action)).toEqual(['grantAdmin']);

    // The new admin's next token carries the group and opens the admin callables.
    const token = await freshToken(target);
    expect(decodeJwtPayload(token)['cognito:groups']).toEqual(['admin']);
    const overview = await ok(endpoints, 'getAdminOverview', { token });
    const listed = overview.admins.find((admin) => admin.uid === target.uid);
    expect(listed).toMatchObject({ isFounder: false, adminSince: granted.auditEntry?.at });
    expect(overview.admins.find((admin) => admin.uid === founder.userId)).toMatchObject({ isFounder: true });
  });

  it('two grants at once: one audit entry, both answer success', async () => {
    const target = await member('contested');
    const answers = await Promise.all(
      [1, 2, 3].map((n) => ok(endpoints, 'grantAdmin', { token: founderToken, data: { userId: target.uid, reason: `Click ${n}` } })),
    );
    expect(answers.filter((answer) => answer.changed)).toHaveLength(1);
    expect(await auditAbout(target.uid)).toHaveLength(1);
  });

  it('refuses a member who has not joined, one being removed, and one who does not exist; nothing is written', async () => {
    const unjoined = await member('unjoined', { joined: false });
    expectRefusal(
      await call(endpoints, 'grantAdmin', { token: founderToken, data: { userId: unjoined.uid, reason: 'Too early' } }),
      403,
      'PERMISSION_DENIED',
      ADMIN_MESSAGES.notJoinedForAdmin,
    );
    const leaving = await member('leaving');
    await dynamo().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.user(leaving.uid),
        UpdateExpression: 'SET removalPending = :root',
        ExpressionAttributeValues: { ':root': 'someone' },
      }),
    );
    expectRefusal(
      await call(endpoints, 'grantAdmin', { token: founderToken, data: { userId: leaving.uid, reason: 'Too late' } }),
      404,
      'NOT_FOUND',
      'User not found',
    );
    expectRefusal(
      await call(endpoints, 'grantAdmin', { token: founderToken, data: { userId: randomUUID(), reason: 'Nobody' } }),
      404,
      'NOT_FOUND',
      'User not found',
    );
    for (const target of [unjoined, leaving]) {
      expect((await recordOf(target.uid))?.isAdmin).toBe(false);
      expect(await groupsOf(target.email)).toEqual([]);
      expect(await auditAbout(target.uid)).toEqual([]);
    }
  });

  it('needs a reason, and refuses extra fields, with a clear sentence', async () => {
    const target = await member('reasonless');
    expectRefusal(
      await call(endpoints, 'grantAdmin', { token: founderToken, data: { userId: target.uid, reason: '   ' } }),
      400,
      'INVALID_ARGUMENT',
      /Please provide a reason/,
    );
    expectRefusal(
      await callRaw(endpoints, 'grantAdmin', { token: founderToken, data: { userId: target.uid, reason: 'x'.repeat(501) } }),
      400,
      'INVALID_ARGUMENT',
    );
    expectRefusal(
      await callRaw(endpoints, 'grantAdmin', { token: founderToken, data: { userId: target.uid, reason: 'ok', isAdmin: true } }),
      400,
      'INVALID_ARGUMENT',
    );
    expect((await recordOf(target.uid))?.isAdmin).toBe(false);
  });

  it('refuses a member and a superuser (403), and grants nothing', async () => {
    const [caller, superuser, target] = await Promise.all([member('plain'), member('super', { isSuperuser: true }), member('wished')]);
    for (const token of [caller.accessToken, superuser.accessToken]) {
      expectRefusal(
        await call(endpoints, 'grantAdmin', { token, data: { userId: target.uid, reason: 'Me too' } }),
        403,
        'PERMISSION_DENIED',
        ADMIN_MESSAGES.accessDenied,
      );
      expectRefusal(
        await call(endpoints, 'revokeAdmin', { token, data: { userId: founder.userId, reason: 'Coup' } }),
        403,
        'PERMISSION_DENIED',
        ADMIN_MESSAGES.accessDenied,
      );
    }
    expect((await recordOf(target.uid))?.isAdmin).toBe(false);
  });
});

describe('revokeAdmin', () => {
  it('takes the role back at once: the revoked admin is refused admin callables with the token they still hold', async () => {
    const target = await member('revokee');
    await ok(endpoints, 'grantAdmin', { token: founderToken, data: { userId: target.uid, reason: 'Trusted' } });
    const adminToken = await freshToken(target);
    await ok(endpoints, 'listAuditLog', { token: adminToken });

    const revoked = await ok(endpoints, 'revokeAdmin', { token: founderToken, data: { userId: target.uid, reason: 'Stepped down' } });
    expect(revoked).toMatchObject({ changed: true, member: { isAdmin: false }, auditEntry: { action: 'revokeAdmin', reason: 'Stepped down' } });
    const record = await recordOf(target.uid);
    expect(record?.isAdmin).toBe(false);
    expect(record).not.toHaveProperty('adminSince');
    expect(await groupsOf(target.email)).toEqual([]);

    // The old token still says admin; the record does not.
    expect(decodeJwtPayload(adminToken)['cognito:groups']).toEqual(['admin']);
    for (const name of ['listAuditLog', 'getAdminOverview'] as const) {
      expectRefusal(await call(endpoints, name, { token: adminToken }), 403, 'PERMISSION_DENIED', ADMIN_MESSAGES.accessDenied);
    }
    expectRefusal(
      await call(endpoints, 'grantAdmin', { token: adminToken, data: { userId: target.uid, reason: 'Back again' } }),
      403,
      'PERMISSION_DENIED',
      ADMIN_MESSAGES.accessDenied,
    );
    // Still a member: member callables answer.
    await ok(endpoints, 'getMe', { token: adminToken });

    // A repeat (or a revocation of a member who never was one) is a success that writes nothing.
    expect(await ok(endpoints, 'revokeAdmin', { token: founderToken, data: { userId: target.uid, reason: 'again' } })).toMatchObject({
      changed: false,
      auditEntry: null,
    });
    expect((await auditAbout(target.uid)).map((entry) => entry.action)).toEqual(['revokeAdmin', 'grantAdmin']);
    expect((await ok(endpoints, 'getAdminOverview', { token: founderToken })).admins.map((admin) => admin.uid)).not.toContain(target.uid);
  });

  it('refuses to revoke the founder, by anyone, and logs nothing', async () => {
    const other = await member('other-admin');
    await ok(endpoints, 'grantAdmin', { token: founderToken, data: { userId: other.uid, reason: 'Helps' } });
    const otherToken = await freshToken(other);
    for (const token of [otherToken, founderToken]) {
      expectRefusal(
        await call(endpoints, 'revokeAdmin', { token, data: { userId: founder.userId, reason: 'Coup' } }),
        403,
        'PERMISSION_DENIED',
        ADMIN_MESSAGES.founderStaysAdmin,
      );
    }
    expect((await recordOf(founder.userId))?.isAdmin).toBe(true);
    expect((await auditAbout(founder.userId)).filter((entry) => entry.action === 'revokeAdmin')).toEqual([]);
  });

  it('an admin may step down while another admin remains', async () => {
    const leaver = await member('leaver');
    await ok(endpoints, 'grantAdmin', { token: founderToken, data: { userId: leaver.uid, reason: 'Helps' } });
    const token = await freshToken(leaver);
    expect(await ok(endpoints, 'revokeAdmin', { token, data: { userId: leaver.uid, reason: 'Stepping down' } })).toMatchObject({ changed: true });
    expectRefusal(await call(endpoints, 'listAuditLog', { token }), 403, 'PERMISSION_DENIED');
  });
});

describe("the founder's superuser status", () => {
  // Should a refusal ever fail, the shared founder is put back (markFounder is what `npm run founder` does), so later files are unaffected.
  afterAll(async () => {
    const { markFounder } = await import('#data/members');
    await markFounder(founder.userId);
  });

  it('refuses revoking and granting it, by another admin or the founder, writing and logging nothing; other members change as before', async () => {
    const [other, helper] = await Promise.all([member('su-admin'), member('su-helper')]);
    await ok(endpoints, 'grantAdmin', { token: founderToken, data: { userId: other.uid, reason: 'Helps' } });
    const otherToken = await freshToken(other);
    for (const token of [otherToken, founderToken]) {
      for (const name of ['revokeSuperuserStatus', 'grantSuperuserStatus'] as const) {
        expectRefusal(
          await call(endpoints, name, { token, data: { userId: founder.userId, reason: 'Coup' } }),
          403,
          'PERMISSION_DENIED',
          ADMIN_MESSAGES.founderStaysSuperuser,
        );
      }
    }
    expect(await recordOf(founder.userId)).toMatchObject({ isFounder: true, isAdmin: true, isSuperuser: true });
    expect((await auditAbout(founder.userId)).filter((entry) => entry.action.endsWith('Superuser'))).toEqual([]);

    // Honest use: the same admin grants and revokes another member as before.
    for (const name of ['grantSuperuserStatus', 'revokeSuperuserStatus'] as const) {
      expect(await ok(endpoints, name, { token: otherToken, data: { userId: helper.uid, reason: 'Runs the meetups' } })).toMatchObject({ changed: true });
    }
    expect((await auditAbout(helper.uid)).map((entry) => entry.action)).toEqual(['revokeSuperuser', 'grantSuperuser']);
  });
});

describe('on a table of its own, where the founder is not an admin', () => {
  const sharedTable = endpoints.dynamodb.tableName;
  const ownTable = `admin-roles-${randomUUID().slice(0, 8)}`;
  let ada: TestMember;
  let ben: TestMember;
  let claimsOf: (target: TestMember) => Record<string, unknown>;

  beforeAll(async () => {
    await ensureTable(endpoints.dynamodb.endpoint, ownTable);
    process.env.TABLE_NAME = ownTable;
    [ada, ben] = await Promise.all([member('ada'), member('ben')]);
    const adminClaims = decodeJwtPayload(founderToken);
    claimsOf = (target) => ({ ...adminClaims, sub: target.uid, username: target.email });
  });

  afterAll(() => {
    process.env.TABLE_NAME = sharedTable;
  });

  async function setAdmin(target: TestMember, isAdmin: boolean): Promise<void> {
    await dynamo().send(
      new UpdateCommand({
        TableName: ownTable,
        Key: keys.user(target.uid),
        UpdateExpression: 'SET isAdmin = :value',
        ExpressionAttributeValues: { ':value': isAdmin },
      }),
    );
  }

  it('refuses to revoke the last admin, also when they revoke themself', async () => {
    await setAdmin(ada, true);
    await setAdmin(ben, false);
    const answer = await invokeHandler('revokeAdmin', claimsOf(ada), { userId: ada.uid, reason: 'Leaving' });
    expectRefusal(answer, 409, 'ABORTED', ADMIN_MESSAGES.lastAdmin);
    expect((await recordOf(ada.uid))?.isAdmin).toBe(true);
  });

  it('two admins revoking each other at once never leave none: at most one revocation goes through, ten times over', async () => {
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([setAdmin(ada, true), setAdmin(ben, true)]);
      const [first, second] = await Promise.all([
        invokeHandler('revokeAdmin', claimsOf(ada), { userId: ben.uid, reason: `Round ${round}` }),
        invokeHandler('revokeAdmin', claimsOf(ben), { userId: ada.uid, reason: `Round ${round}` }),
      ]);
      const statuses = [first.status, second.status];
      expect(statuses.filter((status) => status === 200).length, `round ${round}: ${JSON.stringify([first.body, second.body])}`).toBeLessThanOrEqual(1);
      const admins = [(await recordOf(ada.uid))?.isAdmin, (await recordOf(ben.uid))?.isAdmin].filter((flag) => flag === true);
      expect(admins.length, `round ${round}`).toBeGreaterThanOrEqual(1);
      // The loser is answered 409 when both calls were past the admin check (the transaction's
      // condition), or 403 when the winner's revocation landed before the loser's call was checked:
      // no longer an admin (the case below). Either way the loser writes nothing.
      for (const [answer, other] of [
        [first, second],
        [second, first],
      ] as const) {
        if (answer.status === 403) {
          expectRefusal(answer, 403, 'PERMISSION_DENIED', ADMIN_MESSAGES.accessDenied);
          expect(other.status, `round ${round}`).toBe(200);
        } else if (answer.status !== 200) expect(answer.status, `round ${round}`).toBe(409);
      }
    }
  });

  it('an admin whose role was revoked a moment ago is refused as a member (403) and cannot revoke back', async () => {
    await Promise.all([setAdmin(ada, true), setAdmin(ben, true)]);
    expect((await invokeHandler('revokeAdmin', claimsOf(ada), { userId: ben.uid, reason: 'First' })).status).toBe(200);
    // Ben's token still says admin; his record, which every admin call reads, no longer does.
    const answer = await invokeHandler('revokeAdmin', claimsOf(ben), { userId: ada.uid, reason: 'Back at you' });
    expectRefusal(answer, 403, 'PERMISSION_DENIED', ADMIN_MESSAGES.accessDenied);
    expect([(await recordOf(ada.uid))?.isAdmin, (await recordOf(ben.uid))?.isAdmin]).toEqual([true, false]);
  });
});
