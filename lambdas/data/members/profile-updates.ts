import type { User } from '#contracts/user';
import { userIndexAttributes } from '#data/table';
import { updateUserRecord } from './users.ts';

export type ProfileChanges = Pick<User, 'displayName' | 'birthday' | 'graduationYear' | 'major' | 'bio' | 'location' | 'contactInfo'>;

/**
 * Settings' Save Profile: one UpdateItem of exactly these fields on the caller's own record, with
 * the name index attributes moved in the same write (a new display name is found by search at
 * once, the old one no longer). Null when the record does not exist.
 */
export async function saveProfileChanges(user: Pick<User, 'uid' | 'email'>, changes: ProfileChanges, now = new Date()): Promise<User | null> {
  const index = userIndexAttributes({ uid: user.uid, email: user.email, displayName: changes.displayName });
  return updateUserRecord(user.uid, {
    UpdateExpression:
      'SET displayName = :displayName, birthday = :birthday, graduationYear = :graduationYear, major = :major, bio = :bio, ' +
      '#location = :location, contactInfo = :contactInfo, nameShard = :nameShard, nameKey = :nameKey, lastActive = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#location': 'location' },
    ExpressionAttributeValues: {
      ':displayName': changes.displayName,
      ':birthday': changes.birthday,
      ':graduationYear': changes.graduationYear,
      ':major': changes.major,
      ':bio': changes.bio,
      ':location': changes.location,
      ':contactInfo': changes.contactInfo,
      ':nameShard': index.nameShard,
      ':nameKey': index.nameKey,
      ':now': now.toISOString(),
    },
  });
}
