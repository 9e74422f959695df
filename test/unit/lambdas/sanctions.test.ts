import { describe, expect, it } from 'vitest';
import { MAX_SUSPENSION_DAYS, MODERATION_MESSAGES } from '#contracts/moderation';
import { INVITE_MESSAGES } from '#contracts/joining';
import { assertCanInvite, decideInviteType } from '#domain/invite-rules';
import {
  assertActionFitsTarget,
  assertSanctionAllowed,
  codeAdmitsNewcomers,
  inviterNoticeKind,
  isSuspended,
  memberNoticeKind,
  publicMemberName,
  suspensionEnd,
  suspensionRefusal,
} from '#domain/sanctions';

const now = new Date('2026-06-01T12:00:00.000Z');

describe('suspension', () => {
  it('counts while now is before its end, and simply stops counting after it', () => {
    expect(isSuspended('2026-06-02T00:00:00.000Z', now)).toBe(true);
    expect(isSuspended('2026-06-01T12:00:00.000Z', now)).toBe(false);
    expect(isSuspended('2026-05-01T00:00:00.000Z', now)).toBe(false);
    expect(isSuspended(undefined, now)).toBe(false);
    expect(isSuspended(null, now)).toBe(false);
    expect(isSuspended('not a date', now)).toBe(false);
  });

  it('refuses only the callables marked refusedWhileSuspended, with the end date', () => {
    expect(suspensionRefusal(true, '2026-07-01T00:00:00.000Z', now)).toBe(MODERATION_MESSAGES.suspended('2026-07-01T00:00:00.000Z'));
    expect(MODERATION_MESSAGES.suspended('2026-07-01T00:00:00.000Z')).toContain('2026-07-01');
    expect(suspensionRefusal(false, '2026-07-01T00:00:00.000Z', now)).toBeNull();
    expect(suspensionRefusal(true, '2026-05-01T00:00:00.000Z', now)).toBeNull();
  });

  it('takes an ISO date (the start of that day, UTC) or date-time with its zone, in the future and at most MAX_SUSPENSION_DAYS ahead', () => {
    expect(suspensionEnd('2026-06-10', now)).toBe('2026-06-10T00:00:00.000Z');
    expect(suspensionEnd('2026-06-10T08:30:00+02:00', now)).toBe('2026-06-10T06:30:00.000Z');
    expect(suspensionEnd(' 2026-06-01T12:00:01Z ', now)).toBe('2026-06-01T12:00:01.000Z');
    expect(() => suspensionEnd(undefined, now)).toThrow(MODERATION_MESSAGES.untilRequired);
    expect(() => suspensionEnd('  ', now)).toThrow(MODERATION_MESSAGES.untilRequired);
    expect(() => suspensionEnd('next tuesday', now)).toThrow(MODERATION_MESSAGES.untilInvalid);
    expect(() => suspensionEnd('2026-06-10T08:30', now)).toThrow(MODERATION_MESSAGES.untilInvalid);
    expect(() => suspensionEnd('2026-13-45', now)).toThrow(MODERATION_MESSAGES.untilInvalid);
    expect(() => suspensionEnd('2026-06-01', now)).toThrow(MODERATION_MESSAGES.untilInPast);
    const last = new Date(now.getTime() + MAX_SUSPENSION_DAYS * 86_400_000).toISOString();
    expect(suspensionEnd(last, now)).toBe(last);
    expect(() => suspensionEnd(new Date(Date.parse(last) + 1000).toISOString(), now)).toThrow(MODERATION_MESSAGES.untilTooFar);
  });
});

