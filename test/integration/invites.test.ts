import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallableInput } from '../../lambdas/contracts/callables.ts';
import { INVITE_MESSAGES, placeBoundMessage } from '../../lambdas/contracts/joining.ts';
import type { UsStateName } from '../../lambdas/contracts/location.ts';
import { call, errorOf, expectRefusal } from '../support/callable-client.ts';
import { proxiedFrom } from '../support/local-cloud-client.ts';
import { clientAddress, createMember, useLocalCloudData, type MemberOptions } from '../support/local-cloud-members.ts';
import { awayFromWindowEnd } from '../support/rate-windows.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');
const { INVITE_CHECK_LIMIT } = await import('../../lambdas/handlers/joining/validate-invite-code.ts');

const AUSTIN = { city: 'Austin', state: 'Texas' };
const ROUND_ROCK = { city: 'Round Rock', state: 'TX' }; // about 17 miles from Austin
const DALLAS = { city: 'Dallas', state: 'Texas' } as const; // about 180 miles
const NOWHERE = { city: 'Atlantisville', state: 'Texas' };

function inviter(label: string, options: MemberOptions = {}) {
  return createMember(endpoints, label, { displayName: `${label} Inviter`, location: AUSTIN, ...options });
}

function validate(inviteCode: string, userLocation: { city: string; state: string }, ip = clientAddress()) {
  return call(endpoints, 'validateInviteCode', { data: { inviteCode, userLocation }, headers: proxiedFrom(ip) });
}

async function redeem(inviteCode: string | undefined, userLocation?: { city: string; state: string }, options: MemberOptions = {}) {
  const invitee = await createMember(endpoints, 'invitee', options);
  const answer = await call(endpoints, 'useInviteCode', { token: invitee.accessToken, data: { inviteCode, userLocation } });
  return { invitee, answer };
}

describe('validateInviteCode (public)', () => {
  let code: string;
  beforeAll(async () => {
    code = (await inviter('validate')).inviteCode;
  });

  it("reveals only the inviter's name and city for a known code with an Unknown location", async () => {
    const answer = await validate(code.toLowerCase(), { city: 'Unknown', state: 'Unknown' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      result: {
        inviterName: 'validate Inviter',
        inviterLocation: 'Austin, Texas',
        inviteType: null,
        invitesLeft: { local: 5, distant: 5 },
        signUpTicket: expect.any(String),
      },
    });
  });

  it('refuses an unknown code and a malformed one', async () => {
    expectRefusal(await validate('ZZZZZZZZ', AUSTIN), 404, 'NOT_FOUND', INVITE_MESSAGES.invalidCode);
    expectRefusal(await validate('OOOO0000', AUSTIN), 404, 'NOT_FOUND', INVITE_MESSAGES.invalidCode);
    expectRefusal(await validate('ABC', AUSTIN), 400, 'INVALID_ARGUMENT');
  });

  it('tells local from distant, and refuses too far and unlocatable places', async () => {
    expect((await validate(code, { city: 'austin', state: 'TX' })).body).toMatchObject({ result: { inviteType: 'local' } });
    expect((await validate(code, ROUND_ROCK)).body).toMatchObject({ result: { inviteType: 'distant' } });
    // The spec's sentence and the reason: the sentence alone says nothing of why.
    expectRefusal(await validate(code, DALLAS), 400, 'INVALID_ARGUMENT', INVITE_MESSAGES.tooFar);
    expectRefusal(await validate(code, NOWHERE), 400, 'INVALID_ARGUMENT', INVITE_MESSAGES.unknownCity);
  });

  it('refuses a code without invites left, and a kind whose 5 uses are spent', async () => {
    const empty = await inviter('empty', { inviteSystem: { invitesRemaining: 0, invitesUsed: 10 } });
    expect(errorOf(await validate(empty.inviteCode, { city: 'Unknown', state: 'Unknown' }))?.message).toBe(INVITE_MESSAGES.noInvitesLeft);
    const localSpent = await inviter('local-spent', { inviteSystem: { invitesRemaining: 5, localInvitesUsed: 5 } });
    // Step 1 (place Unknown) already says what is left of each kind.
    expect((await validate(localSpent.inviteCode, { city: 'Unknown', state: 'Unknown' })).body).toMatchObject({
      result: { invitesLeft: { local: 0, distant: 5 } },
    });
    const local = await validate(localSpent.inviteCode, AUSTIN);
    expect(errorOf(local)?.message).toMatch(/^This is a local invite/);
    expect((await validate(localSpent.inviteCode, ROUND_ROCK)).body).toMatchObject({ result: { inviteType: 'distant' } });
    const distantSpent = await inviter('distant-spent', { inviteSystem: { invitesRemaining: 5, distantInvitesUsed: 5 } });
    const distant = await validate(distantSpent.inviteCode, ROUND_ROCK);
    expect(errorOf(distant)?.message).toMatch(/^This is a distant invite/);
  });

  it("lets a superuser's code through from anywhere", async () => {
    const superuser = await inviter('super', { isSuperuser: true, inviteSystem: { invitesRemaining: 0 } });
    expect((await validate(superuser.inviteCode, DALLAS)).body).toMatchObject({ result: { inviteType: 'unrestricted', invitesLeft: null } });
  });

  it('answers 429 with Retry-After after 10 unknown codes an hour from one client, then refuses every check from it', { timeout: 90_000 }, async () => {
    // The hour's window is fixed: checks straddling its end would count in two windows.
    await awayFromWindowEnd(INVITE_CHECK_LIMIT);
    const ip = clientAddress();
    for (let i = 0; i < 10; i++) expect((await validate(`ZZZZZZZ${'ABCDEFGHJK'[i]}`, AUSTIN, ip)).status).toBe(404);
    expectRefusal(await validate('ZZZZZZZM', AUSTIN, ip), 429, 'RESOURCE_EXHAUSTED', INVITE_MESSAGES.rateLimited);
    // A real code is refused too: otherwise a 429 for unknown codes and an answer for real ones tell them apart.
    const limited = await validate(code, AUSTIN, ip);
    expectRefusal(limited, 429, 'RESOURCE_EXHAUSTED', INVITE_MESSAGES.rateLimited);
    expect(errorOf(limited)?.message).not.toContain('Location validation failed');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another client is not affected.
    expect((await validate(code, AUSTIN)).status).toBe(200);
  });
});

