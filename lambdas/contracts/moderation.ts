import * as z from 'zod';
import { actionReasonSchema } from './admin.ts';
import { memberSummarySchema, userIdSchema } from './anchors.ts';

/** Members one member may block, and mute (each list is kept on the member's record). */
export const MAX_BLOCKED = 1000;
export const MAX_MUTED = 1000;
/** Reports the admin queue shows a page; the member's own reports and the public log alike. */
export const REPORTS_PAGE_SIZE = 50;
export const MODERATION_LOG_PAGE_SIZE = 50;
export const NOTICES_LIMIT = 50;
/** The longest suspension an admin may set (longer: remove the member). */
export const MAX_SUSPENSION_DAYS = 366;
export const REPORT_NOTE_MAX_LENGTH = 500;
export const NOTE_TO_MEMBER_MAX_LENGTH = 500;

/** Plain sentences for what the spec leaves open. */
export const MODERATION_MESSAGES = {
  blockYourself: 'You cannot block yourself',
  muteYourself: 'You cannot mute yourself',
  reportYourself: 'You cannot report yourself or your own content',
  tooManyBlocked: `You can block at most ${MAX_BLOCKED} members`,
  tooManyMuted: `You can mute at most ${MAX_MUTED} members`,
  userNotFound: 'User not found',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  alreadyReported: 'You have already reported this. An admin will look at it.',
  reportNotFound: 'Report not found',
  reportAlreadyResolved: 'This report has already been resolved.',
  untilRequired: 'Please choose the date the suspension ends',
  untilInvalid: 'Please give the date the suspension ends as YYYY-MM-DD (or an ISO date-time)',
  untilInPast: 'The suspension must end in the future',
  untilTooFar: `A suspension can last at most ${MAX_SUSPENSION_DAYS} days`,
  nothingToRemove: 'A report about a member has no content to remove: choose another action.',
  founderProtected: 'The founder cannot be suspended, have invites disabled or be removed.',
  adminProtected: 'An admin cannot be sanctioned: revoke their admin role first.',
  /** What a suspended member's writes answer (403), with the date their suspension ends. */
  suspended: (until: string) =>
    `Your account is suspended until ${until.slice(0, 10)}. You can read, but not post, comment, like, anchor or invite until then.`,
  reportFailed: 'Failed to send the report. Please try again.',
  /** Other reports on the same target kept changing while this one was being resolved. */
  resolveContended: 'Other reports on this were changing at the same moment. Please try again.',
} as const;

export const reportTargetTypeSchema = z.enum(['post', 'comment', 'member']);
export type ReportTargetType = z.infer<typeof reportTargetTypeSchema>;

export const reportReasonSchema = z.enum(['spam', 'harassment', 'impersonation', 'not-a-real-person', 'other']);
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const moderationActionSchema = z.enum(['dismiss', 'remove-content', 'warn', 'suspend', 'disable-invites', 'remove-member', 'remove-member-and-tree']);
export type ModerationAction = z.infer<typeof moderationActionSchema>;

/** A post or comment id (ULID) or a member's uid. */
export const reportTargetSchema = z
  .object({
    type: reportTargetTypeSchema,
    id: z.string().trim().min(1, 'A report needs its target').max(128),
    /** A comment's post, when the client knows it; without it the server finds the comment by its id. */
    postId: z.string().trim().max(128).optional(),
  })
  .strict();
export type ReportTarget = z.infer<typeof reportTargetSchema>;

/** Someone the member blocked or muted, with when. */
export const listedMemberSchema = memberSummarySchema.extend({ since: z.string() });
export type ListedMember = z.infer<typeof listedMemberSchema>;

/** What a report is about, as an admin reads it in the queue: the content in context, or null when it is gone. */
export const reportedContentSchema = z.object({
  /** The member the report is about: the content's author, or the reported member. */
  member: memberSummarySchema.extend({ isSuspended: z.boolean(), invitesDisabled: z.boolean() }).nullable(),
  /** The post, or the comment's post (its text and author), for context. */
  post: z.object({ postId: z.string(), authorName: z.string(), content: z.string(), createdAt: z.string(), privacy: z.string() }).nullable(),
  /** The reported comment, for a comment report. */
  comment: z.object({ commentId: z.string(), content: z.string(), createdAt: z.string() }).nullable(),
});

export const reportStatusSchema = z.enum(['open', 'resolved']);

