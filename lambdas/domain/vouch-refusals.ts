import { VOUCH_MESSAGES } from '#contracts/vouching';
import { AppError } from './app-error.ts';
import { nextVouchMonthStart } from './verification.ts';

/**
 * Why a member may not vouch or a code may not be used, as the sentence they are shown (each
 * refusal writes nothing). The voucher's own right is checked before the code is looked up, so a
 * member who may not vouch learns nothing about codes.
 */

/** A day as the messages say it, e.g. "December 1, 2026" (UTC). */
export function dayOf(at: string | Date): string {
  return new Date(at).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export interface VoucherFacts {
  verificationLevel: string;
  vouchingSuspendedUntil: string | null;
}

/** Why the member may not vouch now (not verified in person, the right lost), or null. */
export function voucherRefusal(voucher: VoucherFacts, now: Date): AppError | null {
  if (voucher.verificationLevel !== 'verified') return new AppError('permission-denied', VOUCH_MESSAGES.voucherNotVerified);
  if (voucher.vouchingSuspendedUntil !== null && voucher.vouchingSuspendedUntil > now.toISOString()) {
    return new AppError('permission-denied', VOUCH_MESSAGES.vouchingSuspended(dayOf(voucher.vouchingSuspendedUntil)));
  }
  return null;
}

/** The refusal for a voucher who gave the most vouches a month allows (VOUCHES_PER_MONTH): when they may vouch again. */
export function monthlyLimitError(now: Date): AppError {
  return new AppError('resource-exhausted', VOUCH_MESSAGES.monthlyLimit(dayOf(nextVouchMonthStart(now))));
}

export interface CodeFacts {
  subjectUid: string;
  validUntil: string;
  redeemedBy?: string;
}

/** Why a code found may not be used by `voucherUid` now (used, expired, their own), or null. */
export function codeRefusal(code: CodeFacts, voucherUid: string, now: Date): AppError | null {
  if (code.redeemedBy !== undefined) return new AppError('aborted', VOUCH_MESSAGES.codeUsed);
  if (code.validUntil <= now.toISOString()) return new AppError('invalid-argument', VOUCH_MESSAGES.codeExpired);
  if (code.subjectUid === voucherUid) return new AppError('invalid-argument', VOUCH_MESSAGES.ownCode);
  return null;
}

export interface SubjectFacts {
  joinedAt: string | null;
  blockedIds: readonly string[];
  blockedByIds: readonly string[];
}

/** Why `voucherUid` may not vouch for the code's member (gone, not joined, a block either way), or null. */
export function subjectRefusal(subject: SubjectFacts | null, voucherUid: string): AppError | null {
  if (subject === null) return new AppError('not-found', VOUCH_MESSAGES.subjectGone);
  if (subject.joinedAt === null) return new AppError('invalid-argument', VOUCH_MESSAGES.subjectNotJoined);
  if (subject.blockedIds.includes(voucherUid) || subject.blockedByIds.includes(voucherUid)) {
    return new AppError('permission-denied', VOUCH_MESSAGES.cannotVouchForMember);
  }
  return null;
}
