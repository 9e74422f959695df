import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './aws-clients.ts';
import { conditionalWrite } from './conditional.ts';
import { COMMENTED_MARKER_PREFIX, keys, postKeys, USER_PROFILE_SK } from './keys.ts';
import { authorPostIds } from './member-contributions.ts';
import { queryAll } from './query-all.ts';
import type { ChangedItem } from './table-changes.ts';

/**
 * Posts and comments carry their author's picture key (a feed page reads no author records). A
 * picture version lives until the next one, so when a member's profilePicture changes, the table
 * stream's consumer points their posts and comments at the new key; until it has (well under a
 * second behind the change), their older posts show no picture.
 */

/** Writes in flight at once: a member with thousands of posts stays well inside the consumer's minute. */
const PARALLEL_WRITES = 25;

/** The member whose profile picture a change replaced, or null for any other change. */
export function profilePictureChangeOf({ eventName, oldImage, newImage }: ChangedItem): string | null {
  if (eventName !== 'MODIFY' || !oldImage || !newImage) return null;
  if (!String(newImage.pk).startsWith('USER#') || newImage.sk !== USER_PROFILE_SK) return null;
  const before = typeof oldImage.profilePicture === 'string' ? oldImage.profilePicture : '';
  const after = typeof newImage.profilePicture === 'string' ? newImage.profilePicture : '';
  return before === after ? null : String(newImage.pk).slice('USER#'.length);
}

async function inChunks<T>(items: readonly T[], write: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += PARALLEL_WRITES) {
    await Promise.all(items.slice(start, start + PARALLEL_WRITES).map(write));
  }
}

/** Sets the picture key on one post or comment that still exists and holds another. */
function repoint(key: { pk: string; sk: string }, pictureKey: string) {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET authorPictureKey = :key',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(authorPictureKey) OR authorPictureKey <> :key)',
      ExpressionAttributeValues: { ':key': pictureKey },
    }),
  );
}

/**
 * Points every post and comment of the member at their current profilePicture (read now, so a late
 * or repeated change converges on the latest). Their posts through GSI byAuthor, their comments
 * through the COMMENTED# markers of their own partition. A member without a record (removed) has
 * nothing left to point. Returns the items it looked at.
 */
export async function repointAuthorPictures(uid: string): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(uid), ProjectionExpression: 'profilePicture', ConsistentRead: true }),
  );
  if (!Item) return 0;
  const pictureKey = typeof Item.profilePicture === 'string' ? Item.profilePicture : '';
  const [postIds, markers] = await Promise.all([
    authorPostIds(uid),
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': COMMENTED_MARKER_PREFIX },
      ProjectionExpression: 'postId, commentId',
    }),
  ]);
  await inChunks(postIds, (postId) => repoint(postKeys.post(postId), pictureKey));
  await inChunks(markers, (marker) => repoint(postKeys.comment(String(marker.postId), String(marker.commentId)), pictureKey));
  return postIds.length + markers.length;
}
