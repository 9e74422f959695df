import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { COMMENTS_PAGE_SIZE } from '#contracts/feed';
import { dynamo, tableName } from './aws-clients.ts';
import { COMMENT_PREFIX, postKeys } from './keys.ts';
import { transactWithRetry } from './transactions.ts';

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
  content: string;
  createdAt: string;
}

function toStoredComment(item: Record<string, unknown>): StoredComment {
  return {
    commentId: String(item.commentId),
    postId: String(item.postId),
    authorId: String(item.authorId),
    authorName: String(item.authorName ?? ''),
    authorPictureKey: String(item.authorPictureKey ?? ''),
    content: String(item.content ?? ''),
    createdAt: String(item.createdAt),
  };
}

/** Writes the comment and bumps the post's commentCount (and countsVersion); false when the post is gone. */
export async function putComment(comment: StoredComment): Promise<boolean> {
  const codes = await transactWithRetry({
    TransactItems: [
      {
        Put: {
          TableName: tableName(),
          Item: { ...postKeys.comment(comment.postId, comment.commentId), ...comment },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: postKeys.post(comment.postId),
          UpdateExpression: 'ADD commentCount :one, countsVersion :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      // The author's COMMENTED# marker (removal finds a member's comments by it), last.
      {
        Put: {
          TableName: tableName(),
          Item: { ...postKeys.commentedMarker(comment.authorId, comment.postId, comment.commentId), postId: comment.postId, commentId: comment.commentId },
        },
      },
    ],
  });
  if (codes === null) return true;
  if (codes[1] === 'ConditionalCheckFailed') return false;
  throw new Error(`Comment write cancelled: ${codes.join(',')}`);
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
