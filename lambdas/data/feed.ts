import { BatchWriteCommand, QueryCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { FEED_PAGE_SIZE } from '#contracts/feed';
import { dynamo, tableName } from './aws-clients.ts';
import { FEED_ENTRY_PREFIX, postKeys } from './keys.ts';

/**
 * Feed entries: `USER#<owner> / FEED#<postId>`, one per reader of a post, written when the post is
 * made (fan-out on write). Post ids are ULIDs, so a member's feed, newest first, is one Query.
 */

/** BatchWriteItem takes at most 25 requests. */
const BATCH_WRITE_LIMIT = 25;
const MAX_BATCH_ATTEMPTS = 8;

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** Writes in chunks of 25, in parallel, retrying what DynamoDB hands back unprocessed (with backoff). */
export async function batchWrite(requests: WriteRequest[]): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_WRITE_LIMIT) chunks.push(requests.slice(i, i + BATCH_WRITE_LIMIT));
  await Promise.all(chunks.map((chunk) => writeChunk(chunk)));
}

async function writeChunk(chunk: WriteRequest[]): Promise<void> {
  let pending = chunk;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= MAX_BATCH_ATTEMPTS) throw new Error(`BatchWrite left ${pending.length} items unprocessed`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 10));
    const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = UnprocessedItems?.[tableName()] ?? [];
  }
}

export interface FeedEntry {
  postId: string;
  authorId: string;
  createdAt: string;
}

export function feedEntryItem(ownerUid: string, entry: FeedEntry): Record<string, unknown> {
  return { ...postKeys.feedEntry(ownerUid, entry.postId), ...entry };
}

/** Puts one post's entry into each reader's feed (the author and their accepted anchors). */
export async function fanOutPost(readerUids: readonly string[], entry: FeedEntry): Promise<void> {
  await batchWrite(readerUids.map((uid) => ({ PutRequest: { Item: feedEntryItem(uid, entry) } })));
}

/** An author's posts, newest first, through GSI byAuthor (only what a feed entry needs). */
async function authorPostEntries(authorUid: string, limit?: number): Promise<FeedEntry[]> {
  const entries: FeedEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'byAuthor',
        KeyConditionExpression: 'authorId = :author',
        ExpressionAttributeValues: { ':author': authorUid },
        ProjectionExpression: 'postId, authorId, createdAt, isWallPost',
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
        Limit: limit,
      }),
    );
    for (const item of page.Items ?? []) {
      // Wall posts never appear in the feed (spec §7 live feed: isWallPost false).
      if (item.isWallPost === true) continue;
      entries.push({ postId: String(item.postId), authorId: String(item.authorId), createdAt: String(item.createdAt) });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey && (limit === undefined || entries.length < limit));
  return limit === undefined ? entries : entries.slice(0, limit);
}

/**
 * A new anchor's recent posts (the last 50, as many as one feed page shows) appear in the owner's
 * feed. Called by the anchors code after an accept commits, once per direction.
 */
export async function addAuthorPostsToFeed(ownerUid: string, authorUid: string): Promise<void> {
  const entries = await authorPostEntries(authorUid, FEED_PAGE_SIZE);
  await batchWrite(entries.map((entry) => ({ PutRequest: { Item: feedEntryItem(ownerUid, entry) } })));
}

/**
 * A removed anchor's posts leave the owner's feed: every post of the author (not only the recent
 * ones, since fan-out copied each new post), deleted by key. Deleting an absent entry is a no-op.
 */
export async function removeAuthorPostsFromFeed(ownerUid: string, authorUid: string): Promise<void> {
  const entries = await authorPostEntries(authorUid);
  await batchWrite(entries.map((entry) => ({ DeleteRequest: { Key: postKeys.feedEntry(ownerUid, entry.postId) } })));
}

export interface FeedPage {
  entries: FeedEntry[];
  /** The last entry's post id when more may follow, else null. */
  nextCursor: string | null;
}

/** One Query: the owner's feed entries, newest first, starting after `cursor` (a post id). */
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
  const entries = (Items ?? []).map((item) => ({ postId: String(item.postId), authorId: String(item.authorId), createdAt: String(item.createdAt) }));
  const last = entries.at(-1);
  return { entries, nextCursor: LastEvaluatedKey && last ? last.postId : null };
}
