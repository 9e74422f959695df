import { exhaustive } from '#domain/exhaustive';
import { isVerifiedInPerson } from '#domain/verification';
import type { ChangedItem, ClassifiedChange } from '#data/table';
import { REMOVAL_PENDING, sessionEpochOf } from '#data/members';
import { toStoredPost, type StoredPost } from '#data/posts';

/**
 * What a change on the table's stream means to the product, read from its images and its parsed key
 * (classifyChange; only keys.ts reads keys). The stream consumer (lambdas/streams) reacts to these;
 * everything else on the stream is `other`.
 */
export type TableEvent =
  | { kind: 'post-created'; post: StoredPost }
  | { kind: 'post-counts-changed'; post: StoredPost }
  /** Its author (or an admin) changed a post's content. */
  | { kind: 'post-edited'; post: StoredPost }
  /** A post item was deleted (by its author, an admin or removal): what hangs off it must go. */
  | { kind: 'post-deleted'; postId: string; authorId: string }
  | { kind: 'comment-added'; postId: string; commentId: string }
  /** One side of an anchor pair: `owner`'s edge towards `other`, its status before and after (null: absent). */
  | { kind: 'anchor-edge-changed'; owner: string; other: string; before: string | null; after: string | null }
  /**
   * Members who started blocking the other of a pair (blockMember): their pictures move to new keys,
   * so the blocked member's saved URLs stop working (the profile picture too, whose audience
   * nothing else but removal shrinks).
   */
  | { kind: 'pair-blocked'; blockers: string[] }
  /** A member's record got the removal mark, or was deleted: their open pages must end. */
  | { kind: 'member-leaving'; uid: string }
  /** A member signed out everywhere (their session epoch rose): their open pages must end too. */
  | { kind: 'member-signed-out'; uid: string }
  /** A member became verified in person, or went back to pending: their own open pages show it. */
  | { kind: 'member-verification-changed'; uid: string }
  /** One of `recipient`'s unread notifications was deleted (its actor left Anchored): their unread count fell. */
  | { kind: 'unread-notification-removed'; recipient: string }
  | { kind: 'other' };

/**
 * Reads the images only: what a change means does not depend on which stream record carried it.
 * Every item kind has its case, so a new kind is a decision here: the stream reacts to it or not
 * (and then STREAM_REACTED_SORT_KEYS in keys.ts lets its changes reach the consumer).
 */
export function tableEventOf({ key, eventName, oldImage, newImage }: Omit<ClassifiedChange, 'sequenceNumber'>): TableEvent {
  switch (key.kind) {
    case 'post':
      return postEventOf(key.postId, eventName, oldImage, newImage);
    case 'comment':
      return eventName === 'INSERT' && newImage ? { kind: 'comment-added', postId: key.postId, commentId: key.commentId } : OTHER;
    case 'anchor-edge': {
      const statusOf = (item?: Record<string, unknown>) => (item && typeof item.status === 'string' ? item.status : null);
      const before = statusOf(oldImage);
      const after = statusOf(newImage);
      if (before === after) return OTHER;
      return { kind: 'anchor-edge-changed', owner: key.uid, other: key.otherUid, before, after };
    }
    case 'friendship':
      return newImage?.status === 'blocked' ? pairBlockedOf(oldImage, newImage) : OTHER;
    case 'notification':
      return eventName === 'REMOVE' && oldImage?.read === false ? { kind: 'unread-notification-removed', recipient: key.uid } : OTHER;
    case 'member': {
      const marked = newImage?.[REMOVAL_PENDING] !== undefined && oldImage?.[REMOVAL_PENDING] === undefined;
      if (eventName === 'REMOVE' || marked) return { kind: 'member-leaving', uid: key.uid };
      if (sessionEpochOf(newImage) !== sessionEpochOf(oldImage) && sessionEpochOf(newImage) !== null) return { kind: 'member-signed-out', uid: key.uid };
      if (eventName === 'MODIFY' && isVerifiedInPerson(oldImage ?? {}) !== isVerifiedInPerson(newImage ?? {}))
        return { kind: 'member-verification-changed', uid: key.uid };
      return OTHER;
    }
    // Read by other reactions (notifications: likes and notices) or by none.
    case 'like':
    case 'notice':
    case 'invite-code':
    case 'invite-reservation':
    case 'spent-sign-up-ticket':
    case 'daily-metrics':
    case 'metrics-counter':
    case 'inviter-rank-entry':
    case 'inviter-rank-of':
    case 'metrics-applied':
    case 'rate-window':
    case 'audit-entry':
    case 'live-connection':
    case 'live-sockets':
    case 'live-connection-owner':
    case 'block':
    case 'mute':
    case 'report':
    case 'open-report-on-target':
    case 'own-report':
    case 'notification-state':
    case 'told-once':
    case 'moderation-log-entry':
    case 'data-export-job':
    case 'migration-applied':
    case 'migration-lease':
    case 'removal-job':
    case 'feed-entry':
    case 'post-request':
    case 'comment-request':
    case 'commented-marker':
    case 'deleted-marker':
    case 'vouch-received':
    case 'vouch-given':
    case 'vouch-month':
    case 'vouch-nonce':
    case 'vouch-short-code':
    case 'due-item':
    case 'unknown':
      return OTHER;
    default:
      return exhaustive(key);
  }
}

const OTHER: TableEvent = { kind: 'other' };

function postEventOf(postId: string, eventName: ChangedItem['eventName'], oldImage?: Record<string, unknown>, newImage?: Record<string, unknown>): TableEvent {
  if (eventName === 'REMOVE' && oldImage) return { kind: 'post-deleted', postId, authorId: String(oldImage.authorId) };
  if (!newImage) return OTHER;
  const post = toStoredPost(newImage);
  if (eventName === 'INSERT') return post.isWallPost ? OTHER : { kind: 'post-created', post };
  const countsMoved = oldImage && (Number(oldImage.likeCount ?? 0) !== post.likeCount || Number(oldImage.commentCount ?? 0) !== post.commentCount);
  if (post.isWallPost) return OTHER;
  if (countsMoved) return { kind: 'post-counts-changed', post };
  return oldImage && oldImage.content !== post.content ? { kind: 'post-edited', post } : OTHER;
}

function pairBlockedOf(oldImage: Record<string, unknown> | undefined, newImage: Record<string, unknown>): TableEvent {
  const blockersOf = (item?: Record<string, unknown>) =>
    item?.status === 'blocked' && (item.blockedBy instanceof Set || Array.isArray(item.blockedBy))
      ? [...(item.blockedBy as Iterable<unknown>)].map(String)
      : [];
  const before = new Set(blockersOf(oldImage));
  const blockers = blockersOf(newImage).filter((uid) => !before.has(uid));
  return blockers.length > 0 ? { kind: 'pair-blocked', blockers } : OTHER;
}
