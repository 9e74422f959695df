import { FEED_MESSAGES } from '#contracts/feed';
import { AppError } from '#domain/app-error';
import { editPostContent, hasLiked } from '#data/posts';
import { defineCallable } from '#http/define-callable';
import { presentPost } from '#presenters/present-post';
import { visiblePost } from '#workflows/visible-post';

/**
 * The author rewrites their post; one conditional update (it must exist and be theirs), so an edit
 * racing a delete never brings the post back. Someone else's post is 403 only if the caller may see
 * it: otherwise it answers like a missing one.
 */
export const handler = defineCallable('editPost', async ({ postId, content }, { caller }) => {
  const [edited, liked] = await Promise.all([editPostContent(postId, content, caller.uid), hasLiked(postId, caller.uid)]);
  if (edited.ok) return presentPost(edited.value, liked);
  if (edited.reason === 'not-author') {
    await visiblePost(postId, caller.uid);
    throw new AppError('permission-denied', FEED_MESSAGES.notYourPost);
  }
  throw new AppError('not-found', FEED_MESSAGES.postNotFound);
});
