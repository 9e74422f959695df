import * as z from 'zod';
import { noticeKindSchema } from './moderation.ts';

/**
 * Notifications: what happened that concerns the member, produced off the request path
 * by the table stream's consumer, kept in the member's partition, counted unread, pushed live
 * (`notifications.changed`) and each kind switched on or off in Settings.
 */
export const notificationKindSchema = z.enum([
  /** Someone sent the member an anchor request. */
  'anchor-request',
  /** Someone accepted the member's anchor request. */
  'anchor-accepted',
  /** Someone liked the member's post. */
  'like',
  /** Someone commented on the member's post. */
  'comment',
  /** Someone commented in a thread the member commented in (not their own post). */
  'thread-comment',
  /** A member the member invited joined. */
  'invitee-joined',
  /** A moderation outcome that concerns the member (a notice of getMyStanding). */
  'moderation',
  /** Vouches and the member's verification in person: which one, `vouchNotice`. */
  'vouching',
]);
export type NotificationKind = z.infer<typeof notificationKindSchema>;
export const NOTIFICATION_KINDS = notificationKindSchema.options;

/** The Settings labels of the kinds, in the order shown. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'anchor-request': 'Anchor requests you receive',
  'anchor-accepted': 'Your anchor requests accepted',
  like: 'Likes on your posts',
  comment: 'Comments on your posts',
  'thread-comment': 'Comments in threads you commented in',
  'invitee-joined': 'Members you invited joining',
  moderation: 'Moderation outcomes that concern you',
  vouching: 'Vouches and your verification in person',
};

/** What a 'vouching' notification tells the member. */
export const vouchNoticeSchema = z.enum([
  /** Someone vouched for the member (new or renewed); the actor is the voucher. */
  'vouched',
  /** The member is now verified in person. */
  'verified',
  /** The member's verification lapses in a month (on `vouchUntil`) unless someone vouches again. */
  'expiring',
  /** The member's verification lapsed: back to pending. */
  'lapsed',
  /** A member the member vouched for was removed as not being who they said; no actor. */
  'vouchee-removed',
  /** Someone who vouched for the member was removed as not real; their verification was checked again; no actor. */
  'voucher-removed',
  /** The member may not vouch for anyone until `vouchUntil`; no actor. */
  'vouching-suspended',
]);
export type VouchNotice = z.infer<typeof vouchNoticeSchema>;

/** Each kind on (true) or off; a kind absent from the record is on. */
export const notificationSettingsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** A member keeps at most this many unread notifications; past it nothing new is stored until some are read. */
export const MAX_UNREAD_NOTIFICATIONS = 999;
/** Ids one markNotificationsRead call may name. */
export const MARK_READ_MAX_IDS = 100;

/** The name shown for an actor whose account no longer exists. */
export const FORMER_MEMBER_NAME = 'A former member';

export const notificationSchema = z.object({
  notificationId: z.string(),
  kind: notificationKindSchema,
  createdAt: z.string(),
  read: z.boolean(),
  /** Who did it, as they were then (name and picture URL); null for moderation; `removed` once their account is gone (name: 'A former member', no picture). */
  actor: z.object({ uid: z.string(), displayName: z.string(), profilePicture: z.string(), removed: z.boolean() }).nullable(),
  /** What it is about: the post (like, comment, thread-comment), the member (anchors, invitee), the notice's kind (moderation). */
  postId: z.string().nullable(),
  /** The post's author (the page lists their posts: there is no page of one post). */
  postAuthorId: z.string().nullable(),
  commentId: z.string().nullable(),
  noticeKind: noticeKindSchema.nullable(),
  /** Which vouching notice (kind 'vouching'); null on every other kind. */
  vouchNotice: vouchNoticeSchema.nullable(),
  /** The date a vouching notice names: when the verification lapses ('expiring'), when vouching is allowed again ('vouching-suspended'); null otherwise. */
  vouchUntil: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

const notificationIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a notification id');

export const NOTIFICATION_MESSAGES = {
  markOneWay: 'Give either ids or all: true.',
  settingsSaved: 'Notification settings saved.',
  settingsFailed: 'Could not save notification settings. Please try again.',
} as const;

export const notificationsCallables = {
  listNotifications: {
    access: 'member',
    readOnly: true,
    input: z.object({ cursor: notificationIdSchema.optional() }).strict(),
    output: z.object({ notifications: z.array(notificationSchema), nextCursor: z.string().nullable(), unreadCount: z.number().int().min(0) }),
    description: `The caller's notifications, newest first, ${NOTIFICATIONS_PAGE_SIZE} a page (cursor: the last notificationId of the page before), and the exact number unread. Kinds: an anchor request received or accepted, a like or comment on the caller's post, a comment in a thread they commented in, a member they invited joined, a moderation outcome concerning them, vouches and their verification in person (vouchNotice). Never from a member blocked either way (also dropped when read after a block); an actor whose account is gone reads '${FORMER_MEMBER_NAME}' with no picture. Read notifications expire 30 days after they were read; at most ${MAX_UNREAD_NOTIFICATIONS} are kept unread (later ones are not stored until some are read).`,
  },
  markNotificationsRead: {
    access: 'member',
    input: z
      .object({ ids: z.array(notificationIdSchema).min(1).max(MARK_READ_MAX_IDS).optional(), all: z.literal(true).optional() })
      .strict()
      .refine((input) => (input.ids === undefined) !== (input.all === undefined), NOTIFICATION_MESSAGES.markOneWay),
    output: z.object({ unreadCount: z.number().int().min(0) }),
    description: `Marks the caller's notifications read: the named ones (at most ${MARK_READ_MAX_IDS} ids; unknown or already read ids are ignored) or all: true. Idempotent; the unread count stays exact when calls race. Answers the unread count after it. 400 '${NOTIFICATION_MESSAGES.markOneWay}' for both or neither.`,
  },
  getNotificationSettings: {
    access: 'member',
    readOnly: true,
    input: z.object({}).strict(),
    output: z.object({ settings: notificationSettingsSchema }),
    description: 'Which kinds of notification the caller receives (every kind is on until switched off).',
  },
  updateNotificationSettings: {
    access: 'member',
    input: z.object({ settings: notificationSettingsSchema.partial().strict() }).strict(),
    output: z.object({ settings: notificationSettingsSchema }),
    description:
      'Switches kinds of notification on or off (only the kinds given change); answers every kind. A kind switched off stops new notifications of that kind; those already stored stay.',
  },
} as const;
