import { FEED_MESSAGES } from '#contracts/feed';
import { AppError } from '#domain/app-error';
import { likePost, likeState, unlikePost } from '#data/likes';
import { defineCallable } from '#http/define-callable';
import { memberRecord } from './member-record.ts';
import { visiblePost } from './visible-post.ts';

/** `liked` is the state the member wants, so a repeated or out-of-order toggle is harmless. */
export const handler = defineCallable('togglePostLike', async ({ postId, liked }, { caller }) => {
  const [, member] = await Promise.all([visiblePost(postId, caller.uid), memberRecord(caller.uid)]);
  const outcome = liked ? await likePost(postId, caller.uid, member.displayName) : await unlikePost(postId, caller.uid);
  if (outcome === 'post-missing') throw new AppError('not-found', FEED_MESSAGES.postNotFound);
  return likeState(postId, caller.uid);
});
