import type { User } from '#contracts/user';
import { VOUCH_MESSAGES, VOUCHES_PER_MONTH } from '#contracts/vouching';
import { AppError } from '#domain/app-error';
import { vouchLapseOf, vouchStateOf } from '#domain/verification';
import { codeRefusal, monthlyLimitError, subjectRefusal, voucherRefusal } from '#domain/vouch-refusals';
import { getUsers } from '#data/graph';
import {
  countVouchItem,
  findVouchCode,
  getVerificationRecord,
  getVouchGiven,
  redeemVouchCodeItem,
  setVouchState,
  vouchesGivenThisMonth,
  vouchPuts,
  vouchStateItems,
  type StoredVouch,
  type StoredVouchCode,
  type VerificationRecord,
} from '#data/vouching';
import { writeVerification } from '#workflows/verification';

/**
 * A vouch, from the code to the subject's verification: the voucher's right, the code, the
 * subject, the monthly count, then one transaction that redeems the code, writes both sides of the
 * vouch, counts it and moves the subject's verification. Every refusal is a sentence and writes nothing.
 */

export type CodeForm = { nonce?: string | undefined; code?: string | undefined };

async function voucherOf(voucherUid: string, now: Date): Promise<VerificationRecord> {
  const voucher = await getVerificationRecord(voucherUid);
  if (!voucher) throw new AppError('not-found', 'User not found');
  const refusal = voucherRefusal(voucher, now);
  if (refusal) throw refusal;
  return voucher;
}

/** The voucher's right first (a member who may not vouch learns nothing about codes), then the code. */
async function codeFor(voucherUid: string, form: CodeForm, now: Date): Promise<StoredVouchCode> {
  await voucherOf(voucherUid, now);
  const code = await findVouchCode(form);
  if (!code) throw new AppError('not-found', VOUCH_MESSAGES.codeNotFound);
  return code;
}

/** The rest of what a preview and a vouch check, in the order the member is told: the code, its member, the month. */
async function checkCode(voucherUid: string, code: StoredVouchCode, now: Date): Promise<void> {
  const refusal = codeRefusal(code, voucherUid, now) ?? subjectRefusal(await getVerificationRecord(code.subjectUid), voucherUid);
  if (refusal) throw refusal;
  if ((await vouchesGivenThisMonth(voucherUid, now)) >= VOUCHES_PER_MONTH) throw monthlyLimitError(now);
}

async function userOf(uid: string): Promise<User> {
  const user = (await getUsers([uid])).get(uid);
  if (!user) throw new AppError('not-found', VOUCH_MESSAGES.subjectGone);
  return user;
}

/** Who a code names, for the voucher to check before confirming; whether confirming renews a vouch that counts. */
export async function previewVouch(voucherUid: string, form: CodeForm, now: Date): Promise<{ subject: User; validUntil: string; renews: boolean }> {
  const code = await codeFor(voucherUid, form, now);
  await checkCode(voucherUid, code, now);
  const [subject, earlier] = await Promise.all([userOf(code.subjectUid), getVouchGiven(voucherUid, code.subjectUid)]);
  return { subject, validUntil: code.validUntil, renews: earlier !== null && vouchStateOf(earlier, now) === 'counting' };
}

export interface VouchResult {
  subject: User;
  subjectVerified: boolean;
  lapsesAt: string;
}

/**
 * The same voucher confirming a code they already redeemed (a double click, a retry after a lost
 * answer) gets the vouch they made, not a refusal: that is what they asked for.
 */
async function alreadyVouched(voucherUid: string, code: StoredVouchCode): Promise<VouchResult | null> {
  if (code.redeemedBy !== voucherUid) return null;
  const [vouch, subject] = await Promise.all([getVouchGiven(voucherUid, code.subjectUid), userOf(code.subjectUid)]);
  if (!vouch) return null;
  return { subject, subjectVerified: subject.verificationLevel === 'verified', lapsesAt: vouch.lapsesAt };
}

/** The caller confirms they met the code's member: the vouch, or the sentence that says why not. */
export async function vouchFor(voucherUid: string, form: CodeForm, now: Date): Promise<VouchResult> {
  const code = await codeFor(voucherUid, form, now);
  const repeated = await alreadyVouched(voucherUid, code);
  if (repeated) return repeated;
  await checkCode(voucherUid, code, now);
  const vouch: StoredVouch = {
    subjectUid: code.subjectUid,
    voucherUid,
    vouchedAt: now.toISOString(),
    lapsesAt: vouchLapseOf(now),
    state: 'active',
    byInviter: false,
    changedAt: now.toISOString(),
  };
  const outcome = await writeVerification(code.subjectUid, now, (subject, stored) => {
    const refusal = subjectRefusal(subject, voucherUid);
    if (refusal) throw refusal;
    const made = { ...vouch, byInviter: subject.inviterUid === voucherUid };
    return {
      vouches: [...stored.filter((earlier) => earlier.voucherUid !== voucherUid), made],
      items: [redeemVouchCodeItem('code', code, voucherUid, now), ...vouchPuts('vouch', made), countVouchItem('month', voucherUid, now)],
    };
  });
  if ('gone' in outcome) throw new AppError('not-found', VOUCH_MESSAGES.subjectGone);
  if (!outcome.ok) {
    if (outcome.failed.includes('month')) throw monthlyLimitError(now);
    // The code was redeemed meanwhile (by another voucher, or by this one in a concurrent click).
    const again = await findVouchCode(form);
    const repeat = again && (await alreadyVouched(voucherUid, again));
    if (repeat) return repeat;
    throw (again && codeRefusal(again, voucherUid, now)) ?? new AppError('aborted', VOUCH_MESSAGES.codeUsed);
  }
  const subject = await userOf(code.subjectUid);
  return { subject, subjectVerified: outcome.after.level === 'verified', lapsesAt: vouch.lapsesAt };
}

/**
 * The caller withdraws the vouch they gave: both sides become 'withdrawn' with the subject's
 * verification checked again in the same transaction. Withdrawing one that does not count any more
 * (already withdrawn, void) changes nothing and answers success.
 */
export async function withdrawVouch(voucherUid: string, subjectUid: string, now: Date): Promise<void> {
  const given = await getVouchGiven(voucherUid, subjectUid);
  if (!given) throw new AppError('not-found', VOUCH_MESSAGES.vouchNotFound);
  if (given.state !== 'active') return;
  const outcome = await writeVerification(subjectUid, now, async (_subject, stored) => ({
    vouches: stored.map((vouch) => (vouch.voucherUid === voucherUid ? { ...vouch, state: 'withdrawn' as const } : vouch)),
    items: await vouchStateItems('vouch', given, 'withdrawn', now),
  }));
  // The subject's record or their side is gone (a member removed): the voucher's own side alone.
  if (!outcome.ok) await setVouchState(subjectUid, voucherUid, 'withdrawn', undefined, now);
}
