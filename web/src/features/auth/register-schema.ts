import { z } from 'zod';
import { INVITE_CODE_LENGTH } from '#contracts/user';

export const PASSWORD_MIN_LENGTH = 8;

const email = z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address'));

/** A new password and its confirmation, with the spec's messages (§5). */
const passwordPair = {
  password: z.string().min(1, 'Password is required').min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters'),
  confirmPassword: z.string().min(1, 'Please confirm your password'),
};

function passwordsMatch(values: { password: string; confirmPassword: string }, context: z.RefinementCtx) {
  if (values.confirmPassword && values.password !== values.confirmPassword) {
    context.addIssue({ code: 'custom', message: 'Passwords do not match', path: ['confirmPassword'] });
  }
}

/** Step 2 (spec §5 registration). */
export const registerSchema = z
  .object({
    displayName: z.string().trim().min(1, 'Display name is required').max(100, 'Display name is too long'),
    email,
    ...passwordPair,
  })
  .superRefine(passwordsMatch);

export type RegisterValues = z.input<typeof registerSchema>;

/** The reset screen: the emailed code and a new password. */
export const resetPasswordSchema = z
  .object({
    email,
    code: z.string().trim().min(1, 'Enter the code from the email'),
    ...passwordPair,
  })
  .superRefine(passwordsMatch);

export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

export const emailOnlySchema = z.object({ email });

/** Step 1: exactly 8 characters, upper-cased as typed (spec §5). */
export function normalizeInviteCodeInput(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase().slice(0, INVITE_CODE_LENGTH);
}

export function inviteCodeError(code: string): string | null {
  return code.length === INVITE_CODE_LENGTH ? null : 'Invite codes are 8 characters long';
}
