import type { ModerationAction, Notice, OwnReport, ReportReason, ReportTargetType } from '#contracts/moderation';
import { formatDay } from './api/moderation.ts';

/** Report reasons as the report dialog, the admin queue and the log name them. */
export const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  impersonation: 'Impersonation',
  'not-a-real-person': 'Not a real person',
  other: 'Other',
};

/** Admin actions as the resolve form offers them. */
export const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  'remove-content': 'Remove content',
  warn: 'Warn',
  suspend: 'Suspend',
  'disable-invites': 'Disable invites',
  'remove-member': 'Remove member',
  'remove-member-and-tree': 'Remove member and their invite tree',
};

/** What was done, in words (the public log, a reporter's outcome). */
export const OUTCOME_WORDS: Record<ModerationAction, string> = {
  dismiss: 'Dismissed: no action taken',
  'remove-content': 'The content was removed',
  warn: 'The member was warned',
  suspend: 'The member was suspended',
  'disable-invites': "The member's invites were disabled",
  'remove-member': 'The member was removed',
  'remove-member-and-tree': 'The member and the members they invited were removed',
};

export const TARGET_WORDS: Record<ReportTargetType, string> = { post: 'a post', comment: 'a comment', member: 'a member' };

/** "Post", "Comment", "Member": the kind of content a log line is about. */
export const TARGET_LABELS: Record<ReportTargetType, string> = { post: 'Post', comment: 'Comment', member: 'Member' };

/** A reporter's own report in words: "Open: an admin will look at it." or the outcome. */
export function ownReportStatus(report: OwnReport): string {
  if (report.status === 'open' || !report.outcome) return 'Open: an admin will look at it.';
  return `Resolved: ${OUTCOME_WORDS[report.outcome].charAt(0).toLowerCase()}${OUTCOME_WORDS[report.outcome].slice(1)}.`;
}

/** A moderation notice in words (the dashboard's notices, the Invites page). */
export function noticeText(notice: Notice): string {
  const name = notice.memberName ?? 'A member';
  switch (notice.kind) {
    case 'warning':
      return 'An admin warned you about something you shared.';
    case 'suspension':
      return notice.until ? `Your account was suspended until ${formatDay(notice.until, { utc: true })}.` : 'Your account was suspended.';
    case 'content-removed':
      return `An admin removed ${notice.targetType ? TARGET_WORDS[notice.targetType] : 'something'} you wrote.`;
    case 'invites-disabled':
      return 'An admin disabled your invites: your code admits nobody.';
    case 'invitee-suspended':
      return `${name}, whom you invited, was suspended.`;
    case 'invitee-removed':
      return `${name}, whom you invited, was removed.`;
    case 'report-resolved': {
      const what = notice.targetType ? TARGET_WORDS[notice.targetType] : 'something';
      const outcome = notice.outcome ? OUTCOME_WORDS[notice.outcome] : 'It was resolved';
      return `Your report about ${what} was resolved. ${outcome}.`;
    }
  }
}
