import { ANCHOR_EDGE_PREFIX, COMMENT_PREFIX, NOTIFICATION_PREFIX, USER_PROFILE_SK, type ChangedItem } from '#data/table';
import { REMOVAL_PENDING, sessionEpochOf } from '#data/members';
import { toStoredPost, type StoredPost } from '#data/posts';

/**
 * What a change on the table's stream means to the product, read from its images by key shape (the
 * keys are this layer's: nothing outside lambdas/data parses them). The stream consumer
 * (lambdas/streams) reacts to these; everything else on the stream is `other`.
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
  /** One of `recipient`'s unread notifications was deleted (its actor left Anchored): their unread count fell. */
  | { kind: 'unread-notification-removed'; recipient: string }
  | { kind: 'other' };

/** Reads the images only: what a change means does not depend on which stream record carried it. */
export function tableEventOf({ eventName, oldImage, newImage }: Omit<ChangedItem, 'sequenceNumber'>): TableEvent {
  const image = newImage ?? oldImage;
  if (!image) return { kind: 'other' };
  const pk = String(image.pk);
  const sk = String(image.sk);
  if (pk.startsWith('POST#') && sk === 'POST' && eventName === 'REMOVE' && oldImage) {
    return { kind: 'post-deleted', postId: pk.slice('POST#'.length), authorId: String(oldImage.authorId) };
  }
  if (pk.startsWith('POST#') && sk === 'POST' && newImage) {
    const post = toStoredPost(newImage);
    if (eventName === 'INSERT') return post.isWallPost ? { kind: 'other' } : { kind: 'post-created', post };
    const countsMoved = oldImage && (Number(oldImage.likeCount ?? 0) !== post.likeCount || Number(oldImage.commentCount ?? 0) !== post.commentCount);
    if (post.isWallPost) return { kind: 'other' };
    if (countsMoved) return { kind: 'post-counts-changed', post };
    return oldImage && oldImage.content !== post.content ? { kind: 'post-edited', post } : { kind: 'other' };
  }
  if (pk.startsWith('POST#') && sk.startsWith(COMMENT_PREFIX) && eventName === 'INSERT' && newImage) {
    return { kind: 'comment-added', postId: pk.slice('POST#'.length), commentId: sk.slice(COMMENT_PREFIX.length) };
  }
  if (pk.startsWith('USER#') && sk.startsWith(ANCHOR_EDGE_PREFIX)) {
    const statusOf = (item?: Record<string, unknown>) => (item && typeof item.status === 'string' ? item.status : null);
    const before = statusOf(oldImage);
    const after = statusOf(newImage);
    if (before === after) return { kind: 'other' };
    return { kind: 'anchor-edge-changed', owner: pk.slice('USER#'.length), other: sk.slice(ANCHOR_EDGE_PREFIX.length), before, after };
  }
  if (pk.startsWith('FRIENDSHIP#') && sk === 'FRIENDSHIP' && newImage?.status === 'blocked') {
    const blockersOf = (item?: Record<string, unknown>) =>
      item?.status === 'blocked' && (item.blockedBy instanceof Set || Array.isArray(item.blockedBy))
        ? [...(item.blockedBy as Iterable<unknown>)].map(String)
        : [];
    const before = new Set(blockersOf(oldImage));
    const blockers = blockersOf(newImage).filter((uid) => !before.has(uid));
    return blockers.length > 0 ? { kind: 'pair-blocked', blockers } : { kind: 'other' };
  }
  if (pk.startsWith('USER#') && sk.startsWith(NOTIFICATION_PREFIX) && eventName === 'REMOVE' && oldImage?.read === false) {
    return { kind: 'unread-notification-removed', recipient: pk.slice('USER#'.length) };
  }
  if (pk.startsWith('USER#') && sk === USER_PROFILE_SK) {
    const marked = newImage?.[REMOVAL_PENDING] !== undefined && oldImage?.[REMOVAL_PENDING] === undefined;
    if (eventName === 'REMOVE' || marked) return { kind: 'member-leaving', uid: pk.slice('USER#'.length) };
    if (sessionEpochOf(newImage) !== sessionEpochOf(oldImage) && sessionEpochOf(newImage) !== null)
      return { kind: 'member-signed-out', uid: pk.slice('USER#'.length) };
  }
  return { kind: 'other' };
}
