import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { INVITE_CODE_ATTRIBUTE } from '#contracts/sign-up';
import { cognito, userPoolId } from '#data/table';

/** What the user record takes from the member's Cognito account. */
export interface Account {
  email: string;
  /** The standard `name` attribute set at sign-up; '' if absent. */
  name: string;
  /** custom:invite_code, the code the account signed up with; null for operator-made accounts. */
  inviteCode: string | null;
  /** Email confirmed (UserStatus CONFIRMED). */
  confirmed: boolean;
}

/** The Cognito account by username; null when there is none (deleted: a removed member's token outlives it). */
export async function getAccount(username: string): Promise<Account | null> {
  const found = await cognito()
    .send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }))
    .catch((error: unknown) => {
      if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return null;
      throw error;
    });
  if (!found) return null;
  const { UserAttributes, UserStatus } = found;
  const attribute = (name: string) => UserAttributes?.find((candidate) => candidate.Name === name)?.Value ?? '';
  return {
    email: attribute('email'),
    name: attribute('name'),
    inviteCode: attribute(INVITE_CODE_ATTRIBUTE) || null,
    confirmed: UserStatus === 'CONFIRMED',
  };
}
