import { signUpOptions } from '#contracts/sign-up';

/**
 * Creates the Cognito account carrying the invite code the way the server's contract says (the
 * custom:invite_code attribute and clientMetadata for the PreSignUp check), and the display name.
 */
export async function signUpWithInvite({
  displayName,
  email,
  password,
  inviteCode,
}: {
  displayName: string;
  email: string;
  password: string;
  inviteCode: string;
}): Promise<void> {
  const { signUp } = await import('../../../lib/auth.ts');
  await signUp(email, password, signUpOptions({ email, displayName, inviteCode }));
}
