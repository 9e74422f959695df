import { FEED_MESSAGES } from '#contracts/feed';
import { AppError } from '#domain/app-error';
import { editCommentContent } from '#data/posts';
import { defineCallable } from '#http/define-callable';
import { presentComment } from '#presenters/present-post';
import { visiblePost } from '#workflows/visible-post';

/** The author rewrites their comment on a post they may see; one conditional update. */
export const handler = defineCallable('editComment', async ({ postId, commentId, content }, { caller }) => {
  await visiblePost(postId, caller.uid);
  const edited = await editCommentContent(postId, commentId, content, caller.uid);
  if (edited.ok) return { comment: presentComment(edited.value) };
  if (edited.reason === 'not-author') throw new AppError('permission-denied', FEED_MESSAGES.notYourComment);
  throw new AppError('not-found', FEED_MESSAGES.commentNotFound);
});
