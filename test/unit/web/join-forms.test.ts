import { describe, expect, it } from 'vitest';
import { JOIN_STEPS, joinStepIndex, joinStepLabel } from '../../../web/src/components/join-steps.ts';
import { inviteCodeError, normalizeInviteCodeInput, registerSchema, resetPasswordSchema } from '../../../web/src/features/auth/register-schema.ts';
import { forgetPendingSignUp, pendingPassword, rememberPendingSignUp } from '../../../web/src/features/auth/pending-sign-up.ts';

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the 4-step progress indicator', () => {
  it('reads Invite Code, Create Account, Verify Email, Complete Profile', () => {
    expect(JOIN_STEPS).toEqual(['Invite Code', 'Create Account', 'Verify Email', 'Complete Profile']);
    expect(joinStepIndex('Verify Email')).toBe(2);
    expect(joinStepLabel('Complete Profile')).toBe('Step 4 of 4: Complete Profile');
  });
});

describe('step 1: the invite code', () => {
  it('is upper-cased as typed, without spaces, at most 8 characters', () => {
    expect(normalizeInviteCodeInput('ab cd')).toBe('ABCD');
    expect(normalizeInviteCodeInput('abcdefghjk')).toBe('ABCDEFGH');
  });

  it('must be exactly 8 characters', () => {
    expect(inviteCodeError('ABCDEFG')).toBe('Invite codes are 8 characters long');
    expect(inviteCodeError('ABCDEFGH')).toBeNull();
  });
});

describe('step 2: registration', () => {
  const valid = { displayName: 'Ada', email: 'ada@example.com', password: 'longenough', confirmPassword: 'longenough' };

  it('accepts a complete form', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });

  it("uses the spec's password messages", () => {
    expect(issues(registerSchema.safeParse({ ...valid, password: 'short', confirmPassword: 'short' }))).toMatchObject({
      password: 'Password must be at least 8 characters',
    });
    expect(issues(registerSchema.safeParse({ ...valid, confirmPassword: 'different1' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('requires a display name and a valid email', () => {
    expect(Object.keys(issues(registerSchema.safeParse({ ...valid, displayName: ' ', email: 'nope' })))).toEqual(['displayName', 'email']);
  });

  it('the reset form needs the code and the same rules', () => {
    const reset = { email: 'ada@example.com', code: '', password: 'longenough', confirmPassword: 'other-one' };
    expect(Object.keys(issues(resetPasswordSchema.safeParse(reset))).sort()).toEqual(['code', 'confirmPassword']);
  });
});

describe('the password between step 2 and step 3', () => {
  it('is remembered in memory for the same address only, and forgotten on request', () => {
    rememberPendingSignUp(' Ada@Example.com ', 'secret-123');
    expect(pendingPassword('ada@example.com')).toBe('secret-123');
    expect(pendingPassword('bob@example.com')).toBeUndefined();
    forgetPendingSignUp();
    expect(pendingPassword('ada@example.com')).toBeUndefined();
  });
});
