import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { FEED_PAGE_SIZE } from '#contracts/feed';
import { dynamo, tableName } from '#data/table';
import { batchGet, batchWrite } from '#data/table';
import { conditionalWrite } from '#data/table';
import { FEED_ENTRY_PREFIX, keys, parseKeyAs, postKeys } from '#data/table';
import { settleLikedByMe } from './likes.ts';
import { authorPostIdsQuery, getPostsForViewer, toStoredPost, type StoredPost } from './posts.ts';
import { queryAll } from '#data/table';

/**
 * Feed entries: `USER#<owner> / FEED#<postId>`, one per reader of a post: the author's own, written
 * with the post, and one per accepted anchor, written from the table's stream (fan-out off the
 * request path). An entry is a pointer — the post id, its author, whether the owner liked it — so
 * a like changes one item whatever the anchor count; the post item holds the counts. Post ids are
 * ULIDs, so a member's feed, newest first, is one Query; the page's posts are one BatchGetItem.
 * Entries expire 90 days after their post (TTL; DynamoDB Local never deletes, so reads filter).
 */

/** Kept here for local/bench/seed-feed.ts, which imports it from this module. */
export { batchWrite } from '#data/table';

/** How long a post stays in feeds: an entry expires this long after its post was made. */
export const FEED_ENTRY_TTL_SECONDS = 90 * 24 * 60 * 60;

/** A trim keeps a member's newest entries up to this many (older ones leave the feed). */
export const FEED_MAX_ENTRIES = 1_000;
/**
 * A fan-out trims about one in this many of the feeds it writes to: reading a full feed's keys costs
 * some 23 read units, so trimming on every entry would cost more than the entry itself. A feed then
 * holds at most FEED_MAX_ENTRIES plus what arrived since its last trim (this many on average).
 */
export const FEED_TRIM_ONE_IN = 20;

/** A feed page's post with whether its reader liked it. */
export interface FeedEntry {
  post: StoredPost;
  likedByMe: boolean;
}

type FeedPost = Pick<StoredPost, 'postId' | 'authorId' | 'createdAt'>;

export function feedEntryItem(ownerUid: string, post: FeedPost, likedByMe = false): Record<string, unknown> {
  // No postKey: entries must stay out of GSI byAuthor, which holds the post items only.
  return {
    ...postKeys.feedEntry(ownerUid, post.postId),
    postId: post.postId,
    authorId: post.authorId,
    likedByMe,
    expiresAt: Math.floor(Date.parse(post.createdAt) / 1000) + FEED_ENTRY_TTL_SECONDS,
  };
}

/**
 * Puts one post's entry into each reader's feed (fan-out: the author's anchors), each with whether
 * its reader has liked the post already (one consistent BatchGet of their like keys per 100
 * readers): a reader who liked it before the fan-out reached them (from the author's profile, or
 * between a failed delivery and its retry) keeps their like on the entry. A like or unlike made
 * between that read and the puts found no entry to change (togglePostLike changes the entry only if
 * the liker's feed holds the post), so the likes are read again after the puts and an entry that
 * disagrees is put right under a check of the like itself.
 */
export async function fanOutPost(readerUids: readonly string[], post: FeedPost): Promise<void> {
  if (readerUids.length === 0) return;
  const likedBefore = await likersAmong(readerUids, post.postId);
  await batchWrite(readerUids.map((uid) => ({ PutRequest: { Item: feedEntryItem(uid, post, likedBefore.has(uid)) } })));
  const likedNow = await likersAmong(readerUids, post.postId);
  const changed = readerUids.filter((uid) => likedBefore.has(uid) !== likedNow.has(uid));
  await Promise.all(changed.map((uid) => settleLikedByMe(uid, post.postId, likedNow.has(uid))));
}

