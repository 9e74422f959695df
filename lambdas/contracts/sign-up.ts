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
/**
 * The ticket validateInviteCode issued for the code (its `signUpTicket`): PreSignUp sees no client
 * address, so it admits only a sign-up that proves its code was checked (and budgeted) moments ago.
 */
export const SIGN_UP_TICKET_KEY = 'signUpTicket';

export interface SignUpFields {
  email: string;
  displayName: string;
  inviteCode: string;
  signUpTicket: string;
}

/**
 * The `options` of Amplify's `signUp({ username: email, password, options })`. The ticket goes in
 * both clientMetadata and validationData: AWS passes either to PreSignUp, cognito-local only the first.
 */
export function signUpOptions({ email, displayName, inviteCode, signUpTicket }: SignUpFields) {
  const code = inviteCode.trim().toUpperCase();
  const proof = { [INVITE_CODE_METADATA_KEY]: code, [SIGN_UP_TICKET_KEY]: signUpTicket };
  return {
    userAttributes: { email: email.trim(), name: displayName.normalize('NFC').trim(), [INVITE_CODE_ATTRIBUTE]: code },
    clientMetadata: proof,
    validationData: proof,
  };
}
