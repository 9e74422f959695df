/**
 * How the web passes the invite code to Cognito's SignUp, so the server knows which code an
 * account signed up with whatever browser later verifies it or completes the profile:
 * - `custom:invite_code`, a custom attribute declared on the pool (lib/auth.ts, local/user-pool.ts),
 *   checked by the PreSignUp trigger and copied into the user record as `pendingInviteCode` by
 *   createUserRecord;
 * - the same code in clientMetadata.inviteCode, which PreSignUp also accepts (older clients).
 * The display name goes in the standard `name` attribute; createUserRecord reads it from Cognito.
 */
export const INVITE_CODE_ATTRIBUTE = 'custom:invite_code';
export const INVITE_CODE_METADATA_KEY = 'inviteCode';

export interface SignUpFields {
  email: string;
  displayName: string;
  inviteCode: string;
}

/** The `options` of Amplify's `signUp({ username: email, password, options })`. */
export function signUpOptions({ email, displayName, inviteCode }: SignUpFields) {
  const code = inviteCode.trim().toUpperCase();
  return {
    userAttributes: { email: email.trim(), name: displayName.trim(), [INVITE_CODE_ATTRIBUTE]: code },
    clientMetadata: { [INVITE_CODE_METADATA_KEY]: code },
  };
}
