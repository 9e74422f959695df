import {
  ACCOUNTABILITY_WINDOW_MONTHS,
  LAPSE_NOTICE_DAYS,
  STRIKES_TO_LOSE_VOUCHING,
  VOUCH_MONTHS,
  VOUCHES_PER_MONTH,
  VOUCHES_TO_VERIFY,
  VOUCHING_BAN_MONTHS,
  type VerificationLevel,
  type VerifiedVia,
  type VouchState,
} from '#contracts/vouching';

/**
 * Verification in person, as pure rules: who is verified, until when, and who may vouch. The data
 * layer stores vouches and the member's verification; every writer decides with these functions.
 */

/** A vouch as the rule reads it: who gave it, until when it counts, whether it was withdrawn or voided. */
export interface RuleVouch {
  voucherUid: string;
  lapsesAt: string;
  state: 'active' | 'withdrawn' | 'void';
}

export interface VerificationFacts {
  vouches: readonly RuleVouch[];
  /** The member's inviter (null for the founder and members admitted without an invite). */
  inviterUid: string | null;
  isFounder: boolean;
  /** An admin verified the member directly (verifyMember), and no one revoked it since. */
  verifiedByAdmin: boolean;
}

export interface Verification {
  level: VerificationLevel;
  via: VerifiedVia | null;
  /** When it lapses unless renewed; null when it does not lapse or the member is pending. */
  until: string | null;
  /** Counting vouches, one per voucher. */
  countingVouches: number;
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** When a vouch given at `vouchedAt` lapses: 12 months later. */
export function vouchLapseOf(vouchedAt: Date): string {
  return addMonths(vouchedAt, VOUCH_MONTHS).toISOString();
}

/** The state a member sees: counting, or why not. */
export function vouchStateOf(vouch: RuleVouch, now: Date): VouchState {
  if (vouch.state === 'withdrawn') return 'withdrawn';
  if (vouch.state === 'void') return 'void';
  return vouch.lapsesAt > now.toISOString() ? 'counting' : 'lapsed';
}

/** The latest lapse per voucher among counting vouches (a voucher counts once, however many vouches they gave). */
function countingByVoucher(vouches: readonly RuleVouch[], now: Date): Map<string, string> {
  const latest = new Map<string, string>();
  for (const vouch of vouches) {
    if (vouchStateOf(vouch, now) !== 'counting') continue;
    const seen = latest.get(vouch.voucherUid);
    if (seen === undefined || vouch.lapsesAt > seen) latest.set(vouch.voucherUid, vouch.lapsesAt);
  }
  return latest;
}

/**
 * Whether a set of counting vouchers meets the rule: two vouchers, at least one of them not the
 * inviter (an inviter alone cannot verify their invitees).
 */
function meetsRule(voucherUids: readonly string[], inviterUid: string | null): boolean {
  const others = voucherUids.filter((uid) => uid !== inviterUid);
  return voucherUids.length >= VOUCHES_TO_VERIFY && others.length >= 1;
}

/**
 * The member's verification now. The founder and a member an admin verified are verified without
 * lapse; otherwise by vouches, until the moment the counting set would stop meeting the rule.
 */
export function verificationOf(facts: VerificationFacts, now: Date): Verification {
  const counting = countingByVoucher(facts.vouches, now);
  const countingVouches = counting.size;
  if (facts.isFounder) return { level: 'verified', via: 'founder', until: null, countingVouches };
  if (facts.verifiedByAdmin) return { level: 'verified', via: 'admin', until: null, countingVouches };
  if (!meetsRule([...counting.keys()], facts.inviterUid)) return { level: 'pending', via: null, until: null, countingVouches };
  // The rule holds until the earliest lapse after which the remaining vouchers no longer meet it.
  const byLapse = [...counting.entries()].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0));
  let until = byLapse[byLapse.length - 1]?.[1] ?? now.toISOString();
  for (let dropped = 1; dropped <= byLapse.length; dropped++) {
    const remaining = byLapse.slice(dropped).map(([uid]) => uid);
    if (!meetsRule(remaining, facts.inviterUid)) {
      until = byLapse[dropped - 1]?.[1] ?? until;
      break;
    }
  }
  return { level: 'verified', via: 'vouches', until, countingVouches };
}

/** When to tell a member their verification will lapse: a month before (never in the past of its own start). */
export function lapseNoticeAt(until: string): string {
  return new Date(new Date(until).getTime() - LAPSE_NOTICE_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** The calendar month (UTC) a vouch is counted in, e.g. '2026-11'. */
export function vouchMonthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The first day of the next calendar month (UTC), when the monthly count starts again. */
export function nextVouchMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export function vouchesLeftThisMonth(givenThisMonth: number): number {
  return Math.max(0, VOUCHES_PER_MONTH - givenThisMonth);
}

/**
 * A voucher's strikes after one of their vouchees was removed as not real: the removals within the
 * window, and whether they now lose the right to vouch (and until when).
 */
export function accountabilityAfterStrike(earlierStrikes: readonly string[], now: Date): { strikes: string[]; vouchingSuspendedUntil: string | null } {
  const windowStart = addMonths(now, -ACCOUNTABILITY_WINDOW_MONTHS).toISOString();
  const strikes = [...earlierStrikes.filter((at) => at > windowStart), now.toISOString()];
  const suspended = strikes.length >= STRIKES_TO_LOSE_VOUCHING ? addMonths(now, VOUCHING_BAN_MONTHS).toISOString() : null;
  return { strikes, vouchingSuspendedUntil: suspended };
}

/**
 * Whether a member shows the "Verified in person" badge: their record's level, which every
 * verification write keeps (a lapse moves it back to 'pending'). Anything else, or nothing, is not verified.
 */
export function isVerifiedInPerson(member: { verificationLevel?: unknown }): boolean {
  return member.verificationLevel === 'verified';
}

/** Whether a member may vouch now: verified in person and not past a lost right. */
export function mayVouch(member: { verificationLevel: string; vouchingSuspendedUntil?: string | undefined }, now: Date): boolean {
  if (member.verificationLevel !== 'verified') return false;
  return member.vouchingSuspendedUntil === undefined || member.vouchingSuspendedUntil <= now.toISOString();
}
