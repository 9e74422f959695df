import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listAcceptedAnchorIds } from '#data/graph';
import { dynamo, tableName } from '#data/table';
import { batchWrite } from '#data/table';
import { type StoredComment, toStoredComment } from './comments.ts';
import { conditionalWrite, transact } from '#data/table';
import { removePostFromFeeds } from './feed.ts';
import { COMMENT_PREFIX, LIKE_PREFIX, postKeys } from '#data/table';
import { type StoredPost, toStoredPost } from './posts.ts';
import { queryAll } from '#data/table';

/**
 * Members editing and deleting what they wrote (and, through the same functions without an author,
 * an admin's 'remove-content'). The post item is the only home of content and counts, so deleting
 * it is what the request does: every read stops showing the post at once, and no like or comment
 * can be written on it any more (theirs are conditioned on the post). Its feed entries, likes and
 * comments with their commenters' markers follow from the table's stream (`cleanUpDeletedPost`),
 * retried until done. A comment's delete moves the post's commentCount in its own transaction, so
 * the count drops exactly once.
 */

/** An author's deletion is remembered this long: a repeat (a double click) answers success. */
const DELETED_MARKER_TTL_SECONDS = 24 * 60 * 60;

export type DeleteOutcome = 'deleted' | 'already-deleted' | 'missing' | 'not-author';
export type EditOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'missing' | 'not-author' };

function deletedMarkerPut(authorId: string, postId: string, commentId: string | undefined, now: Date) {
  return {
    name: 'marker' as const,
    Put: {
      TableName: tableName(),
      Item: { ...postKeys.deletedMarker(authorId, postId, commentId), postId, expiresAt: Math.floor(now.getTime() / 1000) + DELETED_MARKER_TTL_SECONDS },
    },
  };
}

/** Whether this author deleted it within the last day (DynamoDB Local never expires items: filtered here). */
async function deletedByAuthor(authorId: string, postId: string, commentId: string | undefined, now: Date): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: postKeys.deletedMarker(authorId, postId, commentId), ConsistentRead: true }),
  );
  return Boolean(Item) && Number(Item?.expiresAt ?? 0) > now.getTime() / 1000;
}

/** Rewrites a post's content if it exists and (with `authorId`) is that member's; marks it edited. */
export async function editPostContent(postId: string, content: string, authorId: string | null, now = new Date()): Promise<EditOutcome<StoredPost>> {
  const written = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: postKeys.post(postId),
      UpdateExpression: 'SET content = :content, editedAt = :at',
      ConditionExpression: authorId === null ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND authorId = :author',
      ExpressionAttributeValues: { ':content': content, ':at': now.toISOString(), ...(authorId === null ? {} : { ':author': authorId }) },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (written?.Attributes) return { ok: true, value: toStoredPost(written.Attributes) };
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: postKeys.post(postId), ConsistentRead: true }));
  return { ok: false, reason: Item ? 'not-author' : 'missing' };
}

/**
 * Deletes the post item; with `authorId`, only that author's, remembering the deletion for a day so
 * a repeat answers 'already-deleted'. The rest of the post follows from the table's stream.
 */
export async function deletePostItem(postId: string, authorId: string | null, now = new Date()): Promise<DeleteOutcome> {
  if (authorId === null) {
    const removed = await conditionalWrite(
      new DeleteCommand({ TableName: tableName(), Key: postKeys.post(postId), ConditionExpression: 'attribute_exists(pk)' }),
    );
    return removed ? 'deleted' : 'missing';
  }
  const outcome = await transact([
    {
      name: 'post',
      Delete: {
        TableName: tableName(),
        Key: postKeys.post(postId),
        ConditionExpression: 'attribute_exists(pk) AND authorId = :author',
        ExpressionAttributeValues: { ':author': authorId },
      },
    },
    deletedMarkerPut(authorId, postId, undefined, now),
  ]);
  if (outcome.ok) return 'deleted';
  if (await deletedByAuthor(authorId, postId, undefined, now)) return 'already-deleted';
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: postKeys.post(postId), ConsistentRead: true }));
  return Item ? 'not-author' : 'missing';
}