describe('who a sanction may touch', () => {
  const member = { isFounder: false, isAdmin: false };
  it('spares the founder and admins every sanction of the member, but not dismissal or the removal of their content', () => {
    for (const action of ['warn', 'suspend', 'disable-invites', 'remove-member', 'remove-member-and-tree'] as const) {
      expect(() => assertSanctionAllowed(action, { isFounder: true, isAdmin: true }), action).toThrow(MODERATION_MESSAGES.founderProtected);
      expect(() => assertSanctionAllowed(action, { isFounder: false, isAdmin: true }), action).toThrow(MODERATION_MESSAGES.adminProtected);
      expect(() => assertSanctionAllowed(action, member), action).not.toThrow();
    }
    for (const action of ['dismiss', 'remove-content'] as const) expect(() => assertSanctionAllowed(action, { isFounder: true, isAdmin: true })).not.toThrow();
  });

  it('has no content to remove on a member report', () => {
    expect(() => assertActionFitsTarget('remove-content', 'member')).toThrow(MODERATION_MESSAGES.nothingToRemove);
    expect(() => assertActionFitsTarget('remove-content', 'comment')).not.toThrow();
    expect(() => assertActionFitsTarget('warn', 'member')).not.toThrow();
  });
});

describe('what people are told', () => {
  it('names a member in the public log only when the action removed them', () => {
    expect(publicMemberName('remove-member', 'Sam')).toBe('Sam');
    expect(publicMemberName('remove-member-and-tree', 'Sam')).toBe('Sam');
    for (const action of ['dismiss', 'remove-content', 'warn', 'suspend', 'disable-invites'] as const) expect(publicMemberName(action, 'Sam')).toBeNull();
  });

  it('tells the member of a warning, suspension, removed content or disabled invites, and the inviter of a suspension or removal', () => {
    expect(memberNoticeKind('warn')).toBe('warning');
    expect(memberNoticeKind('suspend')).toBe('suspension');
    expect(memberNoticeKind('remove-content')).toBe('content-removed');
    expect(memberNoticeKind('disable-invites')).toBe('invites-disabled');
    expect(memberNoticeKind('dismiss')).toBeNull();
    expect(memberNoticeKind('remove-member')).toBeNull();
    expect(inviterNoticeKind('suspend')).toBe('invitee-suspended');
    expect(inviterNoticeKind('remove-member')).toBe('invitee-removed');
    expect(inviterNoticeKind('remove-member-and-tree')).toBe('invitee-removed');
    expect(inviterNoticeKind('warn')).toBeNull();
  });
});

describe("a sanctioned member's invite code", () => {
  const inviter = {
    isSuperuser: false,
    isAdmin: false,
    joinedAt: '2026-01-01T00:00:00.000Z',
    inviteSystem: {
      invitesRemaining: 10,
      invitesReserved: 0,
      invitesUsed: 0,
      inviteCode: 'ABCDEFGH',
      localInvitesUsed: 0,
      distantInvitesUsed: 0,
      invitedBy: null,
    },
  };

  it('admits nobody new while invites are disabled or a suspension counts, answered as an unknown code; an invite already held stands', () => {
    expect(codeAdmitsNewcomers({}, now)).toBe(true);
    expect(codeAdmitsNewcomers({ invitesDisabled: true }, now)).toBe(false);
    expect(codeAdmitsNewcomers({ suspendedUntil: '2026-07-01T00:00:00.000Z' }, now)).toBe(false);
    expect(codeAdmitsNewcomers({ suspendedUntil: '2026-05-01T00:00:00.000Z' }, now)).toBe(true);
    const disabled = { ...inviter, invitesDisabled: true };
    expect(() => assertCanInvite(disabled, false, now)).toThrow(INVITE_MESSAGES.invalidCode);
    expect(() => decideInviteType(disabled, 'local', false, now)).toThrow(INVITE_MESSAGES.invalidCode);
    expect(() => decideInviteType({ ...disabled, isSuperuser: true }, 'local', false, now)).toThrow(INVITE_MESSAGES.invalidCode);
    expect(decideInviteType(disabled, 'local', true, now)).toBe('local');
    const suspended = { ...inviter, suspendedUntil: '2026-07-01T00:00:00.000Z' };
    expect(() => assertCanInvite(suspended, false, now)).toThrow(INVITE_MESSAGES.invalidCode);
    expect(() => assertCanInvite(suspended, false, new Date('2026-07-01T00:00:00.000Z'))).not.toThrow();
  });
});
