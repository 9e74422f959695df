import { AdminAddUserToGroupCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { INVITE_MESSAGES } from '../../lambdas/contracts/joining.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { cognito, confirmSignUp, mailbox, proxiedFrom, signIn, signUpAsSpa, signUpTicketFor, uniqueEmail } from '../support/local-cloud-client.ts';
import { clientAddress, createMember, MEMBER_PASSWORD, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');
const { findReservation, reserveInvite } = await import('#data/invites');
const { lapseReservations } = await import('../../lambdas/jobs/lapse-reservations.ts');
const { takeRateLimitedHit } = await import('#data/table');
const { SUPERUSER_SIGN_UPS, UNVERIFIED_HOLDS_PER_MEMBER } = await import('../../lambdas/domain/sign-up-limits.ts');

const AUSTIN = { city: 'Austin', state: 'Texas' };
const PASSWORD = 'newcomer horse 42';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How a refusal of PreSignUp reads at the client (Cognito adds the full stop). */
function preSignUpRefusal(message: string) {
  return { name: 'UserLambdaValidationException', message: `PreSignUp failed with error ${message.replace(/\.$/, '')}.` };
}

/** The held and unverified counts on the inviter's record (a raw read: the contract has no unverified count). */
async function heldCounts(uid: string) {
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamo, tableName } = await import('#data/table');
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${uid}`, sk: 'PROFILE' }, ConsistentRead: true }));
  const system = (Item?.inviteSystem ?? {}) as { invitesReserved?: number; invitesUnverified?: number };
  return { reserved: system.invitesReserved ?? 0, unverified: system.invitesUnverified ?? 0 };
}

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
  // At most 4 invites are held for unverified accounts, so the race for the last invites is run
  // with 3 left: every one of them can be held, and no more.
  it('15 parallel sign-ups on a code with 3 invites left admit exactly 3; counters and reservations agree', { timeout: 60_000 }, async () => {
    const owner = await inviter('race', { inviteSystem: { invitesRemaining: 3, invitesUsed: 7, localInvitesUsed: 4, distantInvitesUsed: 3 } });
    const results = await Promise.allSettled(Array.from({ length: 15 }, () => signUpWithCode(owner.inviteCode)));
    const admitted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(admitted).toHaveLength(3);
    for (const refusal of refused) expect((refusal.reason as Error).message).toContain(INVITE_MESSAGES.noInvitesLeft);
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 3, unverified: 3 });
    const invites = await myInvites(owner);
    expect(invites).toMatchObject({ pending: 3, invitesLeft: 0 });
    expect(invites.invitees.filter((invitee) => invitee.status === 'pending')).toHaveLength(3);
  });

  it('a leaked code cannot freeze the invites: 15 racing unverified sign-ups hold exactly 4, the rest are told why', { timeout: 60_000 }, async () => {
    const owner = await inviter('freeze');
    const results = await Promise.allSettled(Array.from({ length: 15 }, () => signUpWithCode(owner.inviteCode)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(UNVERIFIED_HOLDS_PER_MEMBER);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject(preSignUpRefusal(INVITE_MESSAGES.tooManyUnverified));
    }
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 4, unverified: 4 });
    // The owner still has 6 invites for people who verify, and replacing the code frees the 4 (below).
    expect(await myInvites(owner)).toMatchObject({ pending: 4, invitesLeft: 6 });
  });

  it('a household of four signs up from one address with one code within minutes: all four get in and join', { timeout: 120_000 }, async () => {
    const owner = await inviter('household');
    const ip = clientAddress();
    // All four sign up before anyone verifies (one address, one code, each with the ticket of its own check).
    const household = [];
    for (const name of ['Ann', 'Bob', 'Cy', 'Dee']) household.push({ name, ...(await signUpWithCode(owner.inviteCode, ip, `${name} Household`)) });
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 4, unverified: 4 });
    for (const { name, email } of household) {
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
    expect((await getUser(owner.uid))?.inviteSystem).toMatchObject({ invitesRemaining: 6, invitesReserved: 0, invitesUsed: 4, localInvitesUsed: 4 });
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 0, unverified: 0 });
  });

  it('a fifth unverified sign-up waits until one of the four verifies, then gets in', { timeout: 120_000 }, async () => {
    const owner = await inviter('fifth');
    const ip = clientAddress();
    const first = await signUpWithCode(owner.inviteCode, ip);
    for (let i = 0; i < 3; i++) await signUpWithCode(owner.inviteCode, ip);
    await expect(signUpWithCode(owner.inviteCode, ip)).rejects.toMatchObject(preSignUpRefusal(INVITE_MESSAGES.tooManyUnverified));
    // Verifying the email (PostConfirmation) moves the hold out of the unverified ones: 7 days from sign-up.
    const [message] = await mailbox(endpoints, first.email);
    await confirmSignUp(endpoints, first.email, message?.code ?? '');
    const confirmed = await findReservation(first.uid);
    expect(confirmed).toMatchObject({ unverified: false });
    expect(Date.parse(confirmed?.lapsesAt ?? '') - Date.parse(confirmed?.reservedAt ?? '')).toBe(7 * DAY_MS);
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 4, unverified: 3 });
    await expect(signUpWithCode(owner.inviteCode, ip)).resolves.toMatchObject({ email: expect.any(String) });
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 5, unverified: 4 });
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

describe('a sign-up ticket', () => {
  it('admits one sign-up: the same ticket replayed, in turn or racing, admits nobody else', { timeout: 60_000 }, async () => {
    const owner = await inviter('ticket-once');
    const ticket = await signUpTicketFor(endpoints, owner.inviteCode);
    const once = (label: string) =>
      signUpAsSpa(endpoints, { email: uniqueEmail(label), password: PASSWORD, displayName: 'Ticket Tess', inviteCode: owner.inviteCode, signUpTicket: ticket });
    await expect(once('first')).resolves.toMatchObject({ UserConfirmed: false });
    await expect(once('replayed')).rejects.toMatchObject(preSignUpRefusal(INVITE_MESSAGES.ticketNeeded));

    const racing = await signUpTicketFor(endpoints, owner.inviteCode);
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, (_, i) =>
        signUpAsSpa(endpoints, {
          email: uniqueEmail(`race-${i}`),
          password: PASSWORD,
          displayName: 'Ticket Tess',
          inviteCode: owner.inviteCode,
          signUpTicket: racing,
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 2, unverified: 2 });
  });

  it('admits a retried call for the same sign-up (Cognito may call a trigger again after a timeout) without holding twice', async () => {
    const owner = await inviter('ticket-retry');
    const ticket = { nonce: `retry${owner.uid.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 22).padEnd(22, 'x'), expiresAt: Math.floor(Date.now() / 1000) + 900 };
    const signUp = (username: string) =>
      reserveInvite({ username, inviterUid: owner.uid, code: owner.inviteCode, displayName: 'Retry Rita', email: 'rita@example.com', ticket, now: new Date() });
    const username = `retry-${owner.uid}`;
    expect(await signUp(username)).toBe('reserved');
    expect(await signUp(username)).toBe('reserved');
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 1, unverified: 1 });
    // Another sign-up with the same ticket is not a retry.
    expect(await signUp(`other-${owner.uid}`)).toBe('ticket-spent');
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 1, unverified: 1 });
  });
});

