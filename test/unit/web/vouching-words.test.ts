import { describe, expect, it } from 'vitest';
import type { AppNotification, VouchNotice } from '../../../lambdas/contracts/notifications.ts';
import { notificationLink, notificationText } from '../../../web/src/features/notifications/api/notifications.ts';
import { verificationSentence, VOUCH_STATE_LABELS } from '../../../web/src/lib/verification-words.ts';
import { HOW_VERIFICATION_WORKS, WHAT_IT_DOES_NOT_PROVE } from '../../../web/src/features/about/routes/verification.tsx';
import {
  ACCOUNTABILITY_WINDOW_MONTHS,
  LAPSE_NOTICE_DAYS,
  STRIKES_TO_LOSE_VOUCHING,
  VOUCH_CODE_SECONDS,
  VOUCH_MONTHS,
  VOUCH_SHORT_CODE_LENGTH,
  VOUCHES_PER_MONTH,
  VOUCHES_TO_VERIFY,
  VOUCHING_BAN_MONTHS,
} from '../../../lambdas/contracts/vouching.ts';

const vouching: AppNotification = {
  notificationId: '01JD0000000000000000000000',
  kind: 'vouching',
  createdAt: '2026-11-25T10:00:00.000Z',
  read: false,
  actor: { uid: 'bo', displayName: 'Bo Voucher', profilePicture: '', removed: false },
  postId: null,
  postAuthorId: null,
  commentId: null,
  noticeKind: null,
  vouchNotice: 'vouched',
  vouchUntil: null,
};

const notice = (vouchNotice: VouchNotice, vouchUntil: string | null = null): AppNotification => ({
  ...vouching,
  actor: vouchNotice === 'vouched' ? vouching.actor : null,
  vouchNotice,
  vouchUntil,
});

describe('vouching notifications in words', () => {
  it('says each notice in one sentence, with the date it names', () => {
    expect(notificationText(notice('vouched'))).toBe('Bo Voucher vouched for you');
    expect(notificationText(notice('verified'))).toBe('You are now verified in person');
    expect(notificationText(notice('expiring', '2027-12-24T12:00:00.000Z'))).toBe(
      'Your verification lapses on Dec 24, 2027 unless someone vouches for you again',
    );
    expect(notificationText(notice('lapsed'))).toBe('You are no longer verified in person: two verified members who know you can vouch for you again');
    expect(notificationText(notice('vouchee-removed'))).toBe('A member you vouched for was removed as not being who they said');
    expect(notificationText(notice('voucher-removed'))).toBe('Someone who vouched for you was removed; your verification was checked again');
    expect(notificationText(notice('vouching-suspended', '2027-11-25T12:00:00.000Z'))).toBe('You cannot vouch for anyone until Nov 25, 2027');
  });

  it("leads notices about the member's own verification to Get verified, and those about vouches to Settings › Vouches", () => {
    for (const kind of ['expiring', 'lapsed', 'voucher-removed'] as const) expect(notificationLink(notice(kind))).toBe('/verify');
    for (const kind of ['vouched', 'verified', 'vouchee-removed', 'vouching-suspended'] as const) {
      expect(notificationLink(notice(kind))).toBe('/settings?tab=vouches');
    }
  });
});

describe("the member's verification in words", () => {
  const pending = { level: 'pending', via: null, verifiedAt: null, verifiedUntil: null, countingVouches: 1 } as const;

  it('says how far a pending member is', () => {
    expect(verificationSentence(pending, 2)).toBe('Not yet verified in person: 1 of 2 vouches so far.');
  });

  it('says since when a member is verified, and until when only when it lapses', () => {
    const byVouches = {
      ...pending,
      level: 'verified',
      via: 'vouches',
      verifiedAt: '2026-11-29T12:00:00.000Z',
      verifiedUntil: '2027-11-29T12:00:00.000Z',
      countingVouches: 2,
    } as const;
    expect(verificationSentence(byVouches, 2)).toBe('Verified in person since Nov 29, 2026, until Nov 29, 2027.');
    expect(verificationSentence({ ...byVouches, via: 'admin', verifiedUntil: null }, 2)).toBe('Verified in person since Nov 29, 2026.');
  });

  it('names every state of a vouch', () => {
    expect(Object.keys(VOUCH_STATE_LABELS).sort()).toEqual(['counting', 'lapsed', 'void', 'withdrawn']);
  });
});

describe('the public page on how verification works', () => {
  it('says the rule the server keeps, in words', () => {
    // The page spells the figures out (it imports no contracts, to stay light); these are the ones it spells.
    expect({
      VOUCHES_TO_VERIFY,
      VOUCH_CODE_SECONDS,
      VOUCH_SHORT_CODE_LENGTH,
      VOUCH_MONTHS,
      LAPSE_NOTICE_DAYS,
      VOUCHES_PER_MONTH,
      STRIKES_TO_LOSE_VOUCHING,
      ACCOUNTABILITY_WINDOW_MONTHS,
      VOUCHING_BAN_MONTHS,
    }).toEqual({
      VOUCHES_TO_VERIFY: 2,
      VOUCH_CODE_SECONDS: 60,
      VOUCH_SHORT_CODE_LENGTH: 6,
      VOUCH_MONTHS: 12,
      LAPSE_NOTICE_DAYS: 30,
      VOUCHES_PER_MONTH: 10,
      STRIKES_TO_LOSE_VOUCHING: 2,
      ACCOUNTABILITY_WINDOW_MONTHS: 12,
      VOUCHING_BAN_MONTHS: 12,
    });
    const page = HOW_VERIFICATION_WORKS.join(' ');
    for (const words of [
      'two members',
      'not the member who invited them',
      'every minute',
      'six characters',
      '12 months',
      'a month before',
      'at most 10 vouches a month',
      'for a year',
      'only by the two members and by the admins',
    ]) {
      expect(page).toContain(words);
    }
    expect(HOW_VERIFICATION_WORKS.length).toBeGreaterThanOrEqual(5);
    expect(WHAT_IT_DOES_NOT_PROVE).toContain('not an identity document check and not a background check');
  });
});
