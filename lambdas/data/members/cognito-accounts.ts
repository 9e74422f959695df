import { AdminDeleteUserCommand, AdminGetUserCommand, ListUsersCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from '#data/table';

/**
 * Deletes a member's Cognito account, found by its `sub` (the uid): with email sign-in the
 * username need not equal the sub, so ListUsers with a sub filter names it. An account that is
 * already gone is a no-op, so a re-run of a removal never fails here.
 */
export async function deleteAccountOf(uid: string): Promise<'deleted' | 'absent'> {
  // A sub is a UUID; anything else cannot be put into the filter expression safely.
  if (!/^[A-Za-z0-9-]+$/.test(uid)) throw new Error('Not a Cognito sub');
  const { Users } = await cognito().send(new ListUsersCommand({ UserPoolId: userPoolId(), Filter: `sub = "${uid}"`, Limit: 1 }));
  const username = Users?.[0]?.Username;
  if (!username) return 'absent';
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: username }));
    return 'deleted';
  } catch (error) {
    // Deleted by a racing run between the lookup and the delete.
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return 'absent';
    throw error;
  }
}

/**
 * Whether a Cognito account with this username exists (the lapse job's check on a held invite;
 * PreSignUp's before it resumes an earlier attempt's hold, with the pool id of its event).
 */
export async function accountExists(username: string, poolId = userPoolId()): Promise<boolean> {
  try {
    await cognito().send(new AdminGetUserCommand({ UserPoolId: poolId, Username: username }));
    return true;
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}

/**
 * The account's email if Cognito has verified it, else null (Make Me Admin's allowlist check).
 * The pool keeps the original email until a changed one is verified (keepOriginal), and a member
 * cannot set email_verified themself (lib/auth.ts writeAttributes).
 */
export async function verifiedEmailOf(username: string): Promise<string | null> {
  const { UserAttributes } = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
  const attribute = (name: string) => UserAttributes?.find((candidate) => candidate.Name === name)?.Value;
  const email = attribute('email');
  return email && attribute('email_verified') === 'true' ? email : null;
}
