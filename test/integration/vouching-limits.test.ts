import { describe, expect, inject, it } from 'vitest';
import { VOUCH_MESSAGES, VOUCHES_PER_MONTH } from '../../lambdas/contracts/vouching.ts';
import { ABUSE_LIMITS, ABUSE_MESSAGES } from '../../lambdas/domain/abuse-limits.ts';
import { dayOf } from '../../lambdas/domain/vouch-refusals.ts';
import { nextVouchMonthStart, vouchMonthOf } from '../../lambdas/domain/verification.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { useLocalCloudData } from '../support/local-cloud-members.ts';
import { awayFromWindowEnd, expectBudgetRefusal } from '../support/rate-windows.ts';
import { expectNothingWritten, vouchItemsOf, vouchSnapshot, vouchingClient } from '../support/vouching.ts';

/**
 * The limits, each against the abuser and against members using the app as meant: 10 vouches a
 * calendar month (a meetup's worth pass, the 11th is refused with the day it comes back), and the
 * vouchCodes budget (two pages showing a fresh code each minute for 10 minutes stay well within it;
 * a script minting codes is stopped at 60 an hour).
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { member, verifiedMember, codeOf, vouchesOf, tryVouch, tryPreview } = vouchingClient(endpoints, founder);

/** The limit's sentence for a voucher refused now. */
function monthlyLimitMessage(): string {
  return VOUCH_MESSAGES.monthlyLimit(dayOf(nextVouchMonthStart(new Date())));
}

describe('10 vouches a calendar month', () => {
  it('a meetup of 10 passes, each previewed then confirmed; the 11th is refused with the day it comes back, writing nothing', async () => {
    const month = vouchMonthOf(new Date());
    const voucher = await verifiedMember('busy-voucher');
    const subjects = await Promise.all(Array.from({ length: VOUCHES_PER_MONTH + 1 }, (_, index) => member(`meetup-${index}`)));
    for (const subject of subjects.slice(0, VOUCHES_PER_MONTH)) {
      const { nonce } = await codeOf(subject);
      expect((await ok(endpoints, 'previewVouchCode', { token: voucher.accessToken, data: { nonce } })).subject.uid).toBe(subject.uid);
      expect((await ok(endpoints, 'vouchFor', { token: voucher.accessToken, data: { nonce } })).subject.uid).toBe(subject.uid);
    }
    const counted = (await vouchItemsOf(voucher.uid)).find((item) => item.sk === `VOUCHMONTH#${month}`);
    expect(counted?.count).toBe(VOUCHES_PER_MONTH);
    const eleventh = subjects[VOUCHES_PER_MONTH];
    if (!eleventh) throw new Error('No eleventh member');
    const { nonce } = await codeOf(eleventh);
    const before = await vouchSnapshot(voucher, eleventh);
    expectRefusal(await tryPreview(voucher, { nonce }), 429, 'RESOURCE_EXHAUSTED', monthlyLimitMessage());
    expectRefusal(await tryVouch(voucher, { nonce }), 429, 'RESOURCE_EXHAUSTED', monthlyLimitMessage());
    await expectNothingWritten(nonce, before);
    const mine = await vouchesOf(voucher);
    expect(mine).toMatchObject({ vouchesLeftThisMonth: 0, cannotVouchReason: monthlyLimitMessage() });
    expect(mine.given).toHaveLength(VOUCHES_PER_MONTH);
    // The code is still good for another voucher who has not reached the limit.
    const other = await verifiedMember('fresh-voucher');
    expect((await ok(endpoints, 'vouchFor', { token: other.accessToken, data: { nonce } })).subject.uid).toBe(eleventh.uid);
  });
});

describe("the 'vouchCodes' budget", () => {
  it('two open pages showing a fresh code each minute for 10 minutes get every code, and each stays good for its minute', async () => {
    await awayFromWindowEnd(ABUSE_LIMITS.vouchCodes, 120);
    const subject = await member('two-pages');
    const voucher = await verifiedMember('two-pages-voucher');
    const codes = [];
    for (let minute = 0; minute < 10; minute++) codes.push(...(await Promise.all([codeOf(subject), codeOf(subject)])));
    expect(new Set(codes.map((code) => code.nonce)).size).toBe(20);
    expect(new Set(codes.map((code) => code.code)).size).toBe(20);
    // An earlier page's code still works while its minute lasts.
    const earliest = codes[0];
    if (!earliest) throw new Error('No code');
    expect((await ok(endpoints, 'previewVouchCode', { token: voucher.accessToken, data: { code: earliest.code } })).subject.uid).toBe(subject.uid);
  });

  it('a script minting codes is stopped at 60 an hour', async () => {
    await awayFromWindowEnd(ABUSE_LIMITS.vouchCodes, 120);
    const minter = await member('code-minter');
    for (let batch = 0; batch < ABUSE_LIMITS.vouchCodes.maxHits / 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => call(endpoints, 'createVouchCode', { token: minter.accessToken })));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    }
    const refused = await call(endpoints, 'createVouchCode', { token: minter.accessToken });
    expectBudgetRefusal(refused, ABUSE_MESSAGES.vouchCodes, ABUSE_LIMITS.vouchCodes);
  });
});