/** One open report in the admin queue (oldest first). */
export const queuedReportSchema = z.object({
  reportId: z.string(),
  createdAt: z.string(),
  reason: reportReasonSchema,
  note: z.string(),
  reporter: memberSummarySchema,
  target: z.object({ type: reportTargetTypeSchema, id: z.string(), postId: z.string().nullable() }),
  content: reportedContentSchema,
  /** Open reports on the same target, this one included: resolving one resolves them all. */
  openReportsOnTarget: z.number().int(),
});
export type QueuedReport = z.infer<typeof queuedReportSchema>;

/** A report as its reporter sees it: what they reported and the outcome, never who else did or any admin's text. */
export const ownReportSchema = z.object({
  reportId: z.string(),
  createdAt: z.string(),
  reason: reportReasonSchema,
  targetType: reportTargetTypeSchema,
  status: reportStatusSchema,
  /** The action taken, once resolved. */
  outcome: moderationActionSchema.nullable(),
  resolvedAt: z.string().nullable(),
});
export type OwnReport = z.infer<typeof ownReportSchema>;

/** One line of the public moderation log: which action, when, on which kind of content. */
export const moderationLogEntrySchema = z.object({
  entryId: z.string(),
  action: moderationActionSchema,
  at: z.string(),
  targetType: reportTargetTypeSchema,
  reason: reportReasonSchema,
  /** Named only when the action removed a member (remove-member, remove-member-and-tree). */
  memberName: z.string().nullable(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

/** What a member is told about moderation that concerns them. */
export const noticeKindSchema = z.enum([
  'warning',
  'suspension',
  'content-removed',
  'invites-disabled',
  'invitee-suspended',
  'invitee-removed',
  'report-resolved',
]);
export type NoticeKind = z.infer<typeof noticeKindSchema>;

export const noticeSchema = z.object({
  noticeId: z.string(),
  kind: noticeKindSchema,
  at: z.string(),
  /** The admin's note to the member (warning, suspension, removed content, disabled invites); never the private reason. */
  noteToMember: z.string().nullable(),
  /** A suspension's end. */
  until: z.string().nullable(),
  /** For content-removed and report-resolved: which kind of thing. */
  targetType: reportTargetTypeSchema.nullable(),
  /** For report-resolved: the outcome. */
  outcome: moderationActionSchema.nullable(),
  /** For invitee-suspended and invitee-removed: whom they invited. */
  memberName: z.string().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** The member's own standing: whether they are suspended (until when, why), whether their invites are disabled. */
export const standingSchema = z.object({
  suspendedUntil: z.string().nullable(),
  suspensionNote: z.string().nullable(),
  invitesDisabled: z.boolean(),
});
export type Standing = z.infer<typeof standingSchema>;

const memberTargetInput = z.object({ userId: userIdSchema }).strict();
const cursorSchema = z.string().trim().min(1).max(200);

export const moderationCallables = {
  blockMember: {
    access: 'member',
    budget: 'blocks',
    input: memberTargetInput,
    output: z.object({ userId: z.string(), changed: z.boolean() }),
    description:
      "Blocks a member: any anchor connection or pending request between the two is removed (counters and feeds follow) and the pair is recorded as blocked, saying who blocked whom (both may block; it stays blocked until both unblock). From then on neither can send the other an anchor request ('Cannot send anchor request'), see the other's profile ('User not found'), posts, comments or likes, or find the other in search. The blocker's pictures move to new keys, so links the blocked member saved stop working. Blocking someone already blocked answers success with changed: false. 'You cannot block yourself' (400); 'User not found' (404); 409 'You can block at most 1000 members'. Block and unblock spend the 'blocks' budget (30 an hour).",
  },
  unblockMember: {
    refusedWhileSuspended: true,
    access: 'member',
    budget: 'blocks',
    input: memberTargetInput,
    output: z.object({ userId: z.string(), changed: z.boolean() }),
    description:
      "Takes back the caller's block; the pair is no longer blocked once neither blocks the other (nothing is restored: no anchor comes back). Unblocking someone not blocked answers success with changed: false.",
  },
  listBlocked: {
    access: 'member',
    readOnly: true,
    input: z.object({}).strict(),
    output: z.object({ members: z.array(listedMemberSchema) }),
    description: 'The members the caller blocked (not those who blocked the caller), most recent first.',
  },
  muteMember: {
    access: 'member',
    input: memberTargetInput,
    output: z.object({ userId: z.string(), changed: z.boolean() }),
    description:
      "Mutes a member: their posts and comments leave the caller's feed and threads until unmuted; they are told nothing and nothing else changes (an anchor stays an anchor). 'You cannot mute yourself' (400); 'User not found' (404); 409 'You can mute at most 1000 members'; a repeat answers changed: false.",
  },
  unmuteMember: {
    access: 'member',
    input: memberTargetInput,
    output: z.object({ userId: z.string(), changed: z.boolean() }),
    description: "Unmutes: the member's posts and comments come back in the caller's feed and threads. A repeat answers changed: false.",
  },
  listMuted: {
    access: 'member',
    readOnly: true,
    input: z.object({}).strict(),
    output: z.object({ members: z.array(listedMemberSchema) }),
    description: 'The members the caller muted, most recent first.',
  },
  reportContent: {
    access: 'member',
    budget: 'reports',
    input: z
      .object({
        target: reportTargetSchema,
        reason: reportReasonSchema,
        note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH).optional(),
      })
      .strict(),
    output: z.object({ reportId: z.string() }),
    description:
      "Reports a post, a comment or a member to the admins, with a reason and an optional note (500 characters). One open report per reporter and target: a second is 409 'You have already reported this. An admin will look at it.'. 'You cannot report yourself or your own content' (400); 'Post not found' / 'Comment not found' / 'User not found' (404) for a target that is gone or that the caller may not see. Spends the 'reports' budget.",
  },
  listReports: {
    access: 'admin',
    readOnly: true,
    input: z.object({ cursor: cursorSchema.optional() }).strict(),
    output: z.object({ reports: z.array(queuedReportSchema), nextCursor: z.string().nullable() }),
    description:
      'Admin: the open reports, oldest first, 50 a page, each with its reporter, reason and note and the content in context (the post, the comment and its post, or the member), read from a sparse index that holds only open reports.',
  },
  resolveReport: {
    access: 'admin',
    input: z
      .object({
        reportId: z.string().trim().min(1).max(64),
        action: moderationActionSchema,
        reason: actionReasonSchema,
        noteToMember: z.string().trim().max(NOTE_TO_MEMBER_MAX_LENGTH).optional(),
        /** The suspension's end (an ISO date or date-time), for 'suspend' only. */
        until: z.string().trim().max(40).optional(),
      })
      .strict(),
    output: z.object({ reportId: z.string(), action: moderationActionSchema, resolvedReports: z.number().int() }),
    description:
      "Admin: resolves a report, and with it every open report on the same target, with an action: dismiss; remove-content (the post or comment, as its author's delete would); warn; suspend until a date (`until`: an ISO date, meaning the start of that day UTC, or a date-time with its zone; in the future, at most 366 days ahead; the member reads but cannot post, comment, like, anchor or invite, and their code admits nobody meanwhile); disable-invites (their code admits nobody; reservations already made stand until they lapse); remove-member (their invitees move to the removed member's inviter); remove-member-and-tree. `reason` is private to admins and the audit log; `noteToMember` is what the affected member is shown. Every action is audited and logged publicly without names (but a removed member's); the member's inviter is told when someone they invited is suspended or removed; each reporter is told the outcome. 409 'This report has already been resolved.' (a repeat applies nothing twice; it finishes a removal its first call left at work); 404 'Report not found', or 'User not found' for a sanction of a member who is gone; 403 for the founder or an admin (for every action but dismiss and remove-content; a tree holding one is refused whole).",
  },
  listMyReports: {
    access: 'member',
    readOnly: true,
    input: z.object({}).strict(),
    output: z.object({ reports: z.array(ownReportSchema) }),
    description: "The caller's latest 50 reports, newest first, with their outcome once resolved (never who else reported, nor any admin's text).",
  },
  listModerationLog: {
    access: 'member',
    readOnly: true,
    input: z.object({ cursor: cursorSchema.optional() }).strict(),
    output: z.object({ entries: z.array(moderationLogEntrySchema), nextCursor: z.string().nullable() }),
    description:
      "The community's moderation log, newest first, 50 a page: which action, when, on which kind of content and for which reason, naming neither reporters nor the content's author unless the action removed a member.",
  },
  getMyStanding: {
    access: 'member',
    readOnly: true,
    input: z.object({}).strict(),
    output: z.object({ standing: standingSchema, notices: z.array(noticeSchema) }),
    description:
      "The caller's standing (suspended until when and why, invites disabled) and their latest 50 moderation notices, newest first: warnings, suspensions, removed content, disabled invites, outcomes of their reports, and sanctions of members they invited.",
  },
} as const;
