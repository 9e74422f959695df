import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '#contracts/user';
import { dynamo, tableName } from './aws-clients.ts';
import { conditionalWrite } from './conditional.ts';
import { keys } from './keys.ts';
import { updateUserRecord } from './users.ts';

export type StoredPhoto = User['photos'][number];

/**
 * The next photo number of a member (photo-{n}.jpg): a counter on the record that only grows, so
 * two uploads never share a key and a deleted photo's name (and any URL still cached for it) is
 * never reused. Null when the record does not exist.
 */
export async function nextPhotoNumber(uid: string): Promise<number | null> {
  const counted = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'ADD photoSeq :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return counted && Number(counted.Attributes?.photoSeq);
}

/**
 * Appends one photo with the cap as a condition of the write itself: concurrent confirmations are
 * serialised by DynamoDB, so the list never passes `max`. The upload's id joins a set on the record
 * in the same write, on condition that it is not there yet, so one upload becomes at most one photo
 * (a repeated or doubled confirmation). Null when a condition failed (the caller re-reads to say which).
 */
export async function appendPhoto(uid: string, uploadId: string, photo: StoredPhoto, max: number, now = new Date()): Promise<User | null> {
  return updateUserRecord(uid, {
    UpdateExpression: 'SET photos = list_append(if_not_exists(photos, :empty), :photo), lastActive = :now ADD photoUploadIds :uploadIds',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(photos) OR size(photos) < :max) AND NOT contains(photoUploadIds, :uploadId)',
    ExpressionAttributeValues: {
      ':empty': [],
      ':photo': [photo],
      ':max': max,
      ':now': now.toISOString(),
      ':uploadIds': new Set([uploadId]),
      ':uploadId': uploadId,
    },
  });
}

/** Whether this upload already became a photo (see appendPhoto). */
export async function isPhotoUploadConfirmed(uid: string, uploadId: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(uid), ProjectionExpression: 'photoUploadIds', ConsistentRead: true }),
  );
  const confirmed: unknown = Item?.photoUploadIds;
  return confirmed instanceof Set && confirmed.has(uploadId);
}

/**
 * Removes the photo at `index`, on condition that it is still the one with this url (another
 * delete may have shifted the list since it was read). Null when that condition failed.
 */
export async function removePhotoAt(uid: string, index: number, url: string): Promise<User | null> {
  if (!Number.isInteger(index) || index < 0) throw new Error(`Not a list index: ${index}`);
  return updateUserRecord(uid, {
    // A list index cannot be an expression value; it is an integer checked above.
    UpdateExpression: `REMOVE photos[${index}]`,
    ConditionExpression: `photos[${index}].#url = :url`,
    ExpressionAttributeNames: { '#url': 'url' },
    ExpressionAttributeValues: { ':url': url },
  });
}
