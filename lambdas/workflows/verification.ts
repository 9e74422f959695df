import type { VerificationLevel } from '#contracts/vouching';
import { lapseNoticeAt, verificationOf, type RuleVouch, type Verification } from '#domain/verification';
import { cancelDueItem, scheduleDueItem } from '#data/due';
import { transact, type NamedItem } from '#data/table';
import { getVerificationRecord, listVouchesReceived, verificationUpdateItem, type StoredVouch, type VerificationRecord } from '#data/vouching';

/**
 * One recompute of a member's verification, used by every writer (a vouch, a withdrawal, an admin,
 * the minute sweep's lapse, accountability, removal): read the record and the vouches received,
 * decide with verificationOf, and write the record's fields, its queue attributes and the due
 * items (the lapse and its notice a month before) in one transaction conditioned on the record's
 * vouchVersion, together with the writer's own items. A writer that lost the race to another
 * reads again and decides again.
 */

/** The due work a verification by vouches schedules (lambdas/workflows/due-work.ts handles them). */
export const VERIFICATION_DUE_KINDS = { lapse: 'verification-lapse', notice: 'verification-notice' } as const;

/** Tries on a lost vouchVersion race before giving up (each try reads again). */
const VERSION_TRIES = 5;

/** The record's verification write's item name in a transaction: its failure means the race was lost. */
const RECORD = 'record';

export interface VerificationWrite<N extends string> {
  /** The vouches the rule reads after this write (the stored ones, changed as the write changes them). */
  vouches?: readonly StoredVouch[];
  /** verifiedByAdmin after this write (verifyMember, revokeVerification). */
  verifiedByAdmin?: boolean;
  /** The writer's own items, in the same transaction. */
  items?: NamedItem<N>[];
}

export type VerificationOutcome<N extends string> =
  { ok: true; before: VerificationLevel; after: Verification; record: VerificationRecord } | { ok: false; failed: N[] } | { ok: false; gone: true };

function levelOf(record: VerificationRecord): VerificationLevel {
  return record.verificationLevel === 'verified' ? 'verified' : 'pending';
}

function ruleVouches(vouches: readonly StoredVouch[]): RuleVouch[] {
  return vouches.map(({ voucherUid, lapsesAt, state }) => ({ voucherUid, lapsesAt, state }));
}

/** The lapse and its notice for a verification by vouches; both cancelled otherwise. */
function dueItemsOf(uid: string, verification: Verification, now: Date): NamedItem<'due'>[] {
  if (verification.level !== 'verified' || verification.until === null) {
    return [cancelDueItem('due', VERIFICATION_DUE_KINDS.lapse, uid), cancelDueItem('due', VERIFICATION_DUE_KINDS.notice, uid)];
  }
  const noticeAt = lapseNoticeAt(verification.until);
  return [
    scheduleDueItem('due', VERIFICATION_DUE_KINDS.lapse, uid, verification.until),
    noticeAt > now.toISOString()
      ? scheduleDueItem('due', VERIFICATION_DUE_KINDS.notice, uid, noticeAt)
      : cancelDueItem('due', VERIFICATION_DUE_KINDS.notice, uid),
  ];
}

/**
 * Writes a member's verification as `plan` (given the record and vouches as read) changes it, with
 * the plan's items, retrying on a lost vouchVersion race only. A plan may refuse by throwing.
 * Answers the levels before and after, the failed items of the plan's own, or that the member is gone.
 */
export async function writeVerification<N extends string>(
  uid: string,
  now: Date,
  plan: (record: VerificationRecord, vouches: StoredVouch[]) => VerificationWrite<N> | Promise<VerificationWrite<N>>,
): Promise<VerificationOutcome<N>> {
  for (let attempt = 1; ; attempt++) {
    const [record, stored] = await Promise.all([getVerificationRecord(uid), listVouchesReceived(uid)]);
    if (!record) return { ok: false, gone: true };
    const write = await plan(record, stored);
    const verifiedByAdmin = write.verifiedByAdmin ?? record.verifiedByAdmin;
    const after = verificationOf(
      { vouches: ruleVouches(write.vouches ?? stored), inviterUid: record.inviterUid, isFounder: record.isFounder, verifiedByAdmin },
      now,
    );
    const changes = write.verifiedByAdmin === undefined ? {} : { verifiedByAdmin };
    const items: NamedItem<N | typeof RECORD | 'due'>[] = [
      verificationUpdateItem(RECORD, record, after, now, changes),
      ...dueItemsOf(uid, after, now),
      ...(write.items ?? []),
    ];
    const outcome = await transact(items);
    if (outcome.ok) return { ok: true, before: levelOf(record), after, record };
    const own = outcome.failed.filter((name): name is N => name !== RECORD && name !== 'due');
    if (own.length > 0) return { ok: false, failed: own };
    if (attempt >= VERSION_TRIES) throw new Error(`The verification of ${uid} kept changing while it was being written`);
  }
}

/**
 * Checks a member's verification again against the rule and writes it (the sweep's lapse, a
 * withdrawal, accountability, removal). A member without a record stays as they were: pending.
 */
export async function recheckVerification(uid: string, now: Date): Promise<{ before: VerificationLevel; after: VerificationLevel }> {
  const outcome = await writeVerification(uid, now, () => ({}));
  if (!outcome.ok) return { before: 'pending', after: 'pending' };
  return { before: outcome.before, after: outcome.after.level };
}
