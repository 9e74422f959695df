import type { NoticeKind } from '#contracts/moderation';
import type { ClassifiedChange } from '#data/table';

/**
 * Which changes on the table's stream someone is notified of (lambdas/streams/notify.ts decides
 * who), read from the change's parsed key (classifyChange) like table-changes.ts. `at` is when it happened, from the
 * item itself, so a redelivered record names the same moment (the notification's id derives from it).
 */
export type NotificationSource =
  /** `recipient`'s edge towards `actorId` became a received request, or their sent request was accepted. */
  | { type: 'anchor'; kind: 'anchor-request' | 'anchor-accepted'; recipient: string; actorId: string; at: string }
  | { type: 'like'; postId: string; actorId: string; at: string }
  | { type: 'comment'; postId: string; commentId: string; actorId: string; at: string }
  /** A member's record got its joinedAt: whoever invited them hears of it. */
  | { type: 'invitee-joined'; recipient: string; actorId: string; at: string }
  /** resolveReport wrote a moderation notice into the member's partition. */
  | { type: 'notice'; recipient: string; noticeId: string; noticeKind: NoticeKind; at: string };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function inviterOf(record: Record<string, unknown>): string | null {
  const system = record.inviteSystem as Record<string, unknown> | undefined;
  return text(record.invitedBy) ?? text(system?.invitedBy);
}

export function notificationSourceOf({ key, eventName, oldImage, newImage }: Omit<ClassifiedChange, 'sequenceNumber'>): NotificationSource | null {
  if (!newImage || eventName === 'REMOVE') return null;
  if (key.kind === 'like' && eventName === 'INSERT') {
    const at = text(newImage.likedAt);
    return at ? { type: 'like', postId: key.postId, actorId: key.uid, at } : null;
  }
  if (key.kind === 'comment' && eventName === 'INSERT') {
    const at = text(newImage.createdAt);
    const actorId = text(newImage.authorId);
    return at && actorId ? { type: 'comment', postId: key.postId, commentId: key.commentId, actorId, at } : null;
  }
  if (key.kind === 'anchor-edge') {
    const owner = key.uid;
    const before = oldImage?.status ?? null;
    const after = newImage.status;
    const actorId = key.otherUid;
    if (after === 'pending' && before !== 'pending' && newImage.direction === 'received') {
      const at = text(newImage.requestedAt);
      return at ? { type: 'anchor', kind: 'anchor-request', recipient: owner, actorId, at } : null;
    }
    if (after === 'accepted' && before === 'pending' && newImage.direction === 'sent') {
      const at = text(newImage.acceptedAt);
      return at ? { type: 'anchor', kind: 'anchor-accepted', recipient: owner, actorId, at } : null;
    }
    return null;
  }
  if (key.kind === 'member' && eventName === 'MODIFY') {
    const joinedAt = text(newImage.joinedAt);
    const inviter = inviterOf(newImage);
    // Joined in this very write: using the invite sets invitedBy with joinedAt. A record that had its
    // invitedBy already is an older member whose joinedAt a migration backfilled: nobody is told.
    if (joinedAt && !text(oldImage?.joinedAt) && !text(oldImage?.invitedBy) && inviter)
      return { type: 'invitee-joined', recipient: inviter, actorId: key.uid, at: joinedAt };
    return null;
  }
  if (key.kind === 'notice' && eventName === 'INSERT') {
    const at = text(newImage.at);
    const kind = text(newImage.kind);
    return at && kind ? { type: 'notice', recipient: key.uid, noticeId: key.noticeId, noticeKind: kind as NoticeKind, at } : null;
  }
  return null;
}
