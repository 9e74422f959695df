import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PostPrivacy } from '#contracts/feed';
import { dynamo, tableName } from '#data/table';
import { batchGet } from '#data/table';
import { transact } from '#data/table';
import { postKeys } from '#data/table';

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
  /** The author is verified in person, copied like the name (false on posts from before it was kept). */
  authorVerified: boolean;
  content: string;
  createdAt: string;
  privacy: PostPrivacy;
  likeCount: number;
  commentCount: number;
  isWallPost: boolean;
  recipientName?: string;
  /** Bumped with every likeCount/commentCount change, in the same write: the counts' own version. */
  countsVersion: number;
  /** Set when its author edits it. */
  editedAt?: string;
}

/** How long a createPost attempt is remembered for retries. */
const POST_REQUEST_TTL_SECONDS = 24 * 60 * 60;

export function toStoredPost(item: Record<string, unknown>): StoredPost {
  return {
    postId: String(item.postId),
    authorId: String(item.authorId),
    authorName: String(item.authorName ?? ''),
    authorPictureKey: String(item.authorPictureKey ?? ''),
    authorVerified: item.authorVerified === true,
    content: String(item.content ?? ''),
    createdAt: String(item.createdAt),
    privacy: item.privacy === 'public' ? 'public' : 'anchors',
    likeCount: Number(item.likeCount ?? 0),
    commentCount: Number(item.commentCount ?? 0),
    isWallPost: item.isWallPost === true,
    countsVersion: Number(item.countsVersion ?? 0),
    ...(typeof item.recipientName === 'string' ? { recipientName: item.recipientName } : {}),
    ...(typeof item.editedAt === 'string' ? { editedAt: item.editedAt } : {}),
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
  const outcome = await transact([
    { name: 'request', Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
    { name: 'post', Put: { TableName: tableName(), Item: postItem(post), ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
  if (outcome.ok) return { created: true, postId: post.postId };
  if (!outcome.failed.includes('request')) throw new Error(`Post ${post.postId} exists already`);
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: postKeys.postRequest(post.authorId, clientRequestId), ConsistentRead: true }),
  );
  if (!Item) throw new Error(`Post request ${clientRequestId} vanished during its retry`);
  return { created: false, postId: String(Item.postId) };
}

export async function getStoredPost(postId: string, consistent = false): Promise<StoredPost | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: postKeys.post(postId), ConsistentRead: consistent }));
  return Item ? toStoredPost(Item) : null;
}

export interface PostWithViewerLike {
  post: StoredPost;
  likedByMe: boolean;
}

/**
 * Posts by id with whether the viewer liked each, in ONE BatchGetItem for up to 50 posts (each post
 * key beside the viewer's like key). Order follows `postIds`; missing posts (deleted) are skipped.
 */
export async function getPostsForViewer(postIds: readonly string[], viewerUid: string): Promise<PostWithViewerLike[]> {
  const items = await batchGet(postIds.flatMap((postId) => [postKeys.post(postId), postKeys.like(postId, viewerUid)]));
  const found = new Map(items.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item]));
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

/**
 * The Query of an author's post ids through GSI byAuthor, newest first, without wall posts (which
 * never enter a feed nor the author's own list). Callers add Limit and ExclusiveStartKey.
 */
export function authorPostIdsQuery(authorUid: string) {
  return {
    TableName: tableName(),
    IndexName: 'byAuthor',
    KeyConditionExpression: 'authorId = :author',
    FilterExpression: 'NOT (isWallPost = :wall)',
    ExpressionAttributeValues: { ':author': authorUid, ':wall': true },
    ProjectionExpression: 'postId',
    ScanIndexForward: false,
  };
}
