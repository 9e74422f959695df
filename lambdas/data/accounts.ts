import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { INVITE_CODE_ATTRIBUTE } from '#contracts/sign-up';
import { cognito, userPoolId } from './aws-clients.ts';

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

export async function getAccount(username: string): Promise<Account> {
  const { UserAttributes, UserStatus } = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
  const attribute = (name: string) => UserAttributes?.find((candidate) => candidate.Name === name)?.Value ?? '';
  return {
    email: attribute('email'),
    name: attribute('name'),
    inviteCode: attribute(INVITE_CODE_ATTRIBUTE) || null,
    confirmed: UserStatus === 'CONFIRMED',
  };
}
