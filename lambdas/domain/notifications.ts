import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '#contracts/notifications';
import { isHiddenFrom, isSilencedFor, type ModerationLists } from './moderation-lists.ts';

/**
 * Who is told of what. The stream's consumer finds the candidates of a change; these
 * rules decide, from the recipient's own record, whether each is told.
 */

/** Kinds about someone's content reaching the recipient: a mute quiets them as it quiets that content in the feed. */
const CONTENT_KINDS: ReadonlySet<NotificationKind> = new Set(['like', 'comment', 'thread-comment']);

/** At most this many earlier commenters of a thread are told of a new comment (the newest distinct ones). */
export const THREAD_NOTIFY_CAP = 20;
/** How many of the thread's latest comments are read to find them (one Query, authorId only). */
export const THREAD_COMMENTS_READ = 50;

/** What the recipient's record says: their lists and their settings as stored (kinds absent are on). */
export interface RecipientFacts {
  uid: string;
  lists: ModerationLists;
  settings: Partial<NotificationSettings>;
}

/** Every kind on, then what the member switched. */
export function effectiveSettings(stored: Partial<Record<string, unknown>> | undefined): NotificationSettings {
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, stored?.[kind] !== false])) as NotificationSettings;
}

/**
 * Whether `recipient` is told that `actorId` (null: nobody, as for moderation) did a thing of
 * `kind`: never of oneself, never from a member blocked either way, never of a muted member's
 * likes and comments, never of a kind switched off.
 */
export function shouldNotify(recipient: RecipientFacts, kind: NotificationKind, actorId: string | null): boolean {
  if (!effectiveSettings(recipient.settings)[kind]) return false;
  if (actorId === null) return true;
  if (actorId === recipient.uid) return false;
  if (isHiddenFrom(recipient.lists, actorId)) return false;
  return !(CONTENT_KINDS.has(kind) && isSilencedFor(recipient.lists, actorId));
}

/**
 * Who among a thread's earlier commenters (newest first, repeats allowed) is told of a new comment
 * by `commenterId` on `postAuthorId`'s post: distinct, neither the commenter nor the post's author
 * (who gets the 'comment' kind instead), the newest THREAD_NOTIFY_CAP.
 */
export function threadRecipients(earlierCommenterIds: readonly string[], commenterId: string, postAuthorId: string): string[] {
  const chosen: string[] = [];
  for (const uid of earlierCommenterIds) {
    if (uid === commenterId || uid === postAuthorId || chosen.includes(uid)) continue;
    chosen.push(uid);
    if (chosen.length === THREAD_NOTIFY_CAP) break;
  }
  return chosen;
}
