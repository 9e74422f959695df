import { FEED_MESSAGES } from '#contracts/feed';
import { AppError } from '#domain/app-error';
import { deletePostItem } from '#data/posts';
import { defineCallable } from '#http/define-callable';
import { visiblePost } from '#workflows/visible-post';

/**
 * The author deletes their post: the post item goes in the request (reads stop showing it at once;
 * no like or comment can land on it after), its feed entries, likes and comments follow from the
 * table's stream. A repeat by the author (a double click) answers success.
 */
export const handler = defineCallable('deletePost', async ({ postId }, { caller }) => {
  const outcome = await deletePostItem(postId, caller.uid);
  if (outcome === 'deleted' || outcome === 'already-deleted') return { postId };
  if (outcome === 'not-author') {
    await visiblePost(postId, caller.uid);
    throw new AppError('permission-denied', FEED_MESSAGES.notYourPost);
  }
  throw new AppError('not-found', FEED_MESSAGES.postNotFound);
});
