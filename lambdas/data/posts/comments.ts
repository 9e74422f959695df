import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { COMMENTS_PAGE_SIZE } from '#contracts/feed';
import { dynamo, tableName } from '#data/table';
import { transact } from '#data/table';
import { COMMENT_PREFIX, postKeys } from '#data/table';

/**
 * Comments: `POST#<postId> / COMMENT#<commentId ULID>`, so newest first is one descending Query.
 * The comment, the post's commentCount and the author's COMMENTED# marker are written in one
 * transaction; the handler then copies the new count into the post's feed entries.
 */
export interface StoredComment {
  commentId: string;
  postId: string;
  authorId: string;
  authorName: string;
  authorPictureKey: string;
  /** As on posts: the author is verified in person (false on comments from before it was kept). */
  authorVerified: boolean;
  content: string;
  createdAt: string;
  /** Set when its author edits it. */
  editedAt?: string;
}

export function toStoredComment(item: Record<string, unknown>): StoredComment {
  return {
    commentId: String(item.commentId),
    postId: String(item.postId),
    authorId: String(item.authorId),
    authorName: String(item.authorName ?? ''),
    authorPictureKey: String(item.authorPictureKey ?? ''),
    authorVerified: item.authorVerified === true,
    content: String(item.content ?? ''),
    createdAt: String(item.createdAt),
    ...(typeof item.editedAt === 'string' ? { editedAt: item.editedAt } : {}),
  };
}

const COMMENT_REQUEST_TTL_SECONDS = 24 * 60 * 60;

/**
 * Writes the comment and bumps the post's commentCount (and countsVersion). With a clientRequestId a
 * request marker (which must not exist yet) joins the transaction, so a retry of an attempt whose
 * answer was lost writes nothing and gets the first comment back (`created: false`). Null when the
 * post is gone.
 */
export async function putComment(
  comment: StoredComment,
  clientRequestId?: string,
  now = new Date(),
): Promise<{ created: boolean; comment: StoredComment } | null> {
  const marker = clientRequestId
    ? {
        name: 'request' as const,
        Put: {
          TableName: tableName(),
          Item: {
            ...postKeys.commentRequest(comment.authorId, clientRequestId),
            postId: comment.postId,
            commentId: comment.commentId,
            expiresAt: Math.floor(now.getTime() / 1000) + COMMENT_REQUEST_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }
    : null;
  const outcome = await transact([
    ...(marker ? [marker] : []),
    {
      name: 'comment',
      Put: {
        TableName: tableName(),
        Item: { ...postKeys.comment(comment.postId, comment.commentId), ...comment },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      name: 'post',
      Update: {
        TableName: tableName(),
        Key: postKeys.post(comment.postId),
        UpdateExpression: 'ADD commentCount :one, countsVersion :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    // The author's COMMENTED# marker (removal finds a member's comments by it).
    {
      name: 'commentedMarker',
      Put: {
        TableName: tableName(),
        Item: { ...postKeys.commentedMarker(comment.authorId, comment.postId, comment.commentId), postId: comment.postId, commentId: comment.commentId },
      },
    },
  ]);
  if (outcome.ok) return { created: true, comment };
  if (outcome.failed.includes('request') && clientRequestId) return firstComment(comment.authorId, clientRequestId);
  if (outcome.failed.includes('post')) return null;
  throw new Error(`Comment write cancelled: the ${outcome.failed.join(', ')} condition failed`);
}

/** The comment an earlier attempt with this clientRequestId made; null when it is gone since. */
async function firstComment(authorId: string, clientRequestId: string): Promise<{ created: false; comment: StoredComment } | null> {
  const { Item: request } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: postKeys.commentRequest(authorId, clientRequestId), ConsistentRead: true }),
  );
  if (!request) throw new Error(`Comment request ${clientRequestId} vanished during its retry`);
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: postKeys.comment(String(request.postId), String(request.commentId)), ConsistentRead: true }),
  );
  return Item ? { created: false, comment: toStoredComment(Item) } : null;
}

export interface CommentPage {
  comments: StoredComment[];
  nextCursor: string | null;
}

export async function listComments(postId: string, cursor?: string, limit = COMMENTS_PAGE_SIZE): Promise<CommentPage> {
  const { Items, LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': postKeys.post(postId).pk, ':prefix': COMMENT_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor ? postKeys.comment(postId, cursor) : undefined,
    }),
  );
  const comments = (Items ?? []).map(toStoredComment);
  const last = comments.at(-1);
  return { comments, nextCursor: LastEvaluatedKey && last ? last.commentId : null };
}
