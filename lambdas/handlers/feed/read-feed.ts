import type { Post } from '#contracts/feed';
import { readFeedEntries } from '#data/feed';
import { presentPost } from './present-post.ts';

/**
 * A page of the viewer's feed in ONE DynamoDB request whatever the anchor count: a Query of the
 * viewer's feed entries, newest first, 50. Entries are full copies of the posts (fan-out on write)
 * with the viewer's like and the counters copied on every change, which is what lets the web poll
 * this page every few seconds for live posts, likes and comments at the price of one Query.
 */
export async function readFeed(viewerUid: string, cursor?: string): Promise<{ posts: Post[]; nextCursor: string | null }> {
  const page = await readFeedEntries(viewerUid, cursor);
  const posts = await Promise.all(page.entries.filter(({ post }) => !post.isWallPost).map(({ post, likedByMe }) => presentPost(post, likedByMe)));
  return { posts, nextCursor: page.nextCursor };
}
