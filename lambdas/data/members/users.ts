import { GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { userSchema, type User } from '#contracts/user';
import { dynamo, tableName } from '#data/table';
import { conditionalWrite, transact, type NamedItem, type TransactOutcome } from '#data/table';
import { keys, userIndexAttributes, withoutStorageAttributes } from '#data/table';

export async function getUser(uid: string): Promise<User | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid) }));
  return Item ? userSchema.parse(withoutStorageAttributes(Item)) : null;
}

/**
 * One conditional UpdateItem on a member's record that answers with the whole updated record; null
 * when the write's condition failed (the record is missing, or the caller's own condition).
 */
export async function updateUserRecord(uid: string, update: Omit<UpdateCommandInput, 'TableName' | 'Key' | 'ReturnValues'>): Promise<User | null> {
  const written = await conditionalWrite(new UpdateCommand({ TableName: tableName(), Key: keys.user(uid), ...update, ReturnValues: 'ALL_NEW' }));
  return written && userSchema.parse(withoutStorageAttributes(written.Attributes ?? {}));
}

/**
 * The two conditional Puts of a new member: the record and their own invite code. Both must not
 * exist yet, so a repeated call or a code collision fails whole, never half.
 */
export function newUserPuts(user: User): [NamedItem<'record'>, NamedItem<'code'>] {
  const code = user.inviteSystem.inviteCode;
  return [
    {
      name: 'record',
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
      name: 'code',
      Put: {
        TableName: tableName(),
        Item: { ...keys.inviteCode(code), code, ownerUid: user.uid, createdAt: user.createdAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/**
 * Writes a new member's record and invite code together; fails on 'record' when the member has a
 * record already (a concurrent call made it), on 'code' when the invite code is taken.
 */
export function createUser(user: User): Promise<TransactOutcome<'record' | 'code'>> {
  return transact(newUserPuts(user));
}

/** createUser for seeds and tests, where an existing record or code is a mistake: it throws. */
export async function createUserWithInviteCode(user: User): Promise<void> {
  const outcome = await createUser(user);
  if (!outcome.ok) throw new Error(`The record of ${user.uid} was not created: its ${outcome.failed.join(' and ')} exists already`);
}

/** lastActive is refreshed at most this often: one small write an hour per member, not one per page load. */
export const ACTIVITY_RESOLUTION_MS = 60 * 60 * 1000;

/**
 * Records that the member used the app (the daily metrics' "active" and "came and left" read it).
 * The condition makes it a no-op unless the stored value is over an hour old, so concurrent loads
 * write at most once; returns whether it wrote.
 */
export async function recordActivity(uid: string, now = new Date()): Promise<boolean> {
  const written = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'SET lastActive = :now',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastActive) OR lastActive < :stale)',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':stale': new Date(now.getTime() - ACTIVITY_RESOLUTION_MS).toISOString() },
    }),
  );
  return written !== null;
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
      'attribute_exists(pk) AND size(profilePicture) > :zero AND ' + '(attribute_exists(invitedBy) OR isSuperuser = :true OR isAdmin = :true)',
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
