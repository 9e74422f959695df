import { FEED_MESSAGES } from '#contracts/feed';
import { AppError } from '#domain/app-error';
import { newTimeOrderedId } from '#domain/post-ids';
import { isVerifiedInPerson } from '#domain/verification';
import { putComment, type StoredComment, getStoredPost } from '#data/posts';
import { countProductEvent } from '#data/table';
import { defineCallable } from '#http/define-callable';
import { memberRecordWithLists } from './member-record.ts';
import { presentComment } from '#presenters/present-post';
import { visiblePost } from '#workflows/visible-post';

export const handler = defineCallable('addComment', async ({ postId, content, clientRequestId }, { caller }) => {
  const viewer = memberRecordWithLists(caller.uid);
  const [, author] = await Promise.all([visiblePost(postId, caller.uid, viewer.lists), viewer.member]);
  const now = new Date();
  const comment: StoredComment = {
    commentId: newTimeOrderedId(now),
    postId,
    authorId: author.uid,
    authorName: author.displayName,
    authorPictureKey: author.profilePicture,
    authorVerified: isVerifiedInPerson(author),
    content,
    createdAt: now.toISOString(),
  };
  // A retry with the same clientRequestId gets the first comment back and writes nothing.
  const written = await putComment(comment, clientRequestId, now);
  const post = written ? await getStoredPost(written.comment.postId, true) : null;
  if (!written || !post) throw new AppError('not-found', FEED_MESSAGES.postNotFound);
  // A retry that got the first comment back wrote nothing new.
  if (written.created) countProductEvent('comment');
  return { comment: presentComment(written.comment), commentCount: post.commentCount };
});
