import { describe, expect, inject, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../lambdas/contracts/admin.ts';
import { VOUCH_MESSAGES } from '../../lambdas/contracts/vouching.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { storedRecord, vouchingClient } from '../support/vouching.ts';

/**
 * Verification in person through the callables: the rule (two vouches from members verified in
 * person, at least one not the inviter), withdrawal, an admin's verification and revocation (no
 * cascade), the admins' list of members not yet verified, and who sees the vouch graph.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { dueQueueOf, keys } = await import('#data/table');
const { dynamo, tableName } = await import('#data/table');
const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
const { admin, member, verifiedMember, vouch, vouchesOf } = vouchingClient(endpoints, founder);

/** Two members anchored through the real request and accept. */
async function anchor(a: TestMember, b: TestMember): Promise<void> {
  await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
  await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
}

async function levelOf(uid: string): Promise<unknown> {
  return (await storedRecord(uid))?.verificationLevel;
}

async function dueItem(kind: string, uid: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.dueItem(kind, uid), ConsistentRead: true }));
  return Item;
}

async function auditAbout(uid: string) {
  const { entries } = await ok(endpoints, 'listAuditLog', { token: await admin() });
  return entries.filter((entry) => entry.targetId === uid);
}

/** Every page of the admins' list of members not yet verified in person. */
async function unverifiedList() {
  const all: Awaited<ReturnType<typeof ok<'listUnverifiedMembers'>>>['members'] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const answer = await ok(endpoints, 'listUnverifiedMembers', { token: await admin(), data: cursor ? { cursor } : {} });
    all.push(...answer.members);
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  return all;
}

let inviter: TestMember;
let voucher: TestMember;
let otherVoucher: TestMember;

describe('the rule', () => {
  it('first vouchers are verified by an admin, with a reason in the audit log', async () => {
    [inviter, voucher, otherVoucher] = await Promise.all([verifiedMember('inviter'), verifiedMember('voucher'), verifiedMember('other-voucher')]);
    expect(await storedRecord(voucher.uid)).toMatchObject({ verificationLevel: 'verified', verifiedVia: 'admin', verifiedByAdmin: true });
    expect(await auditAbout(voucher.uid)).toEqual([
      expect.objectContaining({ action: 'verifyMember', actorId: founder.userId, targetId: voucher.uid, reason: 'Met them at the founding meeting' }),
    ]);
  });

  it('the inviter and one other verify a member', async () => {
    const subject = await member('invitee', { inviteSystem: { invitedBy: inviter.uid } });
    const first = await vouch(inviter, subject);
    expect(first).toMatchObject({ subject: { uid: subject.uid }, subjectVerified: false });
    expect(await levelOf(subject.uid)).toBe('pending');
    const second = await vouch(voucher, subject);
    expect(second.subjectVerified).toBe(true);
    const record = await storedRecord(subject.uid);
    expect(record).toMatchObject({ verificationLevel: 'verified', verifiedVia: 'vouches', vouchCount: 2, verifiedUntil: first.lapsesAt });
    // Verified: off the admins' queue, with its lapse and the notice a month before scheduled.
    expect(record?.queue).toBeUndefined();
    expect(await dueItem('verification-lapse', subject.uid)).toMatchObject({ dueAt: first.lapsesAt, queue: dueQueueOf('verification-lapse', subject.uid) });
    expect((await dueItem('verification-notice', subject.uid))?.dueAt).toBeDefined();
    const mine = await vouchesOf(subject);
    expect(mine.status).toMatchObject({ level: 'verified', via: 'vouches', verifiedUntil: first.lapsesAt, countingVouches: 2 });
    expect(mine.received.map((received) => [received.voucher.uid, received.byInviter, received.state])).toEqual(
      expect.arrayContaining([
        [inviter.uid, true, 'counting'],
        [voucher.uid, false, 'counting'],
      ]),
    );
  });

  it('two vouchers neither of whom is the inviter verify a member', async () => {
    const subject = await member('stranger-invitee', { inviteSystem: { invitedBy: inviter.uid } });
    await vouch(voucher, subject);
    expect((await vouch(otherVoucher, subject)).subjectVerified).toBe(true);
  });

  it('one vouch alone does not verify, nor the inviter vouching twice', async () => {
    const subject = await member('half-vouched', { inviteSystem: { invitedBy: inviter.uid } });
    await vouch(inviter, subject);
    const renewed = await vouch(inviter, subject);
    expect(renewed.subjectVerified).toBe(false);
    expect(await storedRecord(subject.uid)).toMatchObject({ verificationLevel: 'pending', vouchCount: 1 });
    expect((await vouchesOf(subject)).received).toHaveLength(1);
  });
});

