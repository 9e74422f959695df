import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#data/table';
import { conditionalWrite } from '#data/table';
import { COMMENTED_MARKER_PREFIX, keys, postKeys } from '#data/table';
import { authorPostIds } from './member-contributions.ts';
import { queryAll } from '#data/table';
import type { ClassifiedChange } from '#data/table';

/**
 * Posts and comments carry their author's name and picture key, and likes their liker's name (a
 * feed page and the likers list read no member records). When a member's displayName or
 * profilePicture changes, the table stream's consumer copies the record's current values into their
 * posts and comments, and the name into their likes; until it has (well under a second behind the
 * change) their older items show the old name, and no picture (a picture version lives until the
 * next one).
 */

/** Writes in flight at once: a member with thousands of posts stays well inside the consumer's minute. */
const PARALLEL_WRITES = 25;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The member whose name or profile picture a change replaced, or null for any other change. */
export function authorDetailsChangeOf({ key, eventName, oldImage, newImage }: Omit<ClassifiedChange, 'sequenceNumber'>): string | null {
  if (eventName !== 'MODIFY' || !oldImage || !newImage || key.kind !== 'member') return null;
  const same = text(oldImage.profilePicture) === text(newImage.profilePicture) && text(oldImage.displayName) === text(newImage.displayName);
  return same ? null : key.uid;
}

async function inChunks<T>(items: readonly T[], write: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += PARALLEL_WRITES) {
    await Promise.all(items.slice(start, start + PARALLEL_WRITES).map(write));
  }
}

/** Sets name and picture key on one post or comment that still exists and holds another of either. */
function repointContent(key: { pk: string; sk: string }, name: string, pictureKey: string) {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET authorName = :name, authorPictureKey = :key',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(authorPictureKey) OR authorPictureKey <> :key OR attribute_not_exists(authorName) OR authorName <> :name)',
      ExpressionAttributeValues: { ':key': pictureKey, ':name': name },
    }),
  );
}

/** Sets the liker's name on one like that still exists and holds another. */
function repointLike(key: { pk: string; sk: string }, name: string) {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET displayName = :name',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(displayName) OR displayName <> :name)',
      ExpressionAttributeValues: { ':name': name },
    }),
  );
}

/**
 * Copies the member's current displayName and profilePicture (read now, strongly consistent, so a
 * late or repeated change converges on the latest) into every post and comment of theirs, and the
 * name into every like of theirs. Posts through GSI byAuthor, comments through the COMMENTED#
 * markers of their own partition, likes through GSI byLiker (keys only). An item already holding
 * these values is not written, so a redelivery writes nothing. A member without a record (removed)
 * has nothing left to point. Returns the items it looked at.
 */
export async function repointAuthorDetails(uid: string): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(uid), ProjectionExpression: 'profilePicture, displayName', ConsistentRead: true }),
  );
  if (!Item) return 0;
  const pictureKey = text(Item.profilePicture);
  const name = text(Item.displayName);
  const [postIds, markers, likes] = await Promise.all([
    authorPostIds(uid),
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': COMMENTED_MARKER_PREFIX },
      ProjectionExpression: 'postId, commentId',
    }),
    queryAll({ TableName: tableName(), IndexName: 'byLiker', KeyConditionExpression: 'likerId = :uid', ExpressionAttributeValues: { ':uid': uid } }),
  ]);
  await inChunks(postIds, (postId) => repointContent(postKeys.post(postId), name, pictureKey));
  await inChunks(markers, (marker) => repointContent(postKeys.comment(String(marker.postId), String(marker.commentId)), name, pictureKey));
  await inChunks(likes, (like) => repointLike({ pk: String(like.pk), sk: String(like.sk) }, name));
  return postIds.length + markers.length + likes.length;
}
