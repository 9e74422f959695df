import { describe, expect, it } from 'vitest';
import { VOUCH_MESSAGES } from '../../../lambdas/contracts/vouching.ts';
import {
  accountabilityAfterStrike,
  lapseNoticeAt,
  mayVouch,
  nextVouchMonthStart,
  verificationOf,
  vouchesLeftThisMonth,
  vouchLapseOf,
  vouchMonthOf,
  vouchStateOf,
  type RuleVouch,
  type VerificationFacts,
} from '../../../lambdas/domain/verification.ts';
import { codeRefusal, dayOf, monthlyLimitError, subjectRefusal, voucherRefusal } from '../../../lambdas/domain/vouch-refusals.ts';

const NOW = new Date('2026-11-29T12:00:00.000Z');
const INVITER = 'inviter';

function vouch(voucherUid: string, lapsesAt: string, state: RuleVouch['state'] = 'active'): RuleVouch {
  return { voucherUid, lapsesAt, state };
}

function facts(vouches: RuleVouch[], overrides: Partial<VerificationFacts> = {}): VerificationFacts {
  return { vouches, inviterUid: INVITER, isFounder: false, verifiedByAdmin: false, ...overrides };
}

const IN_A_YEAR = '2027-11-29T12:00:00.000Z';
const IN_SIX_MONTHS = '2027-05-29T12:00:00.000Z';
const IN_NINE_MONTHS = '2027-08-29T12:00:00.000Z';

describe('the rule: two counting vouchers, at least one not the inviter', () => {
  it('verifies a member with the inviter and one other', () => {
    expect(verificationOf(facts([vouch(INVITER, IN_A_YEAR), vouch('other', IN_A_YEAR)]), NOW)).toEqual({
      level: 'verified',
      via: 'vouches',
      until: IN_A_YEAR,
      countingVouches: 2,
    });
  });

  it('verifies a member with two vouchers neither of whom is the inviter', () => {
    expect(verificationOf(facts([vouch('a', IN_A_YEAR), vouch('b', IN_A_YEAR)]), NOW).level).toBe('verified');
  });

  it('does not verify with the inviter alone, however often they vouch', () => {
    const result = verificationOf(facts([vouch(INVITER, IN_A_YEAR), vouch(INVITER, IN_SIX_MONTHS)]), NOW);
    expect(result).toEqual({ level: 'pending', via: null, until: null, countingVouches: 1 });
  });

  it('does not verify with one vouch that is not the inviter', () => {
    expect(verificationOf(facts([vouch('other', IN_A_YEAR)]), NOW).level).toBe('pending');
  });

  it('counts neither withdrawn nor void vouches', () => {
    const result = verificationOf(facts([vouch('a', IN_A_YEAR), vouch('b', IN_A_YEAR, 'withdrawn'), vouch('c', IN_A_YEAR, 'void')]), NOW);
    expect(result).toMatchObject({ level: 'pending', countingVouches: 1 });
  });

  it('verifies the founder and a member an admin verified without a lapse, whatever their vouches', () => {
    expect(verificationOf(facts([], { isFounder: true, inviterUid: null }), NOW)).toEqual({
      level: 'verified',
      via: 'founder',
      until: null,
      countingVouches: 0,
    });
    expect(verificationOf(facts([vouch('a', IN_A_YEAR)], { verifiedByAdmin: true }), NOW)).toEqual({
      level: 'verified',
      via: 'admin',
      until: null,
      countingVouches: 1,
    });
  });
});

describe('lapses', () => {
  it('lasts until the earlier of the two vouches lapses', () => {
    expect(verificationOf(facts([vouch('a', IN_SIX_MONTHS), vouch('b', IN_A_YEAR)]), NOW).until).toBe(IN_SIX_MONTHS);
  });

  it('with three vouchers, lasts until the second to lapse', () => {
    expect(verificationOf(facts([vouch('a', IN_SIX_MONTHS), vouch('b', IN_NINE_MONTHS), vouch('c', IN_A_YEAR)]), NOW).until).toBe(IN_NINE_MONTHS);
  });

  it('with the inviter and others, lasts until the last vouch not the inviter lapses if the inviter outlasts them', () => {
    // The inviter's vouch lasts longest; the rule holds while one other still counts beside it.
    const result = verificationOf(facts([vouch('a', IN_SIX_MONTHS), vouch('b', IN_NINE_MONTHS), vouch(INVITER, IN_A_YEAR)]), NOW);
    expect(result.until).toBe(IN_NINE_MONTHS);
  });

  it('a vouch stops counting at its lapse, not a millisecond later', () => {
    const lapse = '2026-11-29T12:00:00.000Z';
    expect(vouchStateOf(vouch('a', lapse), new Date('2026-11-29T11:59:59.999Z'))).toBe('counting');
    expect(vouchStateOf(vouch('a', lapse), new Date(lapse))).toBe('lapsed');
    expect(verificationOf(facts([vouch('a', lapse), vouch('b', IN_A_YEAR)]), new Date(lapse)).level).toBe('pending');
  });

  it('a vouch lasts 12 months from the meeting, and a withdrawn one stays withdrawn after its lapse', () => {
    expect(vouchLapseOf(NOW)).toBe(IN_A_YEAR);
    expect(vouchStateOf(vouch('a', '2020-01-01T00:00:00.000Z', 'withdrawn'), NOW)).toBe('withdrawn');
  });

  it('renewal: the same voucher vouching again moves the lapse, counting them once', () => {
    const result = verificationOf(facts([vouch('a', IN_SIX_MONTHS), vouch('a', IN_A_YEAR), vouch('b', IN_A_YEAR)]), NOW);
    expect(result).toEqual({ level: 'verified', via: 'vouches', until: IN_A_YEAR, countingVouches: 2 });
  });

  it('the notice comes 30 days before the lapse', () => {
    expect(lapseNoticeAt(IN_A_YEAR)).toBe('2027-10-30T12:00:00.000Z');
  });
});