describe('withdrawing a vouch', () => {
  it('sends the member back to pending at once, keeps the history and cancels the lapse', async () => {
    const subject = await member('withdrawn-from');
    await vouch(voucher, subject);
    await vouch(otherVoucher, subject);
    expect(await levelOf(subject.uid)).toBe('verified');
    expect(await ok(endpoints, 'withdrawVouch', { token: voucher.accessToken, data: { userId: subject.uid } })).toEqual({ withdrawn: true });
    expect(await storedRecord(subject.uid)).toMatchObject({ verificationLevel: 'pending', vouchCount: 1, queue: 'UNVERIFIED' });
    expect(await dueItem('verification-lapse', subject.uid)).toBeUndefined();
    const received = (await vouchesOf(subject)).received.find((vouchReceived) => vouchReceived.voucher.uid === voucher.uid);
    expect(received?.state).toBe('withdrawn');
    expect((await vouchesOf(voucher)).given.find((given) => given.subject.uid === subject.uid)?.state).toBe('withdrawn');
    // Again: a success that changes nothing; a member never vouched for: not found.
    expect(await ok(endpoints, 'withdrawVouch', { token: voucher.accessToken, data: { userId: subject.uid } })).toEqual({ withdrawn: true });
    expectRefusal(
      await call(endpoints, 'withdrawVouch', { token: inviter.accessToken, data: { userId: subject.uid } }),
      404,
      'NOT_FOUND',
      VOUCH_MESSAGES.vouchNotFound,
    );
  });

  it('vouching again after a withdrawal counts again', async () => {
    const subject = await member('re-vouched');
    await vouch(voucher, subject);
    await ok(endpoints, 'withdrawVouch', { token: voucher.accessToken, data: { userId: subject.uid } });
    await vouch(otherVoucher, subject);
    expect((await vouch(voucher, subject)).subjectVerified).toBe(true);
  });
});

describe('lapses and concurrent writers', () => {
  it('at the lapse of the second-to-last vouch the member goes back to pending; a renewal before it moves the date', async () => {
    const subject = await member('lapsing');
    const first = await vouch(voucher, subject);
    const second = await vouch(otherVoucher, subject);
    expect((await storedRecord(subject.uid))?.verifiedUntil).toBe(first.lapsesAt);
    const { recheckVerification } = await import('#workflows/verification');
    // Before the lapse nothing changes; renewing the first vouch moves the member's until to the second's lapse.
    expect(await recheckVerification(subject.uid, new Date(new Date(first.lapsesAt).getTime() - 1))).toEqual({ before: 'verified', after: 'verified' });
    await vouch(voucher, subject);
    expect((await storedRecord(subject.uid))?.verifiedUntil).toBe(second.lapsesAt);
    expect(await dueItem('verification-lapse', subject.uid)).toMatchObject({ dueAt: second.lapsesAt });
    // At that lapse the rule no longer holds (the renewed vouch alone): back to pending, the lapse's due item gone.
    expect(await recheckVerification(subject.uid, new Date(second.lapsesAt))).toEqual({ before: 'verified', after: 'pending' });
    expect(await storedRecord(subject.uid)).toMatchObject({ verificationLevel: 'pending', vouchCount: 1, queue: 'UNVERIFIED' });
    expect(await dueItem('verification-lapse', subject.uid)).toBeUndefined();
    expect(await recheckVerification('no-such-member', new Date())).toEqual({ before: 'pending', after: 'pending' });
  });

  it('two withdrawals at once both count: the record ends with the vouches that still count', async () => {
    const third = await verifiedMember('third-voucher');
    const subject = await member('double-withdrawn');
    await Promise.all([vouch(voucher, subject), vouch(otherVoucher, subject), vouch(third, subject)]);
    expect(await storedRecord(subject.uid)).toMatchObject({ verificationLevel: 'verified', vouchCount: 3 });
    await Promise.all([voucher, otherVoucher].map((by) => ok(endpoints, 'withdrawVouch', { token: by.accessToken, data: { userId: subject.uid } })));
    expect(await storedRecord(subject.uid)).toMatchObject({ verificationLevel: 'pending', vouchCount: 1 });
  });
});