describe('validateInviteCode for honest members on one address', () => {
  it('never spends the budget on real codes: a household checks 30 times in a row and keeps its 10 guesses', { timeout: 90_000 }, async () => {
    await awayFromWindowEnd(INVITE_CHECK_LIMIT);
    const ip = clientAddress();
    const { inviteCode } = await inviter('household');
    for (let i = 0; i < 30; i++) expect((await validate(inviteCode, { city: 'Unknown', state: 'Unknown' }, ip)).status).toBe(200);
    // A typo still counts as a guess, and is answered as one.
    expect(await validate('ZZZZZZZZ', AUSTIN, ip)).toMatchObject({ status: 404 });
  });
});

describe('useInviteCode (member)', () => {
  it('refuses an unknown or malformed code, and a caller without a record', async () => {
    expectRefusal((await redeem('ZZZZZZZZ', AUSTIN)).answer, 404, 'NOT_FOUND', INVITE_MESSAGES.invalidCode);
    expect((await redeem('AB', AUSTIN)).answer.status).toBe(400);
    const { inviteCode } = await inviter('no-record');
    expect((await redeem(inviteCode, AUSTIN, { record: false })).answer).toMatchObject({ status: 404 });
  });

  it("consumes a local invite once: the inviter's counters move by one and invitedBy is set", async () => {
    const owner = await inviter('local-ok');
    const { invitee, answer } = await redeem(owner.inviteCode, AUSTIN);
    expect(answer).toMatchObject({ status: 200, body: { result: { invitedBy: owner.uid, inviteType: 'local', alreadyConsumed: false } } });
    expect((await getUser(owner.uid))?.inviteSystem).toMatchObject({ invitesRemaining: 9, invitesUsed: 1, localInvitesUsed: 1, distantInvitesUsed: 0 });
    expect((await getUser(invitee.uid))?.inviteSystem).toMatchObject({ invitedBy: owner.uid, inviteType: 'local' });

    // The same member again: a clean idempotent answer, nothing counted twice.
    const again = await call(endpoints, 'useInviteCode', { token: invitee.accessToken, data: { inviteCode: owner.inviteCode, userLocation: AUSTIN } });
    expect(again).toMatchObject({ status: 200, body: { result: { invitedBy: owner.uid, inviteType: 'local', alreadyConsumed: true } } });
    expect((await getUser(owner.uid))?.inviteSystem).toMatchObject({ invitesRemaining: 9, invitesUsed: 1, localInvitesUsed: 1 });
  });

  it('consumes a distant invite within 50 miles; refuses too far and unlocatable places', async () => {
    const owner = await inviter('distant-ok');
    expect((await redeem(owner.inviteCode, ROUND_ROCK)).answer.body).toMatchObject({ result: { inviteType: 'distant' } });
    expectRefusal((await redeem(owner.inviteCode, DALLAS)).answer, 400, 'INVALID_ARGUMENT', INVITE_MESSAGES.tooFar);
    expectRefusal((await redeem(owner.inviteCode, NOWHERE)).answer, 400, 'INVALID_ARGUMENT', INVITE_MESSAGES.unknownCity);
    expect((await getUser(owner.uid))?.inviteSystem).toMatchObject({ invitesRemaining: 9, invitesUsed: 1, localInvitesUsed: 0, distantInvitesUsed: 1 });
  });

  it('binds the place a local or distant invite was judged on to the first profile save', async () => {
    const owner = await inviter('bound-place');
    const withPicture = { extra: { profilePicture: 'users/bound/profile-picture.jpg' } };
    const { invitee, answer } = await redeem(owner.inviteCode, ROUND_ROCK, withPicture);
    expect(answer.body).toMatchObject({ result: { inviteType: 'distant' } });
    const profileAt = (location: { city: string; state: UsStateName }): CallableInput<'completeProfile'> => ({
      displayName: 'Bound Bea',
      bio: 'Neighbour.',
      birthday: '1990-05-06',
      location,
      contactInfo: { phoneNumber: '555-123-4567', personalEmail: 'bea@example.com' },
      privacy: { profileVisibility: 'public', birthdayVisibility: 'friends', contactVisibility: 'friends' },
    });

    const elsewhere = await call(endpoints, 'completeProfile', { token: invitee.accessToken, data: profileAt(DALLAS) });
    expectRefusal(elsewhere, 400, 'INVALID_ARGUMENT', placeBoundMessage({ city: 'Round Rock', state: 'Texas' }));
    const samePlace = await call(endpoints, 'completeProfile', { token: invitee.accessToken, data: profileAt({ city: ' round rock', state: 'Texas' }) });
    expect(samePlace).toMatchObject({ status: 200, body: { result: { profileCompleted: true, location: { city: 'Round Rock', state: 'Texas' } } } });
  });

  it('refuses a spent kind and an empty code with their messages', async () => {
    const localSpent = await inviter('use-local-spent', { inviteSystem: { invitesRemaining: 5, invitesUsed: 5, localInvitesUsed: 5 } });
    const local = (await redeem(localSpent.inviteCode, AUSTIN)).answer;
    expect(errorOf(local)?.message).toMatch(/^This is a local invite/);
    const distantSpent = await inviter('use-distant-spent', { inviteSystem: { invitesRemaining: 5, invitesUsed: 5, distantInvitesUsed: 5 } });
    const distant = (await redeem(distantSpent.inviteCode, ROUND_ROCK)).answer;
    expect(errorOf(distant)?.message).toMatch(/^This is a distant invite/);
    const empty = await inviter('use-empty', { inviteSystem: { invitesRemaining: 0, invitesUsed: 10 } });
    expect(errorOf((await redeem(empty.inviteCode, AUSTIN)).answer)?.message).toBe(INVITE_MESSAGES.noInvitesLeft);
  });

  it("takes a superuser's code from anywhere, counting the use", async () => {
    const superuser = await inviter('use-super', { isSuperuser: true });
    const { invitee, answer } = await redeem(superuser.inviteCode, DALLAS);
    expect(answer.body).toMatchObject({ result: { invitedBy: superuser.uid, inviteType: 'unrestricted' } });
    expect((await getUser(superuser.uid))?.inviteSystem).toMatchObject({ invitesRemaining: 9, invitesUsed: 1 });
    expect((await getUser(invitee.uid))?.inviteSystem.invitedBy).toBe(superuser.uid);
  });

  it('uses the code the account signed up with when none is given, and refuses your own code', async () => {
    const owner = await inviter('pending');
    const { answer } = await redeem(undefined, AUSTIN, { inviteSystem: { pendingInviteCode: owner.inviteCode } });
    expect(answer.body).toMatchObject({ result: { invitedBy: owner.uid } });
    const self = await inviter('self');
    const own = await call(endpoints, 'useInviteCode', { token: self.accessToken, data: { inviteCode: self.inviteCode, userLocation: AUSTIN } });
    expect(errorOf(own)?.message).toBe(INVITE_MESSAGES.ownCode);
  });

  it('20 concurrent local redemptions of one code: exactly 5 succeed and the counters read exactly 5', async () => {
    const owner = await inviter('crowd');
    const invitees = await Promise.all(Array.from({ length: 20 }, () => createMember(endpoints, 'crowd-invitee')));
    const answers = await Promise.all(
      invitees.map((invitee) => call(endpoints, 'useInviteCode', { token: invitee.accessToken, data: { inviteCode: owner.inviteCode, userLocation: AUSTIN } })),
    );
    const succeeded = answers.filter((answer) => answer.status === 200);
    expect(succeeded).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(errorOf(refused)?.message).toMatch(/^This is a local invite/);
    }
    expect((await getUser(owner.uid))?.inviteSystem).toMatchObject({ invitesRemaining: 5, invitesUsed: 5, localInvitesUsed: 5, distantInvitesUsed: 0 });
  });
});
