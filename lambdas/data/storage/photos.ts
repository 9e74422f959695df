import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '#contracts/user';
import { dynamo, tableName } from '#data/table';
import { conditionalWrite } from '#data/table';
import { isMemberPictureKey, keys } from '#data/table';
import { RETIRED_PICTURES } from './picture-versions.ts';
import { updateUserRecord } from '#data/members';

export type StoredPhoto = User['photos'][number];

/**
 * The next photo number of a member (the photo's id, photo-{n}, by which the gallery names it
 * across key changes): a counter on the record that only grows, so a deleted photo's id is never
 * reused. Null when the record does not exist.
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
 * delete may have shifted the list since it was read), and retires its object in the same write
 * when it is one of the member's own (picture-versions.ts: deleted next, then forgotten; a delete
 * cut short is finished by the member's next picture change). Null when that condition failed.
 */
export async function removePhotoAt(uid: string, index: number, url: string): Promise<User | null> {
  if (!Number.isInteger(index) || index < 0) throw new Error(`Not a list index: ${index}`);
  const retires = isMemberPictureKey(uid, url);
  return updateUserRecord(uid, {
    // A list index cannot be an expression value; it is an integer checked above.
    UpdateExpression: `REMOVE photos[${index}]${retires ? ' ADD #retired :retired' : ''}`,
    ConditionExpression: `photos[${index}].#url = :url`,
    ExpressionAttributeNames: { '#url': 'url', ...(retires && { '#retired': RETIRED_PICTURES }) },
    ExpressionAttributeValues: { ':url': url, ...(retires && { ':retired': new Set([url]) }) },
  });
}
