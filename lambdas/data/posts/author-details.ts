import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#data/table';
import { conditionalWrite } from '#data/table';
import { COMMENTED_MARKER_PREFIX, keys, postKeys } from '#data/table';
import { authorPostIds } from './member-contributions.ts';
import { queryAll } from '#data/table';
import type { ClassifiedChange } from '#data/table';
import { isVerifiedInPerson } from '#domain/verification';

/**
 * Posts and comments carry their author's name, picture key and "Verified in person" badge, and
 * likes their liker's name and badge (a feed page and the likers list read no member records). When
 * a member's displayName, profilePicture or verification in person changes, the table stream's
 * consumer copies the record's current values into their posts and comments, and the name and
 * badge into their likes; until it has (well under a second behind the change) their older items show the old
 * name and badge, and no picture (a picture version lives until the next one).
 */

/** Writes in flight at once: a member with thousands of posts stays well inside the consumer's minute. */
const PARALLEL_WRITES = 25;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The member whose name, profile picture or verification in person a change replaced, or null for any other change. */
export function authorDetailsChangeOf({ key, eventName, oldImage, newImage }: Omit<ClassifiedChange, 'sequenceNumber'>): string | null {
  if (eventName !== 'MODIFY' || !oldImage || !newImage || key.kind !== 'member') return null;
  const same =
    text(oldImage.profilePicture) === text(newImage.profilePicture) &&
    text(oldImage.displayName) === text(newImage.displayName) &&
    isVerifiedInPerson(oldImage) === isVerifiedInPerson(newImage);
  return same ? null : key.uid;
}

async function inChunks<T>(items: readonly T[], write: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += PARALLEL_WRITES) {
    await Promise.all(items.slice(start, start + PARALLEL_WRITES).map(write));
  }
}

/** The author details a post or comment copies from its author's record. */
interface AuthorDetails {
  name: string;
  pictureKey: string;
  verified: boolean;
}

/** Sets name, picture key and badge on one post or comment that still exists and holds another of any. */
function repointContent(key: { pk: string; sk: string }, { name, pictureKey, verified }: AuthorDetails) {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET authorName = :name, authorPictureKey = :key, authorVerified = :verified',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(authorPictureKey) OR authorPictureKey <> :key OR attribute_not_exists(authorName) OR authorName <> :name OR attribute_not_exists(authorVerified) OR authorVerified <> :verified)',
      ExpressionAttributeValues: { ':key': pictureKey, ':name': name, ':verified': verified },
    }),
  );
}

/** Sets the liker's name and badge on one like that still exists and holds another of either. */
function repointLike(key: { pk: string; sk: string }, { name, verified }: AuthorDetails) {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET displayName = :name, likerVerified = :verified',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(displayName) OR displayName <> :name OR attribute_not_exists(likerVerified) OR likerVerified <> :verified)',
      ExpressionAttributeValues: { ':name': name, ':verified': verified },
    }),
  );
}

/**
 * Copies the member's current displayName, profilePicture and verification in person (read now,
 * strongly consistent, so a late or repeated change converges on the latest) into every post and
 * comment of theirs, and the name and badge into every like of theirs. Posts through GSI byAuthor, comments through the COMMENTED#
 * markers of their own partition, likes through GSI byLiker (keys only). An item already holding
 * these values is not written, so a redelivery writes nothing. A member without a record (removed)
 * has nothing left to point. Returns the items it looked at.
 */
export async function repointAuthorDetails(uid: string): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      ProjectionExpression: 'profilePicture, displayName, verificationLevel',
      ConsistentRead: true,
    }),
  );
  if (!Item) return 0;
  const details: AuthorDetails = { name: text(Item.displayName), pictureKey: text(Item.profilePicture), verified: isVerifiedInPerson(Item) };
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
  await inChunks(postIds, (postId) => repointContent(postKeys.post(postId), details));
  await inChunks(markers, (marker) => repointContent(postKeys.comment(String(marker.postId), String(marker.commentId)), details));
  await inChunks(likes, (like) => repointLike({ pk: String(like.pk), sk: String(like.sk) }, details));
  return postIds.length + markers.length + likes.length;
}
