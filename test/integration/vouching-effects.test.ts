import { describe, expect, inject, it } from 'vitest';
import type { AppNotification, VouchNotice } from '../../lambdas/contracts/notifications.ts';
import { VOUCH_MESSAGES } from '../../lambdas/contracts/vouching.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { checkInvariants } from '../support/invariants.ts';
import { useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { streamCaughtUp } from '../support/stream-barrier.ts';
import { storedRecord, vouchItemsOf, vouchingClient } from '../support/vouching.ts';

/**
 * What follows from vouches: the 'vouching' notifications (through the table stream, with the
 * kind's switch and blocks), the member's data export, the vouch records a removal takes with it,
 * and accountability when a member is removed as not real.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { readExportContents } = await import('#data/exports');
const { dayOf } = await import('#domain/vouch-refusals');
const { admin, member, verifiedMember, codeOf, vouch, vouchesOf } = vouchingClient(endpoints, founder);

async function notificationsOf(who: TestMember): Promise<AppNotification[]> {
  return (await ok(endpoints, 'listNotifications', { token: who.accessToken })).notifications;
}

/** A member's name as stored (the helpers give each a unique one). */
async function nameOf(who: TestMember): Promise<string> {
  return String((await storedRecord(who.uid))?.displayName);
}

const vouching = (notifications: AppNotification[]) => notifications.filter((notification) => notification.kind === 'vouching');
const notices = (notifications: AppNotification[]) => vouching(notifications).map((notification) => notification.vouchNotice);

/** Waits until the member has a vouching notice of this kind (the stream's consumer writes it), and answers it. */
async function noticeOf(who: TestMember, notice: VouchNotice): Promise<AppNotification> {
  await expect.poll(async () => notices(await notificationsOf(who)), { timeout: 20_000, interval: 250 }).toContain(notice);
  const found = vouching(await notificationsOf(who)).find((notification) => notification.vouchNotice === notice);
  if (!found) throw new Error(`No ${notice} notice`);
  return found;
}

/** A member reported for `reason` and removed by an admin resolving the report; answers once their record is gone. */
async function reportAndRemove(target: TestMember, reason: 'impersonation' | 'not-a-real-person' | 'spam', reporter: TestMember) {
  const { reportId } = await ok(endpoints, 'reportContent', { token: reporter.accessToken, data: { target: { type: 'member', id: target.uid }, reason } });
  await ok(endpoints, 'resolveReport', { token: await admin(), data: { reportId, action: 'remove-member', reason: 'Private: they are not who they say' } });
  await expect.poll(() => storedRecord(target.uid), { timeout: 30_000, interval: 250 }).toBeUndefined();
  return reportId;
}

describe('notifications of vouching', () => {
  it('tells the subject who vouched, that they are verified, and that their verification lapsed after a withdrawal', async () => {
    const [first, second] = await Promise.all([verifiedMember('notify-first'), verifiedMember('notify-second')]);
    const subject = await member('notify-subject');
    await vouch(first, subject);
    expect(await noticeOf(subject, 'vouched')).toMatchObject({
      kind: 'vouching',
      actor: { uid: first.uid, displayName: await nameOf(first) },
      vouchUntil: null,
    });
    await vouch(second, subject);
    expect(await noticeOf(subject, 'verified')).toMatchObject({ actor: null, vouchUntil: null, postId: null, noticeKind: null });
    expect(
      vouching(await notificationsOf(subject))
        .filter((n) => n.vouchNotice === 'vouched')
        .map((n) => n.actor?.uid),
    ).toEqual([second.uid, first.uid]);

    await ok(endpoints, 'withdrawVouch', { token: second.accessToken, data: { userId: subject.uid } });
    expect(await noticeOf(subject, 'lapsed')).toMatchObject({ actor: null });
    // Told once each; the voucher hears nothing of their own vouches.
    expect(notices(await notificationsOf(subject)).sort()).toEqual(['lapsed', 'verified', 'vouched', 'vouched']);
    expect(notices(await notificationsOf(first))).toEqual(expect.not.arrayContaining(['vouched']));
  });

  it("the kind's switch off stops them; a block drops the voucher's notice from the list", async () => {
    const [voucher, other] = await Promise.all([verifiedMember('switch-voucher'), verifiedMember('switch-other')]);
    const [quiet, blocking] = await Promise.all([member('switch-quiet'), member('switch-blocking')]);
    await ok(endpoints, 'updateNotificationSettings', { token: quiet.accessToken, data: { settings: { vouching: false } } });
    await vouch(voucher, quiet);
    await vouch(voucher, blocking);
    expect((await noticeOf(blocking, 'vouched')).actor?.uid).toBe(voucher.uid);
    await ok(endpoints, 'blockMember', { token: blocking.accessToken, data: { userId: voucher.uid } });
    expect(notices(await notificationsOf(blocking))).toEqual([]);
    // The stream has handled the quiet member's vouch by now: nothing was stored.
    await streamCaughtUp(endpoints);
    expect(vouching(await notificationsOf(quiet))).toEqual([]);
    // Switched on again, the next vouch tells them (honest use: the switch is theirs to turn).
    await ok(endpoints, 'updateNotificationSettings', { token: quiet.accessToken, data: { settings: { vouching: true } } });
    await vouch(other, quiet);
    expect(await noticeOf(quiet, 'verified')).toMatchObject({ kind: 'vouching' });
  });
});

describe("a member's vouches leave with them, and count on", () => {
  it('the export holds the vouches given and received, by name, and nothing of anyone else’s', async () => {
    const [first, second, stranger] = await Promise.all([verifiedMember('export-first'), verifiedMember('export-second'), verifiedMember('export-stranger')]);
    const [exporter, vouchee, strangersSubject] = await Promise.all([member('export-member'), member('export-vouchee'), member('export-strangers-subject')]);
    await vouch(first, exporter);
    await vouch(second, exporter);
    await vouch(exporter, vouchee);
    await vouch(stranger, strangersSubject);

    const contents = await readExportContents(exporter.uid);
    const exported = contents?.files['vouches.json'] as { received: { name: string }[]; given: { name: string }[] };
    expect(exported.received).toEqual(
      expect.arrayContaining([
        { name: await nameOf(first), vouchedAt: expect.any(String), lapsesAt: expect.any(String), state: 'counting', byInviter: false },
        { name: await nameOf(second), vouchedAt: expect.any(String), lapsesAt: expect.any(String), state: 'counting', byInviter: false },
      ]),
    );
    expect(exported.received).toHaveLength(2);
    expect(exported.given).toEqual([
      { name: await nameOf(vouchee), vouchedAt: expect.any(String), lapsesAt: expect.any(String), state: 'counting', byInviter: false },
    ]);
    const everything = JSON.stringify(exported);
    for (const other of [first.uid, second.uid, vouchee.uid, stranger.uid, await nameOf(stranger), strangersSubject.uid, await nameOf(strangersSubject)])
      expect(everything).not.toContain(other);
  });

  it('deleting an account deletes the mirrors of its received vouches; the vouches it gave keep counting', async () => {
    const [first, second, third] = await Promise.all([verifiedMember('leaver-first'), verifiedMember('leaver-second'), verifiedMember('leaver-third')]);
    const [leaver, leaversVouchee] = await Promise.all([member('leaver'), member('leaver-vouchee')]);
    await vouch(first, leaver);
    await vouch(second, leaver);
    await vouch(leaver, leaversVouchee);
    await vouch(third, leaversVouchee);
    expect((await storedRecord(leaversVouchee.uid))?.verificationLevel).toBe('verified');
    expect((await vouchItemsOf(first.uid)).map((item) => item.sk)).toContain(`VOUCHED#${leaver.uid}`);

    await ok(endpoints, 'deleteMyAccount', { token: leaver.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } });
    await expect.poll(() => storedRecord(leaver.uid), { timeout: 30_000, interval: 250 }).toBeUndefined();
    expect((await vouchItemsOf(first.uid)).map((item) => item.sk)).not.toContain(`VOUCHED#${leaver.uid}`);
    expect((await vouchItemsOf(second.uid)).map((item) => item.sk)).not.toContain(`VOUCHED#${leaver.uid}`);
    expect((await checkInvariants()).filter((problem) => problem.includes('VOUCHED#'))).toEqual([]);
    // Not a removal as not real: the vouch they gave still counts, its voucher shown as a former member.
    expect((await storedRecord(leaversVouchee.uid))?.verificationLevel).toBe('verified');
    const received = (await vouchesOf(leaversVouchee)).received.find((one) => one.voucher.uid === leaver.uid);
    expect(received).toMatchObject({ state: 'counting', voucher: { removed: true, displayName: 'A former member' } });
  });
});

