import type { NoticeKind } from '#contracts/moderation';
import type { ChangedItem } from '#data/table';
import { ANCHOR_EDGE_PREFIX, COMMENT_PREFIX, LIKE_PREFIX, NOTICE_PREFIX, USER_PROFILE_SK } from '#data/table';

/**
 * Which changes on the table's stream someone is notified of (lambdas/streams/notify.ts decides
 * who), read from the images by key shape like table-changes.ts. `at` is when it happened, from the
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

export function notificationSourceOf({ eventName, oldImage, newImage }: Omit<ChangedItem, 'sequenceNumber'>): NotificationSource | null {
  if (!newImage || eventName === 'REMOVE') return null;
  const pk = String(newImage.pk);
  const sk = String(newImage.sk);
  if (pk.startsWith('POST#') && sk.startsWith(LIKE_PREFIX) && eventName === 'INSERT') {
    const at = text(newImage.likedAt);
    return at ? { type: 'like', postId: pk.slice('POST#'.length), actorId: sk.slice(LIKE_PREFIX.length), at } : null;
  }
  if (pk.startsWith('POST#') && sk.startsWith(COMMENT_PREFIX) && eventName === 'INSERT') {
    const at = text(newImage.createdAt);
    const actorId = text(newImage.authorId);
    return at && actorId ? { type: 'comment', postId: pk.slice('POST#'.length), commentId: sk.slice(COMMENT_PREFIX.length), actorId, at } : null;
  }
  if (!pk.startsWith('USER#')) return null;
  const owner = pk.slice('USER#'.length);
  if (sk.startsWith(ANCHOR_EDGE_PREFIX)) {
    const before = oldImage?.status ?? null;
    const after = newImage.status;
    const actorId = sk.slice(ANCHOR_EDGE_PREFIX.length);
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
  if (sk === USER_PROFILE_SK && eventName === 'MODIFY') {
    const joinedAt = text(newImage.joinedAt);
    const inviter = inviterOf(newImage);
    // Joined in this very write: using the invite sets invitedBy with joinedAt. A record that had its
    // invitedBy already is an older member whose joinedAt a migration backfilled: nobody is told.
    if (joinedAt && !text(oldImage?.joinedAt) && !text(oldImage?.invitedBy) && inviter)
      return { type: 'invitee-joined', recipient: inviter, actorId: owner, at: joinedAt };
    return null;
  }
  if (sk.startsWith(NOTICE_PREFIX) && eventName === 'INSERT') {
    const at = text(newImage.at);
    const kind = text(newImage.kind);
    return at && kind ? { type: 'notice', recipient: owner, noticeId: sk.slice(NOTICE_PREFIX.length), noticeKind: kind as NoticeKind, at } : null;
  }
  return null;
}
