import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from '#data/table';

/**
 * Whether the account has an authenticator app (TOTP) enrolled for sign-in (AdminGetUser's
 * UserMFASettingList). Cognito's access token says nothing of MFA: the `amr` claim appears only
 * with step-up authentication (acr_values / TARGET_ACR_VALUES in the USER_AUTH flow), which the
 * password flow this product uses does not request. With TOTP enrolled and MFA optional in the
 * pool, Cognito asks every sign-in of the account for the app's code.
 */
export async function hasAuthenticatorApp(username: string): Promise<boolean> {
  const { UserMFASettingList } = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
  return (UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
}
