/**
 * The words of the email that carries a new member's verification code: Cognito's verification
 * message on AWS (lib/auth.ts) and the subject the local mailbox shows (local/mailbox.ts), one
 * source so the two cannot drift. The product's name is capitalized as everywhere else.
 */
export const VERIFICATION_EMAIL = {
  subject: 'Your Anchored verification code',
  body: 'Your Anchored verification code is {####}',
} as const;
