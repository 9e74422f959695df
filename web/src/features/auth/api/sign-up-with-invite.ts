import { signUpOptions } from '#contracts/sign-up';
import { validateInviteCodeAtSignUp } from './validate-invite-code.ts';

/**
 * Creates the Cognito account carrying the invite code the way the server's contract says (the
 * custom:invite_code attribute, and clientMetadata/validationData for the PreSignUp check), and the
 * display name. The code is checked again first, for a fresh sign-up ticket: a valid code costs no
 * check budget, and the ticket never expires while the member fills the form.
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
  const { signUpTicket } = await validateInviteCodeAtSignUp(inviteCode);
  const { signUp } = await import('../../../lib/auth.ts');
  await signUp(email, password, signUpOptions({ email, displayName, inviteCode, signUpTicket }));
}
