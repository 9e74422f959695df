import { PASSWORD_RESET_REQUIRED, PASSWORD_RESET_REQUIRED_MESSAGE } from './password-reset-required.ts';

/**
 * The spec's sign-in messages (§8), keyed by Cognito's exception name (Amplify's AuthError.name).
 * cognito-local reports a wrong password as InvalidPasswordException where AWS says
 * NotAuthorizedException; both mean the same to the member.
 */
export function signInErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    case 'UserNotFoundException':
      return 'No account found with this email.';
    case 'NotAuthorizedException':
    case 'InvalidPasswordException':
      return 'Incorrect password.';
    case 'UserNotConfirmedException':
      return 'Please verify your email before signing in.';
    case PASSWORD_RESET_REQUIRED:
      return PASSWORD_RESET_REQUIRED_MESSAGE;
    default:
      return 'Failed to sign in. Please try again.';
  }
}