describe('accountability: a member removed as not real', () => {
  it('strikes their vouchers (two within a year: no vouching for a year), voids the vouches they gave, and tells everyone concerned', async () => {
    const [voucher, second, third, reporter] = await Promise.all([
      verifiedMember('account-voucher'),
      verifiedMember('account-second'),
      verifiedMember('account-third'),
      member('account-reporter'),
    ]);
    const [fake, otherFake, fakesVouchee] = await Promise.all([member('account-fake'), member('account-other-fake'), member('account-fakes-vouchee')]);
    // The fake was verified (by the voucher and another) and vouched for a member, who is verified by them and a third.
    await vouch(voucher, fake);
    await vouch(second, fake);
    await vouch(fake, fakesVouchee);
    await vouch(third, fakesVouchee);
    await vouch(voucher, otherFake);
    expect((await storedRecord(fakesVouchee.uid))?.verificationLevel).toBe('verified');

    const reportId = await reportAndRemove(fake, 'impersonation', reporter);
    expect((await storedRecord(voucher.uid))?.vouchStrikes).toHaveLength(1);
    expect((await storedRecord(second.uid))?.vouchStrikes).toHaveLength(1);
    expect((await storedRecord(voucher.uid))?.vouchingSuspendedUntil).toBeUndefined();
    expect((await noticeOf(voucher, 'vouchee-removed')).actor).toBeNull();
    // Their vouch stopped counting: the vouchee is pending again, and told why.
    expect(await storedRecord(fakesVouchee.uid)).toMatchObject({ verificationLevel: 'pending', vouchCount: 1 });
    expect((await vouchesOf(fakesVouchee)).received.find((one) => one.voucher.uid === fake.uid)).toMatchObject({ state: 'void' });
    expect((await noticeOf(fakesVouchee, 'voucher-removed')).actor).toBeNull();
    await noticeOf(fakesVouchee, 'lapsed');
    expect((await checkInvariants()).filter((problem) => problem.includes('VOUCHED#'))).toEqual([]);

    // A repeat of the resolution applies nothing twice.
    expectRefusal(
      await call(endpoints, 'resolveReport', { token: await admin(), data: { reportId, action: 'remove-member', reason: 'Again' } }),
      409,
      'ABORTED',
    );
    expect((await storedRecord(voucher.uid))?.vouchStrikes).toHaveLength(1);

    // The second within a year: the voucher loses the right to vouch for a year, and is told until when.
    await reportAndRemove(otherFake, 'not-a-real-person', reporter);
    const suspended = await storedRecord(voucher.uid);
    expect(suspended?.vouchStrikes).toHaveLength(2);
    const until = String(suspended?.vouchingSuspendedUntil);
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(360 * 24 * 60 * 60_000);
    expect(await noticeOf(voucher, 'vouching-suspended')).toMatchObject({ vouchUntil: until, actor: null });
    const newcomer = await member('account-newcomer');
    const { nonce } = await codeOf(newcomer);
    const sentence = VOUCH_MESSAGES.vouchingSuspended(dayOf(until));
    expectRefusal(await call(endpoints, 'previewVouchCode', { token: voucher.accessToken, data: { nonce } }), 403, 'PERMISSION_DENIED', sentence);
    expectRefusal(await call(endpoints, 'vouchFor', { token: voucher.accessToken, data: { nonce } }), 403, 'PERMISSION_DENIED', sentence);
    expect((await vouchesOf(voucher)).cannotVouchReason).toBe(sentence);
    // Honest vouchers are untouched: the second voucher (one strike) still vouches.
    expect((await vouch(second, newcomer)).subject.uid).toBe(newcomer.uid);
  });

  it('a tree removed with the member: only the reported member’s vouchers are held to account', async () => {
    const [rootsVoucher, leafsVoucher, reporter] = await Promise.all([
      verifiedMember('tree-roots-voucher'),
      verifiedMember('tree-leafs-voucher'),
      member('tree-reporter'),
    ]);
    const root = await member('tree-root');
    const leaf = await member('tree-leaf', { inviteSystem: { invitedBy: root.uid } });
    await vouch(rootsVoucher, root);
    await vouch(leafsVoucher, leaf);
    const { reportId } = await ok(endpoints, 'reportContent', {
      token: reporter.accessToken,
      data: { target: { type: 'member', id: root.uid }, reason: 'not-a-real-person' },
    });
    await ok(endpoints, 'resolveReport', { token: await admin(), data: { reportId, action: 'remove-member-and-tree', reason: 'Private: a made-up family' } });
    await expect
      .poll(async () => [await storedRecord(root.uid), await storedRecord(leaf.uid)], { timeout: 60_000, interval: 500 })
      .toEqual([undefined, undefined]);
    expect((await storedRecord(rootsVoucher.uid))?.vouchStrikes).toHaveLength(1);
    expect((await storedRecord(leafsVoucher.uid))?.vouchStrikes).toBeUndefined();
    expect((await checkInvariants()).filter((problem) => problem.includes('VOUCHED#'))).toEqual([]);
  });

  it('a removal for another reason voids nothing and strikes nobody: the removed member’s vouches keep counting', async () => {
    const [voucher, second, third, reporter] = await Promise.all([
      verifiedMember('spam-voucher'),
      verifiedMember('spam-second'),
      verifiedMember('spam-third'),
      member('spam-reporter'),
    ]);
    const [spammer, spammersVouchee] = await Promise.all([member('spammer'), member('spammers-vouchee')]);
    await vouch(voucher, spammer);
    await vouch(second, spammer);
    await vouch(spammer, spammersVouchee);
    await vouch(third, spammersVouchee);

    await reportAndRemove(spammer, 'spam', reporter);
    expect((await storedRecord(voucher.uid))?.vouchStrikes).toBeUndefined();
    expect((await storedRecord(spammersVouchee.uid))?.verificationLevel).toBe('verified');
    expect((await vouchesOf(spammersVouchee)).received.find((one) => one.voucher.uid === spammer.uid)).toMatchObject({ state: 'counting' });
    expect((await vouchItemsOf(voucher.uid)).map((item) => item.sk)).not.toContain(`VOUCHED#${spammer.uid}`);
    await streamCaughtUp(endpoints);
    // Only the admin's verification of them; no strike to tell of.
    expect(notices(await notificationsOf(voucher))).toEqual(['verified']);
    // Told nothing of it: the spammer's own 'vouched' went with them (nothing may name a member who left).
    expect(notices(await notificationsOf(spammersVouchee)).sort()).toEqual(['verified', 'vouched']);
  });
});
