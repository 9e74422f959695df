import { FEED_MESSAGES } from '#contracts/feed';
import { AppError } from '#domain/app-error';
import { deleteCommentItem, getStoredPost } from '#data/posts';
import { defineCallable } from '#http/define-callable';
import { visiblePost } from '#workflows/visible-post';

/**
 * The author deletes their comment on a post they may see: the comment, its marker and the post's
 * commentCount in one transaction. A repeat by the author answers success with the current count.
 */
export const handler = defineCallable('deleteComment', async ({ postId, commentId }, { caller }) => {
  await visiblePost(postId, caller.uid);
  const outcome = await deleteCommentItem(postId, commentId, caller.uid);
  if (outcome === 'not-author') throw new AppError('permission-denied', FEED_MESSAGES.notYourComment);
  if (outcome === 'missing') throw new AppError('not-found', FEED_MESSAGES.commentNotFound);
  const post = await getStoredPost(postId, true);
  if (!post) throw new AppError('not-found', FEED_MESSAGES.postNotFound);
  return { commentCount: post.commentCount };
});
