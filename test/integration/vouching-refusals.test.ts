import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { VOUCH_MESSAGES } from '../../lambdas/contracts/vouching.ts';
import { dayOf } from '../../lambdas/domain/vouch-refusals.ts';
import { expectRefusal, ok } from '../support/callable-client.ts';
import { useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { expectNothingWritten, storedCode, vouchSnapshot, storedRecord, vouchItemsOf, vouchingClient } from '../support/vouching.ts';

/**
 * Bad codes and vouchers who may not vouch: each refusal is the contract's sentence and writes
 * nothing (the code stays unredeemed, no vouch item or monthly count appears). Two vouchers on one
 * code at once: one wins. A double click on confirm answers the same vouch twice.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { dynamo, tableName, keys } = await import('#data/table');
const { mintVouchCode, nonceDigestOf } = await import('#data/vouching');
const { member, verifiedMember, codeOf, vouchesOf, tryVouch, tryPreview } = vouchingClient(endpoints, founder);

async function setOnRecord(uid: string, values: Record<string, unknown>): Promise<void> {
  const names = Object.keys(values);
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: `SET ${names.map((name, index) => `#n${index} = :v${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#n${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, values[name]])),
    }),
  );
}

let voucher: TestMember;
let secondVoucher: TestMember;

beforeAll(async () => {
  [voucher, secondVoucher] = await Promise.all([verifiedMember('refusals-voucher'), verifiedMember('refusals-second')]);
});

describe('a code that may not be used', () => {
  it('a code that names nothing, by nonce or typed', async () => {
    expectRefusal(await tryVouch(voucher, { nonce: 'AAAAAAAAAAAAAAAAAAAAAA' }), 404, 'NOT_FOUND', VOUCH_MESSAGES.codeNotFound);
    expectRefusal(await tryPreview(voucher, { code: 'zzzzzz' }), 404, 'NOT_FOUND', VOUCH_MESSAGES.codeNotFound);
    expect(await vouchItemsOf(voucher.uid)).toEqual([]);
  });

  it('a nonce used twice: the second voucher is told it was used', async () => {
    const subject = await member('used-twice');
    const { nonce } = await codeOf(subject);
    await ok(endpoints, 'vouchFor', { token: voucher.accessToken, data: { nonce } });
    expectRefusal(await tryVouch(secondVoucher, { nonce }), 409, 'ABORTED', VOUCH_MESSAGES.codeUsed);
    expectRefusal(await tryPreview(secondVoucher, { nonce }), 409, 'ABORTED', VOUCH_MESSAGES.codeUsed);
    expect(await vouchItemsOf(secondVoucher.uid)).toEqual([]);
    expect((await vouchesOf(subject)).received.map((received) => received.voucher.uid)).toEqual([voucher.uid]);
  });

  it('an expired code, by nonce and by its typed fallback', async () => {
    const subject = await member('expired');
    const { nonce, code } = await codeOf(subject);
    const before = await vouchSnapshot(voucher, subject);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.vouchNonce(nonceDigestOf(nonce)),
        UpdateExpression: 'SET validUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expectRefusal(await tryPreview(voucher, { nonce }), 400, 'INVALID_ARGUMENT', VOUCH_MESSAGES.codeExpired);
    expectRefusal(await tryVouch(voucher, { nonce }), 400, 'INVALID_ARGUMENT', VOUCH_MESSAGES.codeExpired);
    expectRefusal(await tryVouch(voucher, { code }), 400, 'INVALID_ARGUMENT', VOUCH_MESSAGES.codeExpired);
    await expectNothingWritten(nonce, before);
  });

  it('a member’s own code', async () => {
    const { nonce } = await codeOf(voucher);
    const before = await vouchSnapshot(voucher);
    expectRefusal(await tryVouch(voucher, { nonce }), 400, 'INVALID_ARGUMENT', VOUCH_MESSAGES.ownCode);
    await expectNothingWritten(nonce, before);
  });
});

describe('a voucher who may not vouch', () => {
  it('not verified in person', async () => {
    const [pendingVoucher, subject] = await Promise.all([member('pending-voucher'), member('pending-voucher-subject')]);
    const { nonce } = await codeOf(subject);
    const before = await vouchSnapshot(pendingVoucher, subject);
    expectRefusal(await tryPreview(pendingVoucher, { nonce }), 403, 'PERMISSION_DENIED', VOUCH_MESSAGES.voucherNotVerified);
    expectRefusal(await tryVouch(pendingVoucher, { nonce }), 403, 'PERMISSION_DENIED', VOUCH_MESSAGES.voucherNotVerified);
    await expectNothingWritten(nonce, before);
  });

  it('suspended by a moderator (read-only), or without the right to vouch', async () => {
    const [sanctioned, lostRight, subject] = await Promise.all([verifiedMember('sanctioned'), verifiedMember('lost-right'), member('suspended-subject')]);
    const until = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
    await Promise.all([setOnRecord(sanctioned.uid, { suspendedUntil: until }), setOnRecord(lostRight.uid, { vouchingSuspendedUntil: until })]);
    const { nonce } = await codeOf(subject);
    const before = await vouchSnapshot(sanctioned, lostRight, subject);
    expectRefusal(await tryVouch(sanctioned, { nonce }), 403, 'PERMISSION_DENIED');
    expectRefusal(await tryVouch(lostRight, { nonce }), 403, 'PERMISSION_DENIED', VOUCH_MESSAGES.vouchingSuspended(dayOf(until)));
    expectRefusal(await tryPreview(lostRight, { nonce }), 403, 'PERMISSION_DENIED', VOUCH_MESSAGES.vouchingSuspended(dayOf(until)));
    expect((await vouchesOf(lostRight)).cannotVouchReason).toBe(VOUCH_MESSAGES.vouchingSuspended(dayOf(until)));
    await expectNothingWritten(nonce, before);
  });

  it('after a block, either way', async () => {
    const [blocker, blocked] = await Promise.all([member('blocks-voucher'), member('blocked-by-voucher')]);
    await ok(endpoints, 'blockMember', { token: blocker.accessToken, data: { userId: voucher.uid } });
    await ok(endpoints, 'blockMember', { token: voucher.accessToken, data: { userId: blocked.uid } });
    for (const subject of [blocker, blocked]) {
      const { nonce } = await codeOf(subject);
      expectRefusal(await tryPreview(voucher, { nonce }), 403, 'PERMISSION_DENIED', VOUCH_MESSAGES.cannotVouchForMember);
      expectRefusal(await tryVouch(voucher, { nonce }), 403, 'PERMISSION_DENIED', VOUCH_MESSAGES.cannotVouchForMember);
      expect((await storedCode(nonce))?.redeemedBy).toBeUndefined();
      expect(await vouchItemsOf(subject.uid)).toEqual([]);
    }
  });
});

describe('a code whose member is not in the community', () => {
  it('a member removed after showing the code', async () => {
    const subject = await member('removed-subject');
    const { nonce } = await codeOf(subject);
    const before = await vouchSnapshot(voucher, subject);
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.user(subject.uid) }));
    expectRefusal(await tryPreview(voucher, { nonce }), 404, 'NOT_FOUND', VOUCH_MESSAGES.subjectGone);
    expectRefusal(await tryVouch(voucher, { nonce }), 404, 'NOT_FOUND', VOUCH_MESSAGES.subjectGone);
    await expectNothingWritten(nonce, before);
    expect(await storedRecord(subject.uid)).toBeUndefined();
  });

  it('an account that has not joined', async () => {
    const subject = await member('unjoined-subject', { joined: false });
    const { nonce } = await mintVouchCode(subject.uid, new Date());
    const before = await vouchSnapshot(voucher, subject);
    expectRefusal(await tryVouch(voucher, { nonce }), 400, 'INVALID_ARGUMENT', VOUCH_MESSAGES.subjectNotJoined);
    await expectNothingWritten(nonce, before);
  });
});

describe('at once', () => {
  it('two vouchers redeeming one code at once: one wins, the other is told it was used', async () => {
    const subject = await member('contested');
    const { nonce } = await codeOf(subject);
    const answers = await Promise.all([tryVouch(voucher, { nonce }), tryVouch(secondVoucher, { nonce })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status !== 200);
    expectRefusal(lost ?? { status: 0, body: {} }, 409, 'ABORTED', VOUCH_MESSAGES.codeUsed);
    expect((await vouchesOf(subject)).received).toHaveLength(1);
    const winner = (await storedCode(nonce))?.redeemedBy;
    const loser = winner === voucher.uid ? secondVoucher : voucher;
    expect((await vouchesOf(loser)).given.some((given) => given.subject.uid === subject.uid)).toBe(false);
  });

  it('a double click on confirm answers the same vouch twice, counted once', async () => {
    const doubleClicker = await verifiedMember('double-click');
    const subject = await member('double-clicked');
    const { code } = await codeOf(subject);
    // Typed as a member types it: lower case, with a stray space.
    const typed = ` ${code.toLowerCase()}`;
    const [first, second] = await Promise.all([tryVouch(doubleClicker, { code: typed }), tryVouch(doubleClicker, { code: typed })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body).toEqual(second.body);
    const again = await ok(endpoints, 'vouchFor', { token: doubleClicker.accessToken, data: { code } });
    expect(again.lapsesAt).toBe('result' in first.body ? first.body.result.lapsesAt : undefined);
    const mine = await vouchesOf(doubleClicker);
    expect(mine.given).toHaveLength(1);
    expect(mine.vouchesLeftThisMonth).toBe(9);
  });

  it('a preview names the member and says when confirming renews a vouch', async () => {
    const subject = await member('previewed');
    const { nonce, validUntil } = await codeOf(subject);
    const preview = await ok(endpoints, 'previewVouchCode', { token: voucher.accessToken, data: { nonce } });
    expect(preview).toMatchObject({ subject: { uid: subject.uid, verifiedInPerson: false }, validUntil, renews: false });
    await ok(endpoints, 'vouchFor', { token: voucher.accessToken, data: { nonce } });
    const next = await codeOf(subject);
    expect((await ok(endpoints, 'previewVouchCode', { token: voucher.accessToken, data: { nonce: next.nonce } })).renews).toBe(true);
  });
});
