// Types only: the words need no zod at run time.
import type { VerificationStatus, VouchState } from '#contracts/vouching';
import { formatDate } from './dates.ts';

/**
 * The member's own verification in words, as their profile and Settings › Vouches say it:
 * "Verified in person since Nov 29, 2026, until Nov 29, 2027" (until only when it lapses: an
 * admin's or the founder's does not), or how far a pending member is.
 */
export function verificationSentence(status: VerificationStatus, needed: number): string {
  if (status.level !== 'verified') {
    return `Not yet verified in person: ${status.countingVouches} of ${needed} vouches so far.`;
  }
  const since = status.verifiedAt ? ` since ${formatDate(status.verifiedAt)}` : '';
  const until = status.verifiedUntil ? `, until ${formatDate(status.verifiedUntil)}` : '';
  return `Verified in person${since}${until}.`;
}

/** A vouch's state as its two members read it. */
export const VOUCH_STATE_LABELS: Record<VouchState, string> = {
  counting: 'Counting',
  lapsed: 'Lapsed',
  withdrawn: 'Withdrawn',
  void: 'Void: the voucher was removed',
};
