import type { Post } from '#contracts/feed';
import { readFeedEntries } from '#data/feed';
import { getPostsForViewer } from '#data/posts';
import { presentPost } from './present-post.ts';

/**
 * A page of the viewer's feed in two DynamoDB requests whatever the anchor count: one Query of
 * the viewer's feed entries (newest first, 50) and one BatchGetItem of those posts together with
 * the viewer's like of each. Posts are read, not copied into the entries, so counters are always
 * current; entries of deleted posts are skipped.
 */
export async function readFeed(viewerUid: string, cursor?: string): Promise<{ posts: Post[]; nextCursor: string | null }> {
  const page = await readFeedEntries(viewerUid, cursor);
  if (page.entries.length === 0) return { posts: [], nextCursor: null };
  const found = await getPostsForViewer(
    page.entries.map((entry) => entry.postId),
    viewerUid,
  );
  const posts = await Promise.all(found.filter(({ post }) => !post.isWallPost).map(({ post, likedByMe }) => presentPost(post, likedByMe)));
  return { posts, nextCursor: page.nextCursor };
}
