import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { MEMBER_POSTS_PAGE_SIZE } from '#contracts/feed';
import { dynamo } from '#data/table';
import { batchGet } from '#data/table';
import { keys, postKeys } from '#data/table';
import { authorPostIdsQuery, toStoredPost, type StoredPost } from './posts.ts';

/**
 * A member's own posts (Your Wall, their profile), read for one viewer. GSI byAuthor holds every post
 * item under its author, sorted by postKey (the ULID), so newest first is one Query; wall posts
 * (isWallPost, which the index projects) are filtered out there. Then ONE strongly consistent
 * BatchGetItem brings the page's posts, the viewer's like of each, the viewer's record (its block
 * lists; the caller's presence check folded into this read), the author's record (do they exist)
 * and the viewer→author anchor edge (anchors-only posts): 3 + 2 × 20 = 43 keys, well inside
 * BatchGetItem's 100. Who may see what is the handler's call.
 */

export interface MemberPostsPage {
  posts: { post: StoredPost; likedByMe: boolean }[];
  /** The last post id the Query's page looked at when more may follow, else null. */
  nextCursor: string | null;
  viewerRecord: Record<string, unknown> | undefined;
  authorRecord: Record<string, unknown> | undefined;
  /** The viewer's edge to the author as stored (status 'accepted', 'pending', 'blocked'), if any. */
  edgeStatus: string | undefined;
}

const keyOf = (key: { pk: string; sk: string }) => `${key.pk}|${key.sk}`;

export async function readMemberPostsPage(authorUid: string, viewerUid: string, cursor?: string): Promise<MemberPostsPage> {
  const { Items, LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      ...authorPostIdsQuery(authorUid),
      Limit: MEMBER_POSTS_PAGE_SIZE,
      // A GSI's start key names the index's keys and the table's; any id is only a position in this author's index.
      ExclusiveStartKey: cursor ? { ...postKeys.post(cursor), authorId: authorUid, postKey: cursor } : undefined,
    }),
  );
  const postIds = (Items ?? []).map((item) => String(item.postId));
  const viewerKey = keys.user(viewerUid);
  const authorKey = keys.user(authorUid);
  const edgeKey = keys.anchorEdge(viewerUid, authorUid);
  const wanted = [viewerKey, ...(authorUid === viewerUid ? [] : [authorKey, edgeKey])];
  for (const postId of postIds) wanted.push(postKeys.post(postId), postKeys.like(postId, viewerUid));
  const found = await batchGet(wanted, undefined, { consistent: true });
  const byKey = new Map(found.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item]));
  const posts: MemberPostsPage['posts'] = [];
  for (const postId of postIds) {
    const post = byKey.get(keyOf(postKeys.post(postId)));
    if (post) posts.push({ post: toStoredPost(post), likedByMe: byKey.has(keyOf(postKeys.like(postId, viewerUid))) });
  }
  const edge = byKey.get(keyOf(edgeKey));
  return {
    posts,
    // The last post the Query looked at (a wall post it filtered out included), so the next page starts after it.
    nextCursor: LastEvaluatedKey ? String(LastEvaluatedKey.postKey) : null,
    viewerRecord: byKey.get(keyOf(viewerKey)),
    authorRecord: byKey.get(keyOf(authorUid === viewerUid ? viewerKey : authorKey)),
    edgeStatus: typeof edge?.status === 'string' ? edge.status : undefined,
  };
}
