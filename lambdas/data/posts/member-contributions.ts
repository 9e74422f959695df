import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { listAcceptedAnchorIds } from '#data/graph';
import { dynamo, tableName } from '#data/table';
import { batchWrite } from '#data/table';
import { transact } from '#data/table';
import { removePostFromFeeds } from './feed.ts';
import { COMMENT_PREFIX, COMMENTED_MARKER_PREFIX, LIKE_PREFIX, keys, postKeys } from '#data/table';
import { likedPostIds } from './likes.ts';
import { queryAll } from '#data/table';

/**
 * What a member made that lives outside their own partition: their posts (with everything hanging
 * off them) and their likes and comments on others' posts. Every step is safe to repeat: deletes
 * of absent items are no-ops and each counter moves only in the transaction that deletes the item
 * it counts, so a re-run after a crash (or a racing run) never lowers a count twice.
 */

/** Lets a long member stop between posts when the run is out of time (see domain/removal-budget). */
export type StopCheck = () => void;

/** All of an author's posts, wall posts included, through GSI byAuthor. */
export async function authorPostIds(uid: string): Promise<string[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'byAuthor',
    KeyConditionExpression: 'authorId = :author',
    ExpressionAttributeValues: { ':author': uid },
    ProjectionExpression: 'postId',
  });
  return items.map((item) => String(item.postId));
}

async function partItems(postId: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': postKeys.post(postId).pk, ':prefix': prefix },
  });
}

/**
 * Deletes the member's posts. Per post: its entries in the readers' feeds (the author and their
 * accepted anchors, so this runs before the anchor pairs go), its likes, its comments with the
 * commenters' markers, and the post item last, so a crash leaves it findable.
 */
export async function deleteMemberPosts(uid: string, stopIfOutOfTime: StopCheck): Promise<number> {
  const postIds = await authorPostIds(uid);
  if (postIds.length === 0) return 0;
  const readers = [uid, ...(await listAcceptedAnchorIds(uid))];
  for (const postId of postIds) {
    stopIfOutOfTime();
    const [likes, comments] = await Promise.all([partItems(postId, LIKE_PREFIX), partItems(postId, COMMENT_PREFIX), removePostFromFeeds(readers, postId)]);
    await batchWrite([
      ...likes.map((like) => ({ DeleteRequest: { Key: postKeys.like(postId, String(like.uid)) } })),
      ...comments.flatMap((comment) => [
        { DeleteRequest: { Key: postKeys.comment(postId, String(comment.commentId)) } },
        { DeleteRequest: { Key: postKeys.commentedMarker(String(comment.authorId), postId, String(comment.commentId)) } },
      ]),
    ]);
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: postKeys.post(postId) }));
  }
  return postIds.length;
}

async function markers(uid: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': prefix },
  });
}

/**
 * Takes away one like or comment, lowering the post's counter in the same transaction,
 * conditioned on the item still existing: of two racing runs only one lowers it.
 */
async function withdraw(itemKey: { pk: string; sk: string }, postId: string, counter: 'likeCount' | 'commentCount'): Promise<void> {
  const outcome = await transact([
    { name: 'item', Delete: { TableName: tableName(), Key: itemKey, ConditionExpression: 'attribute_exists(pk)' } },
    {
      name: 'post',
      Update: {
        TableName: tableName(),
        Key: postKeys.post(postId),
        UpdateExpression: `ADD ${counter} :minusOne, countsVersion :one`,
        ConditionExpression: `attribute_exists(pk) AND ${counter} > :zero`,
        ExpressionAttributeValues: { ':minusOne': -1, ':one': 1, ':zero': 0 },
      },
    },
  ]);
  // Already gone (a racing run, or the member undid it): nothing left to count.
  if (outcome.ok || outcome.failed.includes('item')) return;
  // The post is gone (being removed too): the item simply goes.
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: itemKey }));
}

/**
 * The member's likes (GSI byLiker) and comments (their markers) on any post, each withdrawn with
 * its post's counter in one transaction; the comment markers go last: a run that crashed anywhere
 * before finds what is left again and withdraws nothing twice. Readers' open pages get the new
 * counts from the table's stream.
 */
export async function withdrawLikesAndComments(uid: string, stopIfOutOfTime: StopCheck): Promise<number> {
  const [liked, commented] = await Promise.all([likedPostIds(uid), markers(uid, COMMENTED_MARKER_PREFIX)]);
  for (const postId of liked) {
    stopIfOutOfTime();
    await withdraw(postKeys.like(postId, uid), postId, 'likeCount');
  }
  for (const marker of commented) {
    stopIfOutOfTime();
    const postId = String(marker.postId);
    await withdraw(postKeys.comment(postId, String(marker.commentId)), postId, 'commentCount');
  }
  await batchWrite(commented.map((marker) => ({ DeleteRequest: { Key: { pk: String(marker.pk), sk: String(marker.sk) } } })));
  return liked.length + commented.length;
}
