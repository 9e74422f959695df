import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#data/table';
import { transact, type TransactOutcome } from '#data/table';
import { LIKE_PREFIX, parseKeyAs, postKeys } from '#data/table';
import { queryAll } from '#data/table';

/**
 * Likes: `POST#<postId> / LIKE#<uid>`, with `likerId` putting each in GSI byLiker (removal finds a
 * member's likes there). The like, the post's likeCount (with its countsVersion) and, when the
 * liker's feed holds the post, that entry's likedByMe change in ONE transaction of at most three
 * writes, each conditioned on the others' state: a double like (or unlike) never counts twice and
 * the count always equals the likers. The count lives on the post only: readers' feeds read it
 * there, and the table's stream pushes the new count to the readers' open pages.
 */

export type LikeOutcome = 'changed' | 'unchanged' | 'post-missing' | 'entry-missing';

/** Transaction items: the like, the post, the liker's feed entry (when present). */
function outcomeOf(outcome: TransactOutcome<'like' | 'post' | 'entry'>): LikeOutcome {
  if (outcome.ok) return 'changed';
  // The like's own condition first: unliking a post nobody liked fails both it and `likeCount > 0`,
  // and that is a repeat, not a missing post (the handler re-reads the post and says 404 if gone).
  if (outcome.failed.includes('like')) return 'unchanged';
  if (outcome.failed.includes('post')) return 'post-missing';
  if (outcome.failed.includes('entry')) return 'entry-missing';
  throw new Error(`Like transaction cancelled: ${outcome.failed.join(',')}`);
}

/** The transaction item that sets a feed entry's likedByMe (the entry must exist). */
export function likedByMeUpdate(postId: string, uid: string, liked: boolean) {
  return {
    name: 'entry' as const,
    Update: {
      TableName: tableName(),
      Key: postKeys.feedEntry(uid, postId),
      UpdateExpression: 'SET likedByMe = :liked',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':liked': liked },
    },
  };
}

/** What a like copies of its liker (the stream keeps it, as it keeps a post's author details). */
export interface LikerDetails {
  displayName: string;
  /** Verified in person: the "Liked by" list shows the badge without reading member records. */
  verified: boolean;
}

export async function likePost(postId: string, uid: string, liker: LikerDetails, inLikersFeed: boolean, now = new Date()): Promise<LikeOutcome> {
  const outcome = await transact([
    {
      name: 'like',
      Put: {
        TableName: tableName(),
        Item: {
          ...postKeys.like(postId, uid),
          postId,
          uid,
          likerId: uid,
          displayName: liker.displayName,
          likerVerified: liker.verified,
          likedAt: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      name: 'post',
      Update: {
        TableName: tableName(),
        Key: postKeys.post(postId),
        UpdateExpression: 'ADD likeCount :one, countsVersion :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    ...(inLikersFeed ? [likedByMeUpdate(postId, uid, true)] : []),
  ]);
  if (outcome.ok && !inLikersFeed) await settleIfEntryAppeared(uid, postId, true);
  return outcomeOf(outcome);
}

export async function unlikePost(postId: string, uid: string, inLikersFeed: boolean): Promise<LikeOutcome> {
  const outcome = await transact([
    { name: 'like', Delete: { TableName: tableName(), Key: postKeys.like(postId, uid), ConditionExpression: 'attribute_exists(pk)' } },
    {
      name: 'post',
      Update: {
        TableName: tableName(),
        Key: postKeys.post(postId),
        UpdateExpression: 'ADD likeCount :minusOne, countsVersion :one',
        ConditionExpression: 'attribute_exists(pk) AND likeCount > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':one': 1, ':zero': 0 },
      },
    },
    ...(inLikersFeed ? [likedByMeUpdate(postId, uid, false)] : []),
  ]);
  if (outcome.ok && !inLikersFeed) await settleIfEntryAppeared(uid, postId, false);
  return outcomeOf(outcome);
}

/**
 * A like or unlike made while the post fans out: its entry was not there when the caller looked, but
 * the fan-out may have put it since, with the like as it was before. Each side writes, then reads the
 * other's item (strongly consistent), so at least one of them sees both and settles the entry.
 */
async function settleIfEntryAppeared(uid: string, postId: string, liked: boolean): Promise<void> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: postKeys.feedEntry(uid, postId), ConsistentRead: true }));
  if (Item && Item.likedByMe !== liked) await settleLikedByMe(uid, postId, liked);
}

/**
 * Sets an entry's likedByMe to what the like item says, in one transaction with a check that the
 * like is still so. If the check fails, a later like or unlike changed the entry itself (or will
 * settle it): nothing is left to do here.
 */
export async function settleLikedByMe(uid: string, postId: string, liked: boolean): Promise<void> {
  await transact([
    {
      name: 'like',
      ConditionCheck: {
        TableName: tableName(),
        Key: postKeys.like(postId, uid),
        ConditionExpression: liked ? 'attribute_exists(pk)' : 'attribute_not_exists(pk)',
      },
    },
    likedByMeUpdate(postId, uid, liked),
  ]);
}

export async function hasLiked(postId: string, uid: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: postKeys.like(postId, uid), ConsistentRead: true, ProjectionExpression: 'pk' }),
  );
  return Boolean(Item);
}

export interface StoredLike {
  uid: string;
  displayName: string;
  /** The liker is verified in person (false on likes from before it was kept). */
  verifiedInPerson: boolean;
  likedAt: string;
}

/** Every like of a post (one Query, paged), newest first. */
export async function listLikes(postId: string): Promise<StoredLike[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': postKeys.post(postId).pk, ':prefix': LIKE_PREFIX },
  });
  const likes: StoredLike[] = items.map((item) => ({
    uid: String(item.uid),
    displayName: String(item.displayName ?? ''),
    verifiedInPerson: item.likerVerified === true,
    likedAt: String(item.likedAt ?? ''),
  }));
  return likes.sort((a, b) => b.likedAt.localeCompare(a.likedAt));
}

/** The posts a member liked (GSI byLiker, keys only): removal takes each like back. */
export async function likedPostIds(uid: string): Promise<string[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'byLiker',
    KeyConditionExpression: 'likerId = :uid',
    ExpressionAttributeValues: { ':uid': uid },
  });
  return items.map((item) => parseKeyAs('like', item).postId);
}
