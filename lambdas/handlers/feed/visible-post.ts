import { FEED_MESSAGES } from '#contracts/feed';
import { AppError } from '#domain/app-error';
import { canViewPost, needsAnchorCheck } from '#domain/post-access';
import { areAnchored } from '#data/anchors';
import { getStoredPost, type StoredPost } from '#data/posts';

/**
 * The post if the viewer may see it. A post the viewer may not see answers exactly like a missing
 * one ('Post not found'), so guessing ids tells a non-anchor nothing, not even that it exists.
 */
export async function visiblePost(postId: string, viewerUid: string): Promise<StoredPost> {
  const post = await getStoredPost(postId);
  if (!post) throw new AppError('not-found', FEED_MESSAGES.postNotFound);
  const anchored = needsAnchorCheck(post, viewerUid) ? await areAnchored(viewerUid, post.authorId) : false;
  if (!canViewPost(post, viewerUid, anchored)) throw new AppError('not-found', FEED_MESSAGES.postNotFound);
  return post;
}
