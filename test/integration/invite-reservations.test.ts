import { AdminAddUserToGroupCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { INVITE_MESSAGES } from '../../lambdas/contracts/joining.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { cognito, confirmSignUp, mailbox, proxiedFrom, signIn, signUpAsSpa, signUpTicketFor, uniqueEmail } from '../support/local-cloud-client.ts';
import { clientAddress, createMember, MEMBER_PASSWORD, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('../../lambdas/data/users.ts');
const { findReservation, reserveInvite } = await import('../../lambdas/data/invite-reservations.ts');
const { lapseReservations } = await import('../../lambdas/jobs/lapse-reservations.ts');

const AUSTIN = { city: 'Austin', state: 'Texas' };
const PASSWORD = 'newcomer horse 42';
const DAY_MS = 24 * 60 * 60 * 1000;

function inviter(label: string, overrides: Parameters<typeof createMember>[2] = {}) {
  return createMember(endpoints, label, { displayName: `${label} Inviter`, location: AUSTIN, ...overrides });
}

/** Step 1 and step 2 of the SPA, from one client address: the check (for its ticket), then Cognito's SignUp. */
async function signUpWithCode(inviteCode: string, ip = clientAddress(), displayName = 'Newcomer Nell') {
  const email = uniqueEmail('held');
  const answer = await signUpAsSpa(endpoints, { email, password: PASSWORD, displayName, inviteCode, headers: proxiedFrom(ip) });
  return { email, uid: answer.UserSub ?? '' };
}

/** Verification, sign-in and the record: an account that signed up and has not joined. */
async function verified(email: string): Promise<TestMember> {
  const [message] = await mailbox(endpoints, email);
  await confirmSignUp(endpoints, email, message?.code ?? '');
  const { accessToken } = await signIn(endpoints, email, PASSWORD);
  const record = await ok(endpoints, 'createUserRecord', { token: accessToken });
  return { uid: record.uid, email, accessToken, inviteCode: record.inviteSystem.inviteCode };
}

function myInvites(member: TestMember) {
  return ok(endpoints, 'getMyInvites', { token: member.accessToken });
}

async function cognitoAccountExists(username: string): Promise<boolean> {
  try {
    await cognito(endpoints).send(new AdminGetUserCommand({ UserPoolId: endpoints.cognito.userPoolId, Username: username }));
    return true;
  } catch {
    return false;
  }
}

describe('sign-up holds an invite', () => {
  it('15 parallel sign-ups on a code with 10 invites left admit at most 10; counters and reservations agree', { timeout: 60_000 }, async () => {
    const owner = await inviter('race');
    const results = await Promise.allSettled(Array.from({ length: 15 }, () => signUpWithCode(owner.inviteCode)));
    const admitted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(admitted).toHaveLength(10);
    for (const refusal of refused) expect((refusal.reason as Error).message).toContain(INVITE_MESSAGES.noInvitesLeft);
    const record = await getUser(owner.uid);
    expect(record?.inviteSystem).toMatchObject({ invitesRemaining: 10, invitesReserved: 10, invitesUsed: 0 });
    const invites = await myInvites(owner);
    expect(invites).toMatchObject({ pending: 10, invitesLeft: 0 });
    expect(invites.invitees.filter((invitee) => invitee.status === 'pending')).toHaveLength(10);
  });

  it('a household joins three in a row from one address, never refused, and the inviter sees each go from pending to joined', { timeout: 60_000 }, async () => {
    const owner = await inviter('household');
    const ip = clientAddress();
    for (const name of ['Ann', 'Bob', 'Cy']) {
      const { email } = await signUpWithCode(owner.inviteCode, ip, `${name} Household`);
      const newcomer = await verified(email);
      expect((await myInvites(owner)).invitees).toContainEqual(
        expect.objectContaining({ status: 'pending', uid: newcomer.uid, displayName: `${name} Household` }),
      );
      // The newcomer cannot take part before joining…
      const early = await call(endpoints, 'getFeed', { token: newcomer.accessToken });
      expectRefusal(early, 403, 'PERMISSION_DENIED');
      // …and joins at the profile save.
      const used = await call(endpoints, 'useInviteCode', { token: newcomer.accessToken, data: { inviteCode: owner.inviteCode, userLocation: AUSTIN } });
      expect(used).toMatchObject({ status: 200, body: { result: { invitedBy: owner.uid, inviteType: 'local' } } });
      expect((await call(endpoints, 'getFeed', { token: newcomer.accessToken })).status).toBe(200);
      expect((await myInvites(owner)).invitees).toContainEqual(expect.objectContaining({ status: 'joined', uid: newcomer.uid, inviteType: 'local' }));
    }
    expect((await getUser(owner.uid))?.inviteSystem).toMatchObject({ invitesRemaining: 7, invitesReserved: 0, invitesUsed: 3, localInvitesUsed: 3 });
  });

  it('admits no sign-up with the code of a member who has not joined', async () => {
    const unjoined = await inviter('unjoined-owner', { joined: false });
    await expect(signUpTicketFor(endpoints, unjoined.inviteCode)).rejects.toThrow(INVITE_MESSAGES.notJoinedInviter);
  });

  it('keeps the held invite when the kind is spent at the profile save, and refuses the save with the spec message', async () => {
    const owner = await inviter('kind-spent', { inviteSystem: { invitesRemaining: 5, invitesUsed: 5, localInvitesUsed: 5 } });
    const { email } = await signUpWithCode(owner.inviteCode);
    const newcomer = await verified(email);
    const used = await call(endpoints, 'useInviteCode', { token: newcomer.accessToken, data: { userLocation: AUSTIN } });
    expectRefusal(used, 429, 'RESOURCE_EXHAUSTED', INVITE_MESSAGES.localQuotaSpent);
    expect(await findReservation(newcomer.uid)).toMatchObject({ inviterUid: owner.uid });
    expect((await getUser(owner.uid))?.inviteSystem).toMatchObject({ invitesReserved: 1, localInvitesUsed: 5 });
  });
});

describe('a replaced code', () => {
  it('admits nobody from then on; the new code admits, and invites already held stand', async () => {
    const owner = await inviter('replace');
    const { email } = await signUpWithCode(owner.inviteCode);
    const oldTicket = await signUpTicketFor(endpoints, owner.inviteCode);
    const { inviteCode: newCode } = await ok(endpoints, 'replaceInviteCode', { token: owner.accessToken, data: { currentCode: owner.inviteCode } });
    expect(newCode).not.toBe(owner.inviteCode);
    // A double-click: the second answers the new code, replacing nothing.
    const again = await call(endpoints, 'replaceInviteCode', { token: owner.accessToken, data: { currentCode: owner.inviteCode } });
    expect(again).toMatchObject({ status: 200, body: { result: { inviteCode: newCode } } });

    const check = await call(endpoints, 'validateInviteCode', { data: { inviteCode: owner.inviteCode, userLocation: { city: 'Unknown', state: 'Unknown' } } });
    expectRefusal(check, 404, 'NOT_FOUND', INVITE_MESSAGES.codeReplaced);
    // A ticket taken before the replacement admits nobody either.
    const late = uniqueEmail('late');
    await expect(
      signUpAsSpa(endpoints, { email: late, password: PASSWORD, displayName: 'Late Larry', inviteCode: owner.inviteCode, signUpTicket: oldTicket }),
    ).rejects.toMatchObject({ message: `PreSignUp failed with error ${INVITE_MESSAGES.codeReplaced.replace(/\.$/, '')}.` });

    await expect(signUpWithCode(newCode)).resolves.toMatchObject({ email: expect.any(String) });
    // The newcomer who signed up with the old code still joins with it.
    const newcomer = await verified(email);
    const used = await call(endpoints, 'useInviteCode', { token: newcomer.accessToken, data: { inviteCode: owner.inviteCode, userLocation: AUSTIN } });
    expect(used).toMatchObject({ status: 200, body: { result: { invitedBy: owner.uid } } });
    expect((await getUser(owner.uid))?.inviteSystem).toMatchObject({ inviteCode: newCode, invitesReserved: 1, invitesUsed: 1 });
  });
});

describe('held invites lapse', () => {
  it('after 7 days: the unjoined account (Cognito user, record) is deleted and the invite comes back', { timeout: 60_000 }, async () => {
    const owner = await inviter('lapse');
    const { email } = await signUpWithCode(owner.inviteCode);
    const newcomer = await verified(email);
    const joined = await signUpWithCode(owner.inviteCode);
    const joiner = await verified(joined.email);
    await call(endpoints, 'useInviteCode', { token: joiner.accessToken, data: { userLocation: AUSTIN } });
    expect((await getUser(owner.uid))?.inviteSystem).toMatchObject({ invitesReserved: 1, invitesUsed: 1 });

    const mine = (reservation: { inviterUid: string }) => reservation.inviterUid === owner.uid;
    expect(await lapseReservations(new Date(Date.now() + 6 * DAY_MS), { select: mine })).toMatchObject({ lapsed: 0 });
    expect(await lapseReservations(new Date(Date.now() + 8 * DAY_MS), { select: mine })).toEqual({ lapsed: 1, reclaimed: 0, failed: 0 });
    expect(await getUser(newcomer.uid)).toBeNull();
    expect(await findReservation(newcomer.uid)).toBeNull();
    expect(await cognitoAccountExists(newcomer.uid)).toBe(false);
    // The member who joined is untouched; the owner has 9 invites to give again.
    expect(await getUser(joiner.uid)).not.toBeNull();
    expect(await myInvites(owner)).toMatchObject({ pending: 0, invitesLeft: 9 });
  });

  it('gives back an invite whose Cognito sign-up never happened after PreSignUp admitted it', async () => {
    const owner = await inviter('reclaim');
    const ghost = `ghost-${owner.uid}`;
    const admittedAt = new Date(Date.now() - 20 * 60 * 1000);
    expect(
      await reserveInvite({
        username: ghost,
        inviterUid: owner.uid,
        code: owner.inviteCode,
        displayName: 'Ghost',
        email: 'ghost@example.com',
        now: admittedAt,
      }),
    ).toBe(true);
    const mine = (reservation: { inviterUid: string }) => reservation.inviterUid === owner.uid;
    expect(await lapseReservations(new Date(), { select: mine })).toEqual({ lapsed: 0, reclaimed: 1, failed: 0 });
    expect(await findReservation(ghost)).toBeNull();
    expect((await getUser(owner.uid))?.inviteSystem.invitesReserved).toBe(0);
  });
});

describe('the tree knows who is on the way in', () => {
  it('shows pending accounts in the invite tree, and removing the inviter removes them', { timeout: 60_000 }, async () => {
    const owner = await inviter('tree-root');
    const admin = await createMember(endpoints, 'tree-admin', { extra: { isAdmin: true } });
    await cognito(endpoints).send(new AdminAddUserToGroupCommand({ UserPoolId: endpoints.cognito.userPoolId, Username: admin.email, GroupName: 'admin' }));
    const { accessToken: adminToken } = await signIn(endpoints, admin.email, MEMBER_PASSWORD);
    const unverified = await signUpWithCode(owner.inviteCode);
    const withRecord = await verified((await signUpWithCode(owner.inviteCode)).email);

    const { tree, totalUsers } = await ok(endpoints, 'getUserInviteTree', { token: adminToken, data: { userId: owner.uid } });
    expect(totalUsers).toBe(3);
    const children = tree.invitedUsers;
    expect(children.map((child) => child.id).sort()).toEqual([unverified.uid, withRecord.uid].sort());
    expect(children.every((child) => child.pending === true)).toBe(true);

    const removed = await call(endpoints, 'removeUserAndInviteTree', { token: adminToken, data: { userId: owner.uid, reason: 'spam ring' } });
    expect(removed).toMatchObject({ status: 200, body: { result: { totalRemoved: 3, complete: true } } });
    for (const uid of [unverified.uid, withRecord.uid]) {
      expect(await cognitoAccountExists(uid)).toBe(false);
      expect(await findReservation(uid)).toBeNull();
      expect(await getUser(uid)).toBeNull();
    }
  });
});
