import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PostPrivacy } from '#contracts/feed';
import { dynamo, tableName } from './aws-clients.ts';
import { postKeys } from './keys.ts';

/**
 * Post items: `POST#<postId> / POST`. The author's name and picture key are copied in when the
 * post is made (a feed page then needs no user reads); `authorId` + `postKey` put every post in
 * GSI byAuthor, newest first.
 */
export interface StoredPost {
  postId: string;
  authorId: string;
  authorName: string;
  /** Storage key of the author's picture ('' when none); responses sign it into a URL. */
  authorPictureKey: string;
  content: string;
  createdAt: string;
  privacy: PostPrivacy;
  likeCount: number;
  commentCount: number;
  isWallPost: boolean;
  recipientName?: string;
  /**
   * Bumped with every likeCount/commentCount change, so copies of the counters in feed entries
   * only ever move forward (an older propagation never overwrites a newer one).
   */
  countsVersion: number;
}

/** How long a createPost attempt is remembered for retries. */
const POST_REQUEST_TTL_SECONDS = 24 * 60 * 60;

export function toStoredPost(item: Record<string, unknown>): StoredPost {
  return {
    postId: String(item.postId),
    authorId: String(item.authorId),
    authorName: String(item.authorName ?? ''),
    authorPictureKey: String(item.authorPictureKey ?? ''),
    content: String(item.content ?? ''),
    createdAt: String(item.createdAt),
    privacy: item.privacy === 'public' ? 'public' : 'anchors',
    likeCount: Number(item.likeCount ?? 0),
    commentCount: Number(item.commentCount ?? 0),
    isWallPost: item.isWallPost === true,
    countsVersion: Number(item.countsVersion ?? 0),
    ...(typeof item.recipientName === 'string' ? { recipientName: item.recipientName } : {}),
  };
}

export function postItem(post: StoredPost): Record<string, unknown> {
  return { ...postKeys.post(post.postId), ...post, postKey: post.postId };
}

/**
 * Writes a new post. With a clientRequestId the post and a request marker are one transaction and
 * the marker must not exist: a retry of the same attempt writes nothing and gets the first post's
 * id back (`created: false`).
 */
export async function putPost(post: StoredPost, clientRequestId?: string, now = new Date()): Promise<{ created: boolean; postId: string }> {
  if (!clientRequestId) {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: postItem(post), ConditionExpression: 'attribute_not_exists(pk)' }));
    return { created: true, postId: post.postId };
  }
  const marker = {
    ...postKeys.postRequest(post.authorId, clientRequestId),
    postId: post.postId,
    expiresAt: Math.floor(now.getTime() / 1000) + POST_REQUEST_TTL_SECONDS,
  };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: postItem(post), ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    return { created: true, postId: post.postId };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException) || error.CancellationReasons?.[0]?.Code !== 'ConditionalCheckFailed') throw error;
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: postKeys.postRequest(post.authorId, clientRequestId), ConsistentRead: true }),
    );
    if (!Item) throw error;
    return { created: false, postId: String(Item.postId) };
  }
}

export async function getStoredPost(postId: string, consistent = false): Promise<StoredPost | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: postKeys.post(postId), ConsistentRead: consistent }));
  return Item ? toStoredPost(Item) : null;
}

export interface PostWithViewerLike {
  post: StoredPost;
  likedByMe: boolean;
}

/** BatchGetItem takes at most 100 keys: a page of 50 posts plus the viewer's 50 possible likes. */
const BATCH_GET_LIMIT = 100;
const MAX_BATCH_ATTEMPTS = 8;

/**
 * Posts by id with whether the viewer liked each, in ONE BatchGetItem for up to 50 posts (each post
 * key beside the viewer's like key). Order follows `postIds`; missing posts (deleted) are skipped.
 */
export async function getPostsForViewer(postIds: readonly string[], viewerUid: string): Promise<PostWithViewerLike[]> {
  const keysWanted = postIds.flatMap((postId) => [postKeys.post(postId), postKeys.like(postId, viewerUid)]);
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < keysWanted.length; i += BATCH_GET_LIMIT) {
    let pending: Record<string, unknown>[] = keysWanted.slice(i, i + BATCH_GET_LIMIT);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_BATCH_ATTEMPTS) throw new Error(`BatchGet left ${pending.length} keys unprocessed`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 10));
      const { Responses, UnprocessedKeys } = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }),
      );
      for (const item of Responses?.[tableName()] ?? []) found.set(`${String(item.pk)}|${String(item.sk)}`, item);
      pending = UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  const result: PostWithViewerLike[] = [];
  for (const postId of postIds) {
    const postKey = postKeys.post(postId);
    const item = found.get(`${postKey.pk}|${postKey.sk}`);
    if (!item) continue;
    const likeKey = postKeys.like(postId, viewerUid);
    result.push({ post: toStoredPost(item), likedByMe: found.has(`${likeKey.pk}|${likeKey.sk}`) });
  }
  return result;
}