export async function getStoredComment(postId: string, commentId: string): Promise<StoredComment | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: postKeys.comment(postId, commentId), ConsistentRead: true }));
  return Item ? toStoredComment(Item) : null;
}

/** Rewrites a comment's content if it exists and (with `authorId`) is that member's; marks it edited. */
export async function editCommentContent(
  postId: string,
  commentId: string,
  content: string,
  authorId: string | null,
  now = new Date(),
): Promise<EditOutcome<StoredComment>> {
  const written = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: postKeys.comment(postId, commentId),
      UpdateExpression: 'SET content = :content, editedAt = :at',
      ConditionExpression: authorId === null ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND authorId = :author',
      ExpressionAttributeValues: { ':content': content, ':at': now.toISOString(), ...(authorId === null ? {} : { ':author': authorId }) },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (written?.Attributes) return { ok: true, value: toStoredComment(written.Attributes) };
  return { ok: false, reason: (await getStoredComment(postId, commentId)) ? 'not-author' : 'missing' };
}

/**
 * Deletes a comment with its author's COMMENTED# marker and lowers the post's commentCount, all in
 * one transaction conditioned on the comment still existing: of two racing deletes one counts.
 * With `authorId`, only that author's, remembered for a day as for posts. 'missing' also when the
 * post is gone (then the comment goes with it, from the table's stream).
 */
export async function deleteCommentItem(postId: string, commentId: string, authorId: string | null, now = new Date()): Promise<DeleteOutcome> {
  const comment = await getStoredComment(postId, commentId);
  if (!comment) return authorId !== null && (await deletedByAuthor(authorId, postId, commentId, now)) ? 'already-deleted' : 'missing';
  if (authorId !== null && comment.authorId !== authorId) return 'not-author';
  const outcome = await transact([
    {
      name: 'comment',
      Delete: {
        TableName: tableName(),
        Key: postKeys.comment(postId, commentId),
        ConditionExpression: 'attribute_exists(pk) AND authorId = :author',
        ExpressionAttributeValues: { ':author': comment.authorId },
      },
    },
    {
      name: 'post',
      Update: {
        TableName: tableName(),
        Key: postKeys.post(postId),
        UpdateExpression: 'ADD commentCount :minusOne, countsVersion :one',
        ConditionExpression: 'attribute_exists(pk) AND commentCount > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':one': 1, ':zero': 0 },
      },
    },
    { name: 'commentedMarker', Delete: { TableName: tableName(), Key: postKeys.commentedMarker(comment.authorId, postId, commentId) } },
    ...(authorId === null ? [] : [deletedMarkerPut(authorId, postId, commentId, now)]),
  ]);
  if (outcome.ok) return 'deleted';
  if (outcome.failed.includes('comment')) {
    return authorId !== null && (await deletedByAuthor(authorId, postId, commentId, now)) ? 'already-deleted' : 'missing';
  }
  if (outcome.failed.includes('post')) return 'missing';
  throw new Error(`Comment delete cancelled: the ${outcome.failed.join(', ')} condition failed`);
}

async function postParts(postId: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': postKeys.post(postId).pk, ':prefix': prefix },
  });
}

/**
 * What a deleted post leaves behind, from the table's stream: its entries in the feeds of the author
 * and their accepted anchors, its likes, its comments and their commenters' COMMENTED# markers.
 * Safe to run again (deletes of absent items are no-ops). No like or comment can arrive after the
 * post item is gone (both are conditioned on it), so one pass finds them all.
 */
export async function cleanUpDeletedPost(postId: string, authorId: string): Promise<void> {
  const readers = [authorId, ...(await listAcceptedAnchorIds(authorId))];
  const [likes, comments] = await Promise.all([postParts(postId, LIKE_PREFIX), postParts(postId, COMMENT_PREFIX), removePostFromFeeds(readers, postId)]);
  await batchWrite([
    ...likes.map((like) => ({ DeleteRequest: { Key: { pk: String(like.pk), sk: String(like.sk) } } })),
    ...comments.flatMap((comment) => [
      { DeleteRequest: { Key: postKeys.comment(postId, String(comment.commentId)) } },
      { DeleteRequest: { Key: postKeys.commentedMarker(String(comment.authorId), postId, String(comment.commentId)) } },
    ]),
  ]);
}
