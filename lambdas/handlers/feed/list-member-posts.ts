import { FEED_MESSAGES } from '#contracts/feed';
import { AppError } from '#domain/app-error';
import { memberPostsFor } from '#domain/post-access';
import { presenceOf, sessionEpochOf } from '#data/members';
import { readMemberPostsPage } from '#data/posts';
import { moderationListsOf } from '#data/graph';
import { defineCallable } from '#http/define-callable';
import { checkPresence, checkSessionEpoch } from '#http/member-presence';
import { presentPost } from '#presenters/present-post';

/**
 * A member's own posts as the caller may see them (Your Wall, a profile) in TWO DynamoDB requests and
 * no write: a Query of GSI byAuthor and one BatchGet (lambdas/data/posts/member-posts.ts) that holds the
 * caller's record, from which the presence and session checks (contract presence 'own-read') refuse
 * a removed, unjoined or signed-out caller before anything is answered. A missing member and a
 * blocked pair answer alike, 'User not found', as getUserProfile does.
 */
export const handler = defineCallable('listMemberPosts', async ({ userId, cursor }, { caller }) => {
  const page = await readMemberPostsPage(userId, caller.uid, cursor);
  checkSessionEpoch(caller, sessionEpochOf(page.viewerRecord));
  checkPresence('listMemberPosts', caller, presenceOf(page.viewerRecord));
  if (!page.authorRecord) throw new AppError('not-found', FEED_MESSAGES.userNotFound);
  const byPostId = new Map(page.posts.map((entry) => [entry.post.postId, entry]));
  const visible = memberPostsFor(
    page.posts.map(({ post }) => post),
    userId,
    caller.uid,
    { lists: moderationListsOf(page.viewerRecord), edgeStatus: page.edgeStatus },
  );
  if (!visible) throw new AppError('not-found', FEED_MESSAGES.userNotFound);
  return { posts: visible.map((post) => presentPost(post, byPostId.get(post.postId)?.likedByMe ?? false)), nextCursor: page.nextCursor };
});