describe('a replaced code', () => {
  // The newcomer verifies before the replacement, since a replacement releases the holds of
  // accounts still unverified (the next test).
  it('admits nobody from then on; the new code admits, and invites held for verified accounts stand', async () => {
    const owner = await inviter('replace');
    const { email } = await signUpWithCode(owner.inviteCode);
    const [verification] = await mailbox(endpoints, email);
    await confirmSignUp(endpoints, email, verification?.code ?? '');
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
    // The newcomer who signed up (and verified) with the old code still joins with it.
    const { accessToken } = await signIn(endpoints, email, PASSWORD);
    const record = await ok(endpoints, 'createUserRecord', { token: accessToken });
    const newcomer = { uid: record.uid, accessToken };
    const used = await call(endpoints, 'useInviteCode', { token: newcomer.accessToken, data: { inviteCode: owner.inviteCode, userLocation: AUSTIN } });
    expect(used).toMatchObject({ status: 200, body: { result: { invitedBy: owner.uid } } });
    expect((await getUser(owner.uid))?.inviteSystem).toMatchObject({ inviteCode: newCode, invitesReserved: 1, invitesUsed: 1 });
  });
});

describe('a replaced code releases the holds of unverified accounts', () => {
  it('gives their invites back at once; such an account cannot join and lapses within a day, its invite returned once', { timeout: 120_000 }, async () => {
    const owner = await inviter('release');
    const honest = await signUpWithCode(owner.inviteCode);
    const honestMember = await verified(honest.email);
    const leaked = await Promise.all(Array.from({ length: 4 }, () => signUpWithCode(owner.inviteCode)));
    await expect(signUpWithCode(owner.inviteCode)).rejects.toMatchObject(preSignUpRefusal(INVITE_MESSAGES.tooManyUnverified));
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 5, unverified: 4 });

    const { inviteCode: newCode } = await ok(endpoints, 'replaceInviteCode', { token: owner.accessToken, data: { currentCode: owner.inviteCode } });
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 1, unverified: 0 });
    const invites = await myInvites(owner);
    expect(invites).toMatchObject({ pending: 1, invitesLeft: 9 });
    expect(invites.invitees.map((invitee) => invitee.uid)).toEqual([honestMember.uid]);
    // The next friend gets in with the new code at once.
    await expect(signUpWithCode(newCode)).resolves.toMatchObject({ email: expect.any(String) });

    // A released account can still confirm its email (nothing refuses ConfirmSignUp) but cannot join.
    const late = await verified(leaked[0]?.email ?? '');
    const save = await call(endpoints, 'useInviteCode', { token: late.accessToken, data: { userLocation: AUSTIN } });
    expectRefusal(save, 404, 'NOT_FOUND', INVITE_MESSAGES.holdReleased);
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 2, unverified: 1 });
    // The honest newcomer who verified before the replacement still joins.
    const joined = await call(endpoints, 'useInviteCode', { token: honestMember.accessToken, data: { userLocation: AUSTIN } });
    expect(joined).toMatchObject({ status: 200, body: { result: { invitedBy: owner.uid } } });

    // Within a day the released accounts lapse (deleted) without giving their invites back twice.
    const leakedUids = new Set(leaked.map(({ uid }) => uid));
    const released = (reservation: { username: string }) => leakedUids.has(reservation.username);
    expect(await lapseReservations(new Date(Date.now() + 24 * HOUR_MS), { select: released })).toEqual({ lapsed: 4, reclaimed: 0, failed: 0 });
    for (const uid of leakedUids) {
      expect(await findReservation(uid)).toBeNull();
      expect(await cognitoAccountExists(uid)).toBe(false);
    }
    expect(await getUser(late.uid)).toBeNull();
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 1, unverified: 1 });
    expect((await getUser(owner.uid))?.inviteSystem).toMatchObject({ invitesRemaining: 9, invitesUsed: 1 });
  });
});