describe('an admin verifies and revokes', () => {
  it('revoking a voucher demotes only them: the members they vouched for stay verified', async () => {
    const [revokedVoucher, keeper] = await Promise.all([verifiedMember('revoked-voucher'), verifiedMember('keeper')]);
    const subject = await member('kept-verified');
    await vouch(revokedVoucher, subject);
    await vouch(keeper, subject);
    const revoked = await ok(endpoints, 'revokeVerification', { token: await admin(), data: { userId: revokedVoucher.uid, reason: 'Verified by mistake' } });
    expect(revoked).toEqual({ level: 'pending' });
    expect(await storedRecord(revokedVoucher.uid)).toMatchObject({ verificationLevel: 'pending', verifiedByAdmin: false, queue: 'UNVERIFIED' });
    expect(await levelOf(subject.uid)).toBe('verified');
    expect((await vouchesOf(subject)).status.countingVouches).toBe(2);
    expect((await auditAbout(revokedVoucher.uid)).map((entry) => entry.action)).toEqual(['revokeVerification', 'verifyMember']);
    // No longer verified, they may not vouch.
    const { nonce } = await ok(endpoints, 'createVouchCode', { token: (await member('after-revocation')).accessToken });
    expectRefusal(
      await call(endpoints, 'vouchFor', { token: revokedVoucher.accessToken, data: { nonce } }),
      403,
      'PERMISSION_DENIED',
      VOUCH_MESSAGES.voucherNotVerified,
    );
  });

  it('revoking a member verified by vouches withdraws their vouches received (kept as history)', async () => {
    const subject = await member('revoked-subject');
    await vouch(voucher, subject);
    await vouch(otherVoucher, subject);
    await ok(endpoints, 'revokeVerification', { token: await admin(), data: { userId: subject.uid, reason: 'Not who they said' } });
    const mine = await vouchesOf(subject);
    expect(mine.status.level).toBe('pending');
    expect(mine.received.map((received) => received.state)).toEqual(['withdrawn', 'withdrawn']);
    expect(await dueItem('verification-lapse', subject.uid)).toBeUndefined();
  });

  it('refuses with a sentence: already verified, not verified, the founder, a member who is not there', async () => {
    const token = await admin();
    const data = (userId: string) => ({ userId, reason: 'matrix' });
    expectRefusal(await call(endpoints, 'verifyMember', { token, data: data(voucher.uid) }), 409, 'ABORTED', VOUCH_MESSAGES.alreadyVerified);
    const pending = await member('never-verified');
    expectRefusal(await call(endpoints, 'revokeVerification', { token, data: data(pending.uid) }), 409, 'ABORTED', VOUCH_MESSAGES.notVerified);
    expectRefusal(
      await call(endpoints, 'revokeVerification', { token, data: data(founder.userId) }),
      403,
      'PERMISSION_DENIED',
      VOUCH_MESSAGES.founderStaysVerified,
    );
    const unjoined = await member('unjoined', { joined: false });
    expectRefusal(await call(endpoints, 'verifyMember', { token, data: data(unjoined.uid) }), 404, 'NOT_FOUND', ADMIN_MESSAGES.userNotFound);
    expectRefusal(await call(endpoints, 'verifyMember', { token, data: data('no-such-member') }), 404, 'NOT_FOUND', ADMIN_MESSAGES.userNotFound);
    expect(await auditAbout(pending.uid)).toEqual([]);
  });

  it('lists members not yet verified with their counting vouches, and drops them once verified', async () => {
    const subject = await member('queued');
    await vouch(voucher, subject);
    expect((await unverifiedList()).find((listed) => listed.uid === subject.uid)).toMatchObject({ vouchCount: 1, displayName: expect.any(String) });
    await vouch(otherVoucher, subject);
    expect((await unverifiedList()).some((listed) => listed.uid === subject.uid)).toBe(false);
  });
});

describe('who sees the vouch graph', () => {
  it('an anchor of both sees the badge, never who vouched; listMyVouches is the caller’s own', async () => {
    // Vouchers of its own: each member gives at most 10 vouches a month, and this file's others gave theirs.
    const [voucher, otherVoucher] = await Promise.all([verifiedMember('graph-voucher'), verifiedMember('graph-other-voucher')]);
    const subject = await member('private-subject');
    const third = await member('third');
    await vouch(voucher, subject);
    await vouch(otherVoucher, subject);
    await Promise.all([anchor(third, subject), anchor(third, voucher)]);
    const profile = await ok(endpoints, 'getUserProfile', { token: third.accessToken, data: { userId: subject.uid } });
    expect(profile.verifiedInPerson).toBe(true);
    expect(JSON.stringify(profile)).not.toContain(voucher.uid);
    expect(JSON.stringify(profile)).not.toContain(otherVoucher.uid);
    const { anchors } = await ok(endpoints, 'listAnchors', { token: third.accessToken });
    const subjectAsAnchor = anchors.find((listed) => listed.uid === subject.uid);
    expect(subjectAsAnchor?.verifiedInPerson).toBe(true);
    // The anchor entry carries the anchor's fields and the badge, nothing about vouches.
    expect(Object.keys(subjectAsAnchor ?? {}).filter((key) => /vouch/i.test(key))).toEqual([]);
    expect(JSON.stringify(anchors)).not.toContain(otherVoucher.uid);
    // The subject's profile read by one voucher names no other voucher either.
    expect(JSON.stringify(await ok(endpoints, 'getUserProfile', { token: voucher.accessToken, data: { userId: subject.uid } }))).not.toContain(
      otherVoucher.uid,
    );
    // A third member's own list holds nothing of theirs.
    const thirds = await vouchesOf(third);
    expect(thirds.received).toEqual([]);
    expect(thirds.given).toEqual([]);
    expect(JSON.stringify(thirds)).not.toContain(subject.uid);
  });
});
