import { FEED_MESSAGES } from '#contracts/feed';
import { AppError } from '#domain/app-error';
import type { ModerationLists } from '#domain/moderation-lists';
import { canViewPost, needsAnchorCheck } from '#domain/post-access';
import { areAnchored } from '#data/graph';
import { getStoredPost, type StoredPost } from '#data/posts';

/**
 * The post if the viewer may see it. A post the viewer may not see answers exactly like a missing
 * one ('Post not found'), so guessing ids tells a non-anchor nothing, not even that it exists.
 * `viewerLists` (the viewer's block lists, read alongside the post) hide the posts of a member the
 * viewer blocked or was blocked by the same way; the author's own edits and deletes pass none.
 */
export async function visiblePost(postId: string, viewerUid: string, viewerLists?: Promise<ModerationLists>): Promise<StoredPost> {
  const [post, lists] = await Promise.all([getStoredPost(postId), viewerLists]);
  if (!post) throw new AppError('not-found', FEED_MESSAGES.postNotFound);
  const anchored = needsAnchorCheck(post, viewerUid) ? await areAnchored(viewerUid, post.authorId) : false;
  if (!canViewPost(post, viewerUid, anchored, lists)) throw new AppError('not-found', FEED_MESSAGES.postNotFound);
  return post;
}
