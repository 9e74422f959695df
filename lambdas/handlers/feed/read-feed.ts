import type { Post } from '#contracts/feed';
import { readFeedPage } from '#data/feed';
import { presenceOf } from '#data/member-presence';
import type { Caller } from '#http/caller';
import { checkPresence } from '#http/member-presence';
import { presentPost } from './present-post.ts';

/**
 * A page of the viewer's feed in TWO DynamoDB requests whatever the anchor count, and no write: the
 * Query of the viewer's entries and one BatchGet of their posts with the viewer's own record, from
 * which the presence check (contract presence 'own-read') refuses a removed or unjoined caller
 * before anything is answered.
 */
export async function readFeed(viewer: Caller, cursor?: string): Promise<{ posts: Post[]; nextCursor: string | null }> {
  const page = await readFeedPage(viewer.uid, cursor);
  checkPresence('getFeed', viewer, presenceOf(page.ownerRecord));
  const posts = page.entries.filter(({ post }) => !post.isWallPost).map(({ post, likedByMe }) => presentPost(post, likedByMe));
  return { posts, nextCursor: page.nextCursor };
}