/** Which of these readers have liked the post now (strongly consistent: a like just made counts). */
async function likersAmong(readerUids: readonly string[], postId: string): Promise<Set<string>> {
  const likes = await batchGet(
    readerUids.map((uid) => postKeys.like(postId, uid)),
    'sk',
    { consistent: true },
  );
  const likedKeys = new Set(likes.map((like) => String(like.sk)));
  return new Set(readerUids.filter((uid) => likedKeys.has(postKeys.like(postId, uid).sk)));
}

/**
 * Whether putting this post into this member's feed is the turn to trim it: a hash of the pair, so
 * a redelivered fan-out trims the same feeds, and every feed's turn comes about once in
 * FEED_TRIM_ONE_IN entries whatever the order of its posts.
 */
export function isFeedTrimTurn(ownerUid: string, postId: string): boolean {
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (const char of `${ownerUid}|${postId}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % FEED_TRIM_ONE_IN === 0;
}

/**
 * Keeps the member's newest FEED_MAX_ENTRIES entries and deletes the rest: one keys-only Query of
 * the feed (a 1,000-entry feed is one page), then deletes by key. Answers how many left.
 */
export async function trimFeed(ownerUid: string): Promise<number> {
  const older = (await feedEntryKeys(ownerUid)).slice(FEED_MAX_ENTRIES);
  await deleteEntries(older);
  return older.length;
}

/**
 * The keys of the owner's feed entries, newest first (one keys-only Query, paged): all of them, or
 * with `authorId` only that author's (a strongly consistent read, so an entry just put is among them).
 */
async function feedEntryKeys(ownerUid: string, authorId?: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': postKeys.feedEntry(ownerUid, '').pk, ':prefix': FEED_ENTRY_PREFIX, ...(authorId ? { ':author': authorId } : {}) },
    ...(authorId ? { FilterExpression: 'authorId = :author', ConsistentRead: true } : {}),
    ProjectionExpression: 'pk, sk',
    ScanIndexForward: false,
  });
}

function deleteEntries(entries: readonly Record<string, unknown>[]): Promise<void> {
  return batchWrite(entries.map((entry) => ({ DeleteRequest: { Key: { pk: entry.pk, sk: entry.sk } } })));
}

/** Trims the feeds whose turn this post is (see isFeedTrimTurn), after a fan-out put it in them. */
export async function trimFeedsOnTheirTurn(readerUids: readonly string[], postId: string): Promise<void> {
  for (const uid of readerUids) if (isFeedTrimTurn(uid, postId)) await trimFeed(uid);
}

/** Takes one post out of some readers' feeds (deleting an absent entry is a no-op). */
export async function removePostFromFeeds(readerUids: readonly string[], postId: string): Promise<void> {
  await batchWrite(readerUids.map((uid) => ({ DeleteRequest: { Key: postKeys.feedEntry(uid, postId) } })));
}

/**
 * Puts only the entries that are missing, so an existing entry (and its owner's like on it) is
 * never overwritten: the author's own entry on a retried createPost, and a redelivered fan-out.
 */
export async function fanOutMissing(readerUids: readonly string[], post: FeedPost): Promise<void> {
  await Promise.all(
    readerUids.map(async (uid) => {
      await conditionalWrite(new PutCommand({ TableName: tableName(), Item: feedEntryItem(uid, post), ConditionExpression: 'attribute_not_exists(pk)' }));
    }),
  );
}

/** Whether the member's feed holds the post (then their like is kept in that entry). */
export async function hasFeedEntry(ownerUid: string, postId: string): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: postKeys.feedEntry(ownerUid, postId), ProjectionExpression: 'pk' }));
  return Boolean(Item);
}

/** An author's post ids, newest first, through GSI byAuthor (wall posts never enter a feed). */
async function authorPostIds(authorUid: string, limit?: number): Promise<string[]> {
  const posts = await queryAll({ ...authorPostIdsQuery(authorUid), Limit: limit }, limit);
  const ids = posts.map((post) => String(post.postId));
  return limit === undefined ? ids : ids.slice(0, limit);
}

/** Which of these posts (at most 100) the owner's feed holds, by one BatchGet of their entries. */
async function postsInFeed(ownerUid: string, postIds: readonly string[]): Promise<Set<string>> {
  const entries = await batchGet(
    postIds.map((postId) => postKeys.feedEntry(ownerUid, postId)),
    'pk, sk',
  );
  return new Set(entries.map((item) => parseKeyAs('feed-entry', item).postId));
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
  if (posts.length === 0) return;
  // A post deleted between the read and the puts may have been cleaned up already (its clean-up
  // runs from the stream, on AWS possibly beside this on another shard): its entry leaves again.
  const written = posts.map(({ post }) => post.postId);
  const stillThere = new Set((await batchGet(written.map(postKeys.post), 'pk', { consistent: true })).map((item) => String(item.pk)));
  const gone = written.filter((postId) => !stillThere.has(postKeys.post(postId).pk));
  await batchWrite(gone.map((postId) => ({ DeleteRequest: { Key: postKeys.feedEntry(ownerUid, postId) } })));
  // Up to a page of entries at once, on an event far rarer than a post: trim every time.
  await trimFeed(ownerUid);
}

/**
 * A removed anchor's posts leave the owner's feed: every entry of the owner's feed that names the
 * author, found in the feed itself (one keys-only Query of at most some 1,000 entries), not from the
 * author's posts: a post deleted while the owner was still an anchor, whose clean-up ran from the
 * stream only after the anchor had gone (so it no longer counted the owner as a reader), is in
 * neither the author's posts nor anyone else's care, and would stay in the feed until its TTL.
 */
export async function removeAuthorPostsFromFeed(ownerUid: string, authorUid: string): Promise<void> {
  await deleteEntries(await feedEntryKeys(ownerUid, authorUid));
}

export interface FeedPage {
  entries: FeedEntry[];
  /** The last entry's post id when more may follow, else null. */
  nextCursor: string | null;
  /** The owner's own record as this read found it (strongly consistent): the caller's presence. */
  ownerRecord: Record<string, unknown> | undefined;
}

/**
 * A feed page in TWO requests whatever the anchor count: one Query of the owner's entries, newest
 * first, starting after `cursor` (a post id), then one strongly consistent BatchGetItem of their
 * posts together with the owner's own record, which is the caller's presence check folded into
 * this read (getFeed). Expired entries (past their TTL, which DynamoDB Local never applies) and
 * entries whose post is gone are left out.
 */
export async function readFeedPage(ownerUid: string, cursor?: string, now = new Date()): Promise<FeedPage> {
  const { Items, LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': postKeys.feedEntry(ownerUid, '').pk, ':prefix': FEED_ENTRY_PREFIX },
      ProjectionExpression: 'postId, likedByMe, expiresAt',
      ScanIndexForward: false,
      Limit: FEED_PAGE_SIZE,
      ExclusiveStartKey: cursor ? postKeys.feedEntry(ownerUid, cursor) : undefined,
    }),
  );
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const live = (Items ?? []).filter((item) => typeof item.expiresAt !== 'number' || item.expiresAt > nowSeconds);
  const ownerKey = keys.user(ownerUid);
  const found = await batchGet([ownerKey, ...live.map((item) => postKeys.post(String(item.postId)))], undefined, { consistent: true });
  const byKey = new Map(found.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item]));
  const entries: FeedEntry[] = [];
  for (const item of live) {
    const postKey = postKeys.post(String(item.postId));
    const post = byKey.get(`${postKey.pk}|${postKey.sk}`);
    if (post) entries.push({ post: toStoredPost(post), likedByMe: item.likedByMe === true });
  }
  const lastId = (Items ?? []).at(-1)?.postId;
  return {
    entries,
    nextCursor: LastEvaluatedKey && lastId !== undefined ? String(lastId) : null,
    ownerRecord: byKey.get(`${ownerKey.pk}|${ownerKey.sk}`),
  };
}
