/**
 * Cognito refuses the password of an account in RESET_REQUIRED (imported by the restore runbook, or
 * reset by an admin with AdminResetUserPassword) with PasswordResetRequiredException. Amplify v6's
 * USER_PASSWORD_AUTH sign-in turns that into `nextStep.signInStep === 'RESET_PASSWORD'`, which
 * lib/auth.ts throws under the exception's name; other Amplify paths throw the exception itself.
 * Either way the error's name is the one below, and the sign-in page sends a reset code.
 */
export const PASSWORD_RESET_REQUIRED = 'PasswordResetRequiredException';

export function isPasswordResetRequired(error: unknown): boolean {
  return error instanceof Error && error.name === PASSWORD_RESET_REQUIRED;
}

/** Why the member is on the reset form, when a screen sent them there (history state). */
export interface ResetPasswordNotice {
  notice?: string;
}

/** Said on the reset form the sign-in page leads to (the spec has no wording for this case). */
export function passwordResetRequiredNotice(email: string): string {
  return `Your password must be reset before you can sign in. We sent a code to ${email}.`;
}

/** Said on the sign-in page when the code could not be sent. */
export const PASSWORD_RESET_REQUIRED_MESSAGE = 'Your password must be reset before you can sign in.';
