import { getUser } from '#data/members';
import { notifyVerificationExpiring } from '#data/notifications';
import { recheckVerification, VERIFICATION_DUE_KINDS } from '#workflows/verification';

/**
 * What the minute sweep (lambdas/jobs/due-items-sweep.ts) does with a due item of each kind, given
 * the item's subject and the sweep's clock. Each is safe to run twice (the sweep deletes an item only
 * after its work succeeded, so a run that failed between the two does the work again): it works from
 * what the table says now, never from what the item held. A later feature adds its kind here and
 * schedules items of it with scheduleDueItem (#data/due).
 */
export type DueWork = (subjectId: string, now: Date) => Promise<void>;

export const DUE_WORK: Readonly<Record<string, DueWork>> = {
  // The member's vouches are read again: a lapse moves them back to pending only if no renewal came first.
  [VERIFICATION_DUE_KINDS.lapse]: async (uid, now) => {
    await recheckVerification(uid, now);
  },
  [VERIFICATION_DUE_KINDS.notice]: tellVerificationExpiring,
};

/**
 * The month-ahead notice, only while the member is still verified by vouches that lapse (a renewal
 * reschedules the notice, an admin's verification or a revocation cancels it; this reads the record
 * in case one landed meanwhile). The notice is written once per lapse, and the table stream tells
 * the member (the notification and its live push), as it tells every other vouching notice.
 */
async function tellVerificationExpiring(uid: string, now: Date): Promise<void> {
  const member = await getUser(uid);
  if (!member || member.verificationLevel !== 'verified' || member.verifiedVia !== 'vouches' || !member.verifiedUntil) return;
  await notifyVerificationExpiring(uid, member.verifiedUntil, now);
}
