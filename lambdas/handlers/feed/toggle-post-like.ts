import { FEED_MESSAGES } from '#contracts/feed';
import { AppError } from '#domain/app-error';
import { isVerifiedInPerson } from '#domain/verification';
import { hasFeedEntry, likePost, unlikePost, type LikeOutcome, getStoredPost } from '#data/posts';
import { countProductEvent } from '#data/table';
import { defineCallable } from '#http/define-callable';
import { memberRecordWithLists } from './member-record.ts';
import { visiblePost } from '#workflows/visible-post';

/**
 * `liked` is the state the member wants, so a repeated or out-of-order toggle is harmless. At most
 * three writes whatever the anchor count (likes.ts); readers' open pages get the new count from the
 * table's stream.
 */
export const handler = defineCallable('togglePostLike', async ({ postId, liked }, { caller }) => {
  const viewer = memberRecordWithLists(caller.uid);
  const [, member, inFeed] = await Promise.all([visiblePost(postId, caller.uid, viewer.lists), viewer.member, hasFeedEntry(caller.uid, postId)]);
  const toggle = (withEntry: boolean): Promise<LikeOutcome> =>
    liked
      ? likePost(postId, caller.uid, { displayName: member.displayName, verified: isVerifiedInPerson(member) }, withEntry)
      : unlikePost(postId, caller.uid, withEntry);
  let outcome = await toggle(inFeed);
  // The entry left the member's feed meanwhile (an anchor removed): the like alone still counts.
  if (outcome === 'entry-missing') outcome = await toggle(false);
  const post = outcome === 'post-missing' ? null : await getStoredPost(postId, true);
  if (!post) throw new AppError('not-found', FEED_MESSAGES.postNotFound);
  // A like set now, not a repeat of one already there, nor an unlike.
  if (liked && outcome === 'changed') countProductEvent('like');
  return { liked, likeCount: post.likeCount };
});
