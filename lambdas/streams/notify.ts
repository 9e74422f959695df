import type { NotificationKind } from '#contracts/notifications';
import { shouldNotify, THREAD_COMMENTS_READ, threadRecipients } from '#domain/notifications';
import { notificationIdOf, type ClassifiedChange } from '#data/table';
import { exhaustive } from '#domain/exhaustive';
import { pushToMembers } from '#data/live';
import {
  notificationSourceOf,
  type NotificationSource,
  actorOf,
  earlierCommenterIds,
  recipientFacts,
  storeNotification,
  toldOnceDigest,
  vouchNoticesOf,
  type NewNotification,
  type VouchNoticeSource,
} from '#data/notifications';
import { getStoredPost } from '#data/posts';

/** One notification to make: to whom, of what, by whom, about what. */
interface Candidate {
  recipient: string;
  kind: NotificationKind;
  actorId: string | null;
  postId?: string;
  postAuthorId?: string;
  commentId?: string;
  source: Source;
}

/** What a change may notify of: the kinds of notification-changes.ts, and the vouching notices. */
type Source = NotificationSource | VouchNoticeSource;

/**
 * Notifications, off the request path: a change someone should hear of becomes one notification per
 * recipient whom the rules let be told (lambdas/domain/notifications.ts: never oneself, never across
 * a block, never a muted member's likes and comments, never a kind switched off), then
 * `notifications.changed` to their open pages. Safe to run again: a notification's id is derived
 * from the change and its recipient, so a redelivered record stores nothing twice and pushes nothing.
 * A like or an anchor request toggled back and forth tells its recipient once (onceDigestOf).
 */
export async function notifyOfChange(change: ClassifiedChange, now = new Date()): Promise<void> {
  const source = notificationSourceOf(change);
  const sources: Source[] = [...(source ? [source] : []), ...vouchNoticesOf(change, now)];
  for (const each of sources) await notifyOf(each);
}

async function notifyOf(source: Source): Promise<void> {
  const candidates = await candidatesOf(source);
  if (candidates.length === 0) return;

  const facts = new Map((await recipientFacts([...new Set(candidates.map((c) => c.recipient))])).map((f) => [f.uid, f]));
  const told = candidates.filter((c) => {
    const recipient = facts.get(c.recipient);
    return recipient !== undefined && shouldNotify(recipient, c.kind, c.actorId);
  });
  if (told.length === 0) return;
  const actorId = told[0]?.actorId ?? null;
  // The actor as they are now; one who is already gone is nobody to tell of.
  const actor = actorId ? await actorOf(actorId) : null;
  if (actorId && !actor) return;

  const stored: string[] = [];
  for (const candidate of told) {
    const notification: NewNotification = {
      notificationId: notificationIdOf(source.at, identityOf(candidate)),
      kind: candidate.kind,
      createdAt: source.at,
      actor,
      postId: candidate.postId ?? null,
      postAuthorId: candidate.postAuthorId ?? null,
      commentId: candidate.commentId ?? null,
      noticeKind: source.type === 'notice' ? source.noticeKind : null,
      vouchNotice: source.type === 'vouching' ? source.notice : null,
      vouchUntil: source.type === 'vouching' ? source.until : null,
    };
    if ((await storeNotification(candidate.recipient, notification, onceDigestOf(candidate))) === 'stored') stored.push(candidate.recipient);
  }
  if (stored.length > 0) await pushToMembers(stored, { type: 'notifications.changed' });
}

/** What makes a notification itself: the same change to the same recipient is the same notification. */
function identityOf({ source, recipient, kind }: Candidate): string {
  const item =
    source.type === 'comment'
      ? source.commentId
      : source.type === 'notice'
        ? source.noticeId
        : source.type === 'like'
          ? source.postId
          : source.type === 'vouching'
            ? source.notice
            : '';
  return [kind, recipient, 'actorId' in source ? source.actorId : '', item, source.at].join('\n');
}

/**
 * What may repeat without being new: a like of the same post by the same member (like, unlike, like
 * again) and an anchor request from the same member (send, withdraw, send again). Its recipient is
 * told once (TOLD_ONCE_SECONDS); so is a vouching notice whose moment is not stored (VouchNoticeSource's
 * `once`: a redelivered lapse). Everything else (comments, acceptances, notices) is new each time.
 */
function onceDigestOf({ kind, actorId, postId, source }: Candidate): string | undefined {
  if (source.type === 'vouching') return source.once === undefined ? undefined : toldOnceDigest(['vouching', source.once].join('\n'));
  if (kind !== 'like' && kind !== 'anchor-request') return undefined;
  return toldOnceDigest([kind, actorId ?? '', postId ?? ''].join('\n'));
}

async function candidatesOf(source: Source): Promise<Candidate[]> {
  switch (source.type) {
    case 'vouching':
      return [{ recipient: source.recipient, kind: 'vouching', actorId: source.actorId, source }];
    case 'anchor':
      return [{ recipient: source.recipient, kind: source.kind, actorId: source.actorId, source }];
    case 'invitee-joined':
      return [{ recipient: source.recipient, kind: 'invitee-joined', actorId: source.actorId, source }];
    case 'notice':
      return [{ recipient: source.recipient, kind: 'moderation', actorId: null, source }];
    case 'like': {
      const post = await getStoredPost(source.postId);
      return post ? [{ recipient: post.authorId, kind: 'like', actorId: source.actorId, postId: source.postId, postAuthorId: post.authorId, source }] : [];
    }
    case 'comment': {
      const post = await getStoredPost(source.postId);
      if (!post) return [];
      const earlier = await earlierCommenterIds(source.postId, source.commentId, THREAD_COMMENTS_READ);
      const about = { actorId: source.actorId, postId: source.postId, postAuthorId: post.authorId, commentId: source.commentId, source };
      return [
        { recipient: post.authorId, kind: 'comment' as const, ...about },
        ...threadRecipients(earlier, source.actorId, post.authorId).map((recipient) => ({ recipient, kind: 'thread-comment' as const, ...about })),
      ];
    }
    default:
      return exhaustive(source);
  }
}
