import { MAX_SUSPENSION_DAYS, MODERATION_MESSAGES, type ModerationAction, type ReportTargetType } from '#contracts/moderation';
import { AppError } from './app-error.ts';

/**
 * The rules of reports and graduated sanctions, without storage: when a suspension
 * counts, what a suspension's end may be, whom a sanction may touch, what a code whose owner is
 * sanctioned admits, and what the public moderation log may say.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A suspension counts while now is before its end; an expired one simply stops counting (nothing clears it). */
export function isSuspended(suspendedUntil: string | null | undefined, now: Date): suspendedUntil is string {
  if (typeof suspendedUntil !== 'string') return false;
  const end = Date.parse(suspendedUntil);
  return Number.isFinite(end) && now.getTime() < end;
}

/**
 * What a call gets from a suspended member: the 403 sentence with the end date when the callable
 * writes to the community (contract `refusedWhileSuspended`) and the suspension counts; else null.
 */
export function suspensionRefusal(refusedWhileSuspended: boolean, suspendedUntil: string | null | undefined, now: Date): string | null {
  if (!refusedWhileSuspended || !isSuspended(suspendedUntil, now)) return null;
  return MODERATION_MESSAGES.suspended(suspendedUntil);
}

/** An ISO date (2026-12-01) or date-time with its zone (2026-12-01T12:00:00Z, +02:00). */
const ISO_DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * A suspension's end as stored (an ISO date-time in UTC). A bare date means the start of that day
 * (UTC): the member may act again from that date on. It must lie in the future and at most
 * MAX_SUSPENSION_DAYS ahead (longer: remove the member).
 */
export function suspensionEnd(until: string | undefined, now: Date): string {
  if (until === undefined || until.trim() === '') throw new AppError('invalid-argument', MODERATION_MESSAGES.untilRequired);
  const text = until.trim();
  const end = ISO_DATE_OR_DATE_TIME.test(text) ? Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text) : Number.NaN;
  if (!Number.isFinite(end)) throw new AppError('invalid-argument', MODERATION_MESSAGES.untilInvalid);
  if (end <= now.getTime()) throw new AppError('invalid-argument', MODERATION_MESSAGES.untilInPast);
  if (end > now.getTime() + MAX_SUSPENSION_DAYS * DAY_MS) throw new AppError('invalid-argument', MODERATION_MESSAGES.untilTooFar);
  return new Date(end).toISOString();
}

/** The actions that take a member out of the community (the log names the member, the inviter is told). */
export function removesMember(action: ModerationAction): action is 'remove-member' | 'remove-member-and-tree' {
  return action === 'remove-member' || action === 'remove-member-and-tree';
}

/** The actions that touch the member themself (not only their content): the founder and admins are spared them. */
export function sanctionsMember(action: ModerationAction): boolean {
  return action !== 'dismiss' && action !== 'remove-content';
}

/** Who an action may not touch, and why: the founder and admins are protected from every sanction of the member. */
export function assertSanctionAllowed(action: ModerationAction, subject: { isFounder: boolean; isAdmin: boolean } | null): void {
  if (!sanctionsMember(action) || !subject) return;
  if (subject.isFounder) throw new AppError('permission-denied', MODERATION_MESSAGES.founderProtected);
  if (subject.isAdmin) throw new AppError('permission-denied', MODERATION_MESSAGES.adminProtected);
}

/** A member report names no content: removing content is not an answer to it. */
export function assertActionFitsTarget(action: ModerationAction, targetType: ReportTargetType): void {
  if (action === 'remove-content' && targetType === 'member') throw new AppError('invalid-argument', MODERATION_MESSAGES.nothingToRemove);
}

/**
 * Whether a member's invite code admits someone new: not while their invites are disabled, nor
 * while a suspension counts. Invites held before (reservations) are not judged by this: they stand
 * until they lapse.
 */
export function codeAdmitsNewcomers(owner: { invitesDisabled?: boolean; suspendedUntil?: string | null }, now: Date): boolean {
  return owner.invitesDisabled !== true && !isSuspended(owner.suspendedUntil, now);
}

/** The public log's name of the member: only when the action removed them; everyone else stays unnamed. */
export function publicMemberName(action: ModerationAction, memberName: string | null): string | null {
  return removesMember(action) ? memberName : null;
}

/** What the notices of an action to its member are: the kind they are told under (none for dismiss and removals). */
export function memberNoticeKind(action: ModerationAction): 'warning' | 'suspension' | 'content-removed' | 'invites-disabled' | null {
  switch (action) {
    case 'warn':
      return 'warning';
    case 'suspend':
      return 'suspension';
    case 'remove-content':
      return 'content-removed';
    case 'disable-invites':
      return 'invites-disabled';
    default:
      return null;
  }
}

/** What the inviter is told of someone they invited: a suspension or a removal; nothing else. */
export function inviterNoticeKind(action: ModerationAction): 'invitee-suspended' | 'invitee-removed' | null {
  if (action === 'suspend') return 'invitee-suspended';
  return removesMember(action) ? 'invitee-removed' : null;
}
