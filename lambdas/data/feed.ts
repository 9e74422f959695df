import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FEED_PAGE_SIZE } from '#contracts/feed';
import { listAcceptedAnchorIds } from './anchors.ts';
import { dynamo, tableName } from './aws-clients.ts';
import { batchGet, batchWrite } from './batch.ts';
import { conditionalWrite } from './conditional.ts';
import { FEED_ENTRY_PREFIX, postKeys } from './keys.ts';
import { getPostsForViewer, toStoredPost, type StoredPost } from './posts.ts';
import { queryAll } from './query-all.ts';

/**
 * Feed entries: `USER#<owner> / FEED#<postId>`, one per reader of a post, written when the post is
 * made (fan-out on write). Post ids are ULIDs, so a member's feed, newest first, is one Query
 * whatever the anchor count.
 */

/** Kept here for local/bench/seed-feed.ts, which imports it from this module. */
export { batchWrite } from './batch.ts';

/**
 * A feed entry is a copy of the post as its owner sees it (content, author, counters, whether the
 * owner liked it), so a feed page is ONE Query. The post item stays the truth: counters change
 * there atomically with the like or comment, then are copied to the entries (propagateCounts).
 */
export interface FeedEntry {
  post: StoredPost;
  likedByMe: boolean;
}

export function feedEntryItem(ownerUid: string, post: StoredPost, likedByMe = false): Record<string, unknown> {
  // No postKey: entries must stay out of GSI byAuthor, which holds the post items only.
  return { ...postKeys.feedEntry(ownerUid, post.postId), ...post, likedByMe };
}

/** Puts one post's entry into each reader's feed (the author and their accepted anchors). */
export async function fanOutPost(readerUids: readonly string[], post: StoredPost): Promise<void> {
  await batchWrite(readerUids.map((uid) => ({ PutRequest: { Item: feedEntryItem(uid, post) } })));
}

/** Takes one post out of some readers' feeds (deleting an absent entry is a no-op). */
export async function removePostFromFeeds(readerUids: readonly string[], postId: string): Promise<void> {
  await batchWrite(readerUids.map((uid) => ({ DeleteRequest: { Key: postKeys.feedEntry(uid, postId) } })));
}

/**
 * The repair path of a retried createPost: puts only the entries that are missing, so a reader's
 * existing entry (and their like on it) is never overwritten.
 */
export async function fanOutMissing(readerUids: readonly string[], post: StoredPost): Promise<void> {
  await Promise.all(
    readerUids.map(async (uid) => {
      await conditionalWrite(new PutCommand({ TableName: tableName(), Item: feedEntryItem(uid, post), ConditionExpression: 'attribute_not_exists(pk)' }));
    }),
  );
}

/** Whether the member's feed holds the post (then their like is copied into that entry). */
export async function hasFeedEntry(ownerUid: string, postId: string): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: postKeys.feedEntry(ownerUid, postId), ProjectionExpression: 'pk' }));
  return Boolean(Item);
}

/**
 * Copies a post's counters (read after the change) into every entry of it: the author's and the
 * author's anchors'. Conditional on an older countsVersion, so late or out-of-order copies never
 * roll a counter back, and on the entry existing, so none is created for a non-reader.
 */
export async function propagateCounts(post: Pick<StoredPost, 'postId' | 'authorId' | 'likeCount' | 'commentCount' | 'countsVersion'>): Promise<void> {
  const readers = [post.authorId, ...(await listAcceptedAnchorIds(post.authorId))];
  await Promise.all(
    readers.map(async (uid) => {
      await conditionalWrite(
        new UpdateCommand({
          TableName: tableName(),
          Key: postKeys.feedEntry(uid, post.postId),
          UpdateExpression: 'SET likeCount = :likes, commentCount = :comments, countsVersion = :version',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(countsVersion) OR countsVersion < :version)',
          ExpressionAttributeValues: { ':likes': post.likeCount, ':comments': post.commentCount, ':version': post.countsVersion },
        }),
      );
    }),
  );
}

/** An author's post ids, newest first, through GSI byAuthor (wall posts never enter a feed). */
async function authorPostIds(authorUid: string, limit?: number): Promise<string[]> {
  const posts = await queryAll(
    {
      TableName: tableName(),
      IndexName: 'byAuthor',
      KeyConditionExpression: 'authorId = :author',
      FilterExpression: 'NOT (isWallPost = :wall)',
      ExpressionAttributeValues: { ':author': authorUid, ':wall': true },
      ProjectionExpression: 'postId',
      ScanIndexForward: false,
      Limit: limit,
    },
    limit,
  );
  const ids = posts.map((post) => String(post.postId));
  return limit === undefined ? ids : ids.slice(0, limit);
}

/** Which of these posts (at most 100) the owner's feed holds, by one BatchGet of their entries. */
async function postsInFeed(ownerUid: string, postIds: readonly string[]): Promise<Set<string>> {
  const entries = await batchGet(
    postIds.map((postId) => postKeys.feedEntry(ownerUid, postId)),
    'sk',
  );
  return new Set(entries.map((item) => String(item.sk).slice(FEED_ENTRY_PREFIX.length)));
}

/**
 * A new anchor's recent posts (the last 50, as many as one feed page shows) appear in the owner's
 * feed. Called by the anchors code after an accept commits, once per direction. `onlyMissing`
 * (the repair of an accept whose catch-up may not have finished) writes only the entries that are
 * missing, so an existing entry, whose counters may be newer than this read, is never rolled back.
 */
export async function addAuthorPostsToFeed(ownerUid: string, authorUid: string, { onlyMissing = false } = {}): Promise<void> {
  const ids = await authorPostIds(authorUid, FEED_PAGE_SIZE);
  const present = onlyMissing && ids.length > 0 ? await postsInFeed(ownerUid, ids) : new Set<string>();
  const posts = await getPostsForViewer(
    ids.filter((postId) => !present.has(postId)),
    ownerUid,
  );
  await batchWrite(posts.map(({ post, likedByMe }) => ({ PutRequest: { Item: feedEntryItem(ownerUid, post, likedByMe) } })));
}

/**
 * A removed anchor's posts leave the owner's feed: every post of the author (not only the recent
 * ones, since fan-out copied each new post), deleted by key. Deleting an absent entry is a no-op.
 */
export async function removeAuthorPostsFromFeed(ownerUid: string, authorUid: string): Promise<void> {
  const ids = await authorPostIds(authorUid);
  await batchWrite(ids.map((postId) => ({ DeleteRequest: { Key: postKeys.feedEntry(ownerUid, postId) } })));
}

export interface FeedPage {
  entries: FeedEntry[];
  /** The last entry's post id when more may follow, else null. */
  nextCursor: string | null;
}

/** ONE Query: the owner's feed entries, newest first, starting after `cursor` (a post id). */
export async function readFeedEntries(ownerUid: string, cursor?: string, limit = FEED_PAGE_SIZE): Promise<FeedPage> {
  const { Items, LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': postKeys.feedEntry(ownerUid, '').pk, ':prefix': FEED_ENTRY_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor ? postKeys.feedEntry(ownerUid, cursor) : undefined,
    }),
  );
  const entries = (Items ?? []).map((item) => ({ post: toStoredPost(item), likedByMe: item.likedByMe === true }));
  const last = entries.at(-1);
  return { entries, nextCursor: LastEvaluatedKey && last ? last.post.postId : null };
}
