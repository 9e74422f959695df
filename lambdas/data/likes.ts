import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './aws-clients.ts';
import { LIKE_PREFIX, postKeys } from './keys.ts';
import { transactWithRetry } from './transactions.ts';

/**
 * Likes: `POST#<postId> / LIKE#<uid>`. The like and the post's likeCount change in one transaction,
 * each conditioned on the other's state, so a double like (or unlike) never counts twice and the
 * count always equals the likers.
 */

export type LikeOutcome = 'changed' | 'unchanged' | 'post-missing';

/** Index 0 of the transaction is the like, index 1 the post. */
function outcomeOf(codes: (string | undefined)[] | null): LikeOutcome {
  if (codes === null) return 'changed';
  if (codes[1] === 'ConditionalCheckFailed') return 'post-missing';
  return 'unchanged';
}

export async function likePost(postId: string, uid: string, displayName: string, now = new Date()): Promise<LikeOutcome> {
  const codes = await transactWithRetry({
    TransactItems: [
      {
        Put: {
          TableName: tableName(),
          Item: { ...postKeys.like(postId, uid), postId, uid, displayName, likedAt: now.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: postKeys.post(postId),
          UpdateExpression: 'ADD likeCount :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ],
  });
  return outcomeOf(codes);
}

export async function unlikePost(postId: string, uid: string): Promise<LikeOutcome> {
  const codes = await transactWithRetry({
    TransactItems: [
      { Delete: { TableName: tableName(), Key: postKeys.like(postId, uid), ConditionExpression: 'attribute_exists(pk)' } },
      {
        Update: {
          TableName: tableName(),
          Key: postKeys.post(postId),
          UpdateExpression: 'ADD likeCount :minusOne',
          ConditionExpression: 'attribute_exists(pk) AND likeCount > :zero',
          ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
        },
      },
    ],
  });
  return outcomeOf(codes);
}

/** The post's likeCount and whether uid likes it, read consistently right after a toggle. */
export async function likeState(postId: string, uid: string): Promise<{ likeCount: number; liked: boolean }> {
  const [post, like] = await Promise.all([
    dynamo().send(new GetCommand({ TableName: tableName(), Key: postKeys.post(postId), ConsistentRead: true, ProjectionExpression: 'likeCount' })),
    dynamo().send(new GetCommand({ TableName: tableName(), Key: postKeys.like(postId, uid), ConsistentRead: true, ProjectionExpression: 'pk' })),
  ]);
  return { likeCount: Number(post.Item?.likeCount ?? 0), liked: Boolean(like.Item) };
}

export interface StoredLike {
  uid: string;
  displayName: string;
  likedAt: string;
}

/** Every like of a post (one Query, paged), newest first. */
export async function listLikes(postId: string): Promise<StoredLike[]> {
  const likes: StoredLike[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': postKeys.post(postId).pk, ':prefix': LIKE_PREFIX },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      likes.push({ uid: String(item.uid), displayName: String(item.displayName ?? ''), likedAt: String(item.likedAt ?? '') });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return likes.sort((a, b) => b.likedAt.localeCompare(a.likedAt));
}
