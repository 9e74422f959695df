import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { userSchema, type User } from '#contracts/user';
import { dynamo, tableName } from './aws-clients.ts';
import { keys, userIndexAttributes, withoutStorageAttributes } from './keys.ts';

export async function getUser(uid: string): Promise<User | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid) }));
  return Item ? userSchema.parse(withoutStorageAttributes(Item)) : null;
}

/**
 * One conditional UpdateItem on a member's record that answers with the whole updated record; null
 * when the write's condition failed (the record is missing, or the caller's own condition).
 */
export async function updateUserRecord(uid: string, update: Omit<UpdateCommandInput, 'TableName' | 'Key' | 'ReturnValues'>): Promise<User | null> {
  try {
    const { Attributes } = await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: keys.user(uid), ...update, ReturnValues: 'ALL_NEW' }));
    return userSchema.parse(withoutStorageAttributes(Attributes ?? {}));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/**
 * The two conditional Puts of a new member: the record and their own invite code. Both must not
 * exist yet, so a repeated call or a code collision fails whole, never half.
 */
export function newUserPuts(user: User) {
  const code = user.inviteSystem.inviteCode;
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.user(user.uid),
          ...userIndexAttributes(user),
          ...user,
          // Sparse index: only invited members appear in byInviter.
          invitedBy: user.inviteSystem.invitedBy ?? undefined,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.inviteCode(code), code, ownerUid: user.uid, createdAt: user.createdAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** Writes a new member's record and invite code together (TransactionCanceledException if either exists). */
export async function createUserWithInviteCode(user: User): Promise<void> {
  await dynamo().send(new TransactWriteCommand({ TransactItems: newUserPuts(user) }));
}

/** lastActive is refreshed at most this often: one small write an hour per member, not one per page load. */
export const ACTIVITY_RESOLUTION_MS = 60 * 60 * 1000;

/**
 * Records that the member used the app (the daily metrics' "active" and "came and left" read it).
 * The condition makes it a no-op unless the stored value is over an hour old, so concurrent loads
 * write at most once; returns whether it wrote.
 */
export async function recordActivity(uid: string, now = new Date()): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(uid),
        UpdateExpression: 'SET lastActive = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastActive) OR lastActive < :stale)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':stale': new Date(now.getTime() - ACTIVITY_RESOLUTION_MS).toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The stored picture key becomes the member's profilePicture (the record must exist). */
export async function setProfilePicture(uid: string, key: string, now = new Date()): Promise<User> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'SET profilePicture = :key, lastActive = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':key': key, ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return userSchema.parse(withoutStorageAttributes(Attributes ?? {}));
}

export type CompletedProfile = Pick<User, 'displayName' | 'bio' | 'birthday' | 'location' | 'contactInfo' | 'privacy'>;

/**
 * Saves a completed profile. The rules are conditions of the write itself: the record exists, it
 * has a picture, and its invite was consumed unless the member is a superuser or an admin. Returns
 * null when a condition failed (the caller re-reads to say which).
 */
export async function saveCompletedProfile(user: User, profile: CompletedProfile, now = new Date()): Promise<User | null> {
  const updated = { ...user, ...profile, profileCompleted: true, lastActive: now.toISOString() };
  return updateUserRecord(user.uid, {
    UpdateExpression:
      'SET displayName = :displayName, bio = :bio, birthday = :birthday, #location = :location, contactInfo = :contactInfo, ' +
      'privacy = :privacy, profileCompleted = :true, lastActive = :now, nameShard = :nameShard, nameKey = :nameKey',
    ConditionExpression:
      'attribute_exists(pk) AND size(profilePicture) > :zero AND ' +
      '(attribute_exists(invitedBy) OR isSuperuser = :true OR isAdmin = :true)',
    ExpressionAttributeNames: { '#location': 'location' },
    ExpressionAttributeValues: {
      ':displayName': updated.displayName,
      ':bio': updated.bio,
      ':birthday': updated.birthday,
      ':location': updated.location,
      ':contactInfo': updated.contactInfo,
      ':privacy': updated.privacy,
      ':true': true,
      ':zero': 0,
      ':now': updated.lastActive,
      ':nameShard': userIndexAttributes(updated).nameShard,
      ':nameKey': userIndexAttributes(updated).nameKey,
    },
  });
}
