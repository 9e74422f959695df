import type { Post } from '#contracts/feed';
import { isSilencedFor } from '#domain/moderation-lists';
import { readFeedPage } from '#data/posts';
import { presenceOf, sessionEpochOf } from '#data/members';
import { moderationListsOf } from '#data/graph';
import type { Caller } from '#http/caller';
import { checkPresence, checkSessionEpoch } from '#http/member-presence';
import { presentPost } from '#presenters/present-post';

/**
 * A page of the viewer's feed in TWO DynamoDB requests whatever the anchor count, and no write: the
 * Query of the viewer's entries and one BatchGet of their posts with the viewer's own record, from
 * which the presence check (contract presence 'own-read') refuses a removed or unjoined caller
 * before anything is answered. The same record's block and mute lists drop the posts of members
 * the viewer blocked, was blocked by or muted (entries the stream has not removed yet, and a muted
 * member's, which stay): a page may then hold fewer posts, and the cursor still moves on.
 */
export async function readFeed(viewer: Caller, cursor?: string): Promise<{ posts: Post[]; nextCursor: string | null }> {
  const page = await readFeedPage(viewer.uid, cursor);
  checkSessionEpoch(viewer, sessionEpochOf(page.ownerRecord));
  checkPresence('getFeed', viewer, presenceOf(page.ownerRecord));
  const lists = moderationListsOf(page.ownerRecord);
  const posts = page.entries
    .filter(({ post }) => !post.isWallPost && !isSilencedFor(lists, post.authorId))
    .map(({ post, likedByMe }) => presentPost(post, likedByMe));
  return { posts, nextCursor: page.nextCursor };
}