describe('months', () => {
  it('counts a vouch in its UTC calendar month, and the next month starts on its first day', () => {
    expect(vouchMonthOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(vouchMonthOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
    expect(nextVouchMonthStart(new Date('2026-11-30T23:59:59.999Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextVouchMonthStart(new Date('2026-12-15T08:00:00.000Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('leaves 10 vouches a month, never fewer than none', () => {
    expect(vouchesLeftThisMonth(0)).toBe(10);
    expect(vouchesLeftThisMonth(9)).toBe(1);
    expect(vouchesLeftThisMonth(12)).toBe(0);
  });

  it('the monthly limit says when the voucher may vouch again', () => {
    expect(monthlyLimitError(NOW).message).toBe(VOUCH_MESSAGES.monthlyLimit('December 1, 2026'));
    expect(monthlyLimitError(NOW).status).toBe('resource-exhausted');
  });
});

describe('accountability', () => {
  it('one strike within a year does not take the right to vouch', () => {
    expect(accountabilityAfterStrike([], NOW)).toEqual({ strikes: [NOW.toISOString()], vouchingSuspendedUntil: null });
  });

  it('a second strike within a year takes it for a year', () => {
    const result = accountabilityAfterStrike(['2026-03-01T00:00:00.000Z'], NOW);
    expect(result).toEqual({ strikes: ['2026-03-01T00:00:00.000Z', NOW.toISOString()], vouchingSuspendedUntil: IN_A_YEAR });
  });

  it('a strike older than a year is forgotten', () => {
    expect(accountabilityAfterStrike(['2025-11-01T00:00:00.000Z'], NOW)).toEqual({ strikes: [NOW.toISOString()], vouchingSuspendedUntil: null });
  });
});

describe('who may vouch, and the refusals', () => {
  it('only a member verified in person and not past a lost right', () => {
    expect(mayVouch({ verificationLevel: 'verified' }, NOW)).toBe(true);
    expect(mayVouch({ verificationLevel: 'pending' }, NOW)).toBe(false);
    expect(mayVouch({ verificationLevel: 'verified', vouchingSuspendedUntil: IN_A_YEAR }, NOW)).toBe(false);
    expect(mayVouch({ verificationLevel: 'verified', vouchingSuspendedUntil: '2026-01-01T00:00:00.000Z' }, NOW)).toBe(true);
    expect(voucherRefusal({ verificationLevel: 'pending', vouchingSuspendedUntil: null }, NOW)?.message).toBe(VOUCH_MESSAGES.voucherNotVerified);
    expect(voucherRefusal({ verificationLevel: 'verified', vouchingSuspendedUntil: IN_A_YEAR }, NOW)?.message).toBe(
      VOUCH_MESSAGES.vouchingSuspended(dayOf(IN_A_YEAR)),
    );
    expect(voucherRefusal({ verificationLevel: 'verified', vouchingSuspendedUntil: null }, NOW)).toBeNull();
  });

  it('a code used, expired (at its last instant) or the voucher’s own', () => {
    const code = { subjectUid: 'subject', validUntil: '2026-11-29T12:00:30.000Z' };
    expect(codeRefusal(code, 'voucher', NOW)).toBeNull();
    expect(codeRefusal({ ...code, redeemedBy: 'someone' }, 'voucher', NOW)?.message).toBe(VOUCH_MESSAGES.codeUsed);
    expect(codeRefusal(code, 'voucher', new Date(code.validUntil))?.message).toBe(VOUCH_MESSAGES.codeExpired);
    expect(codeRefusal(code, 'subject', NOW)?.message).toBe(VOUCH_MESSAGES.ownCode);
  });

  it('a member gone, not joined, or blocked either way', () => {
    const subject = { joinedAt: '2026-01-01T00:00:00.000Z', blockedIds: [], blockedByIds: [] };
    expect(subjectRefusal(subject, 'voucher')).toBeNull();
    expect(subjectRefusal(null, 'voucher')?.message).toBe(VOUCH_MESSAGES.subjectGone);
    expect(subjectRefusal({ ...subject, joinedAt: null }, 'voucher')?.message).toBe(VOUCH_MESSAGES.subjectNotJoined);
    expect(subjectRefusal({ ...subject, blockedIds: ['voucher'] }, 'voucher')?.message).toBe(VOUCH_MESSAGES.cannotVouchForMember);
    expect(subjectRefusal({ ...subject, blockedByIds: ['voucher'] }, 'voucher')?.message).toBe(VOUCH_MESSAGES.cannotVouchForMember);
  });
});
