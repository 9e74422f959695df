import {
  confirmUserAttribute,
  fetchMFAPreference,
  setUpTOTP,
  updateMFAPreference,
  updatePassword,
  updateUserAttributes,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { ACCOUNT_MESSAGES } from '#contracts/account';
import { ready } from './auth.ts';

/**
 * The signed-in member's own Cognito controls (Settings › Account), through Amplify with the
 * member's access token: ChangePassword, UpdateUserAttributes + VerifyUserAttribute (a code to the
 * new address; the pool keeps the old one until it is entered), and an authenticator app
 * (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference). Like auth.ts, only ever
 * imported dynamically, so Amplify stays out of pages that do not need it.
 */

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await ready();
  await updatePassword({ oldPassword, newPassword });
}

/** Asks Cognito to change the email; it sends a code to the new address. */
export async function requestEmailChange(email: string): Promise<void> {
  await ready();
  await updateUserAttributes({ userAttributes: { email: email.trim() } });
}

export async function confirmEmailChange(code: string): Promise<void> {
  await ready();
  await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code.trim() });
}

export async function hasAuthenticatorApp(): Promise<boolean> {
  await ready();
  const { enabled } = await fetchMFAPreference();
  return enabled?.includes('TOTP') === true;
}

/** The secret to type into an authenticator app, and the otpauth:// link that carries it. */
export async function startAuthenticatorSetup(accountName: string): Promise<{ secret: string; uri: string }> {
  await ready();
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri('Anchored', accountName).toString() };
}

/** Checks the app's first code, then makes the app the preferred second step of every sign-in. */
export async function finishAuthenticatorSetup(code: string): Promise<void> {
  await ready();
  await verifyTOTPSetup({ code: code.trim() });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/**
 * A Cognito refusal in the member's words. A wrong current password is NotAuthorizedException on
 * AWS, InvalidPasswordException 'Invalid password' on cognito-local; any other
 * InvalidPasswordException is the pool's password policy.
 */
export function accountErrorMessage(error: unknown, fallback: string): string {
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  switch (name) {
    case 'NotAuthorizedException':
      return ACCOUNT_MESSAGES.incorrectPassword;
    case 'InvalidPasswordException':
      return message === 'Invalid password' ? ACCOUNT_MESSAGES.incorrectPassword : ACCOUNT_MESSAGES.weakPassword;
    case 'AliasExistsException':
      return ACCOUNT_MESSAGES.emailTaken;
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
    case 'ExpiredCodeException':
      return ACCOUNT_MESSAGES.wrongCode;
    default:
      return fallback;
  }
}
