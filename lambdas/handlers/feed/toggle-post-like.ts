import { FEED_MESSAGES } from '#contracts/feed';
import { AppError } from '#domain/app-error';
import { hasFeedEntry, propagateCounts } from '#data/feed';
import { likePost, unlikePost, type LikeOutcome } from '#data/likes';
import { getStoredPost } from '#data/posts';
import { defineCallable } from '#http/define-callable';
import { memberRecord } from './member-record.ts';
import { visiblePost } from './visible-post.ts';

/**
 * `liked` is the state the member wants, so a repeated or out-of-order toggle is harmless. After
 * a change the post's counters are copied into its feed entries, so every reader's next poll of
 * the feed shows the new count.
 */
export const handler = defineCallable('togglePostLike', async ({ postId, liked }, { caller }) => {
  const [, member, inFeed] = await Promise.all([visiblePost(postId, caller.uid), memberRecord(caller.uid), hasFeedEntry(caller.uid, postId)]);
  const toggle = (withEntry: boolean): Promise<LikeOutcome> =>
    liked ? likePost(postId, caller.uid, member.displayName, withEntry) : unlikePost(postId, caller.uid, withEntry);
  let outcome = await toggle(inFeed);
  // The entry left the member's feed meanwhile (an anchor removed): the like alone still counts.
  if (outcome === 'entry-missing') outcome = await toggle(false);
  const post = outcome === 'post-missing' ? null : await getStoredPost(postId, true);
  if (!post) throw new AppError('not-found', FEED_MESSAGES.postNotFound);
  if (outcome === 'changed') await propagateCounts(post);
  return { liked, likeCount: post.likeCount };
});