describe('a superuser code', () => {
  it(
    'holds more than 4 unverified sign-ups at once (an evening of welcoming), up to its daily cap, then refuses until tomorrow',
    { timeout: 120_000 },
    async () => {
      const owner = await inviter('super', { isSuperuser: true });
      const evening = await Promise.allSettled(Array.from({ length: 6 }, () => signUpWithCode(owner.inviteCode)));
      expect(evening.filter((result) => result.status === 'fulfilled')).toHaveLength(6);
      // The rest of today's sign-ups, spent without signing up (93 more), then the cap holds.
      for (let hit = 6; hit < SUPERUSER_SIGN_UPS.maxHits - 1; hit++) expect((await takeRateLimitedHit(SUPERUSER_SIGN_UPS, owner.uid)).allowed).toBe(true);
      await expect(signUpWithCode(owner.inviteCode)).resolves.toMatchObject({ email: expect.any(String) });
      await expect(signUpWithCode(owner.inviteCode)).rejects.toMatchObject(preSignUpRefusal(INVITE_MESSAGES.dailySignUpsSpent));
      // Tomorrow is a new window.
      const tomorrow = new Date(Date.now() + DAY_MS);
      expect((await takeRateLimitedHit(SUPERUSER_SIGN_UPS, owner.uid, tomorrow)).allowed).toBe(true);
    },
  );
});

describe('held invites lapse', () => {
  it('within 24 hours while the email is unverified; a verified hold stands', { timeout: 60_000 }, async () => {
    const owner = await inviter('unverified-lapse');
    const unverified = await signUpWithCode(owner.inviteCode);
    const confirmed = await signUpWithCode(owner.inviteCode);
    const [message] = await mailbox(endpoints, confirmed.email);
    await confirmSignUp(endpoints, confirmed.email, message?.code ?? '');
    const mine = (reservation: { inviterUid: string }) => reservation.inviterUid === owner.uid;
    expect(await lapseReservations(new Date(Date.now() + 20 * HOUR_MS), { select: mine })).toMatchObject({ lapsed: 0 });
    expect(await lapseReservations(new Date(Date.now() + 24 * HOUR_MS), { select: mine })).toEqual({ lapsed: 1, reclaimed: 0, failed: 0 });
    expect(await cognitoAccountExists(unverified.uid)).toBe(false);
    expect(await findReservation(confirmed.uid)).toMatchObject({ unverified: false });
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 1, unverified: 0 });
  });

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
    ).toBe('reserved');
    const mine = (reservation: { inviterUid: string }) => reservation.inviterUid === owner.uid;
    expect(await lapseReservations(new Date(), { select: mine })).toEqual({ lapsed: 0, reclaimed: 1, failed: 0 });
    expect(await findReservation(ghost)).toBeNull();
    expect(await heldCounts(owner.uid)).toEqual({ reserved: 0, unverified: 0 });
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
