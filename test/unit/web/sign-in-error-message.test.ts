import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from '../../../web/src/features/auth/sign-in-error-message.ts';

function cognitoError(name: string): Error {
  const error = new Error('from Cognito');
  error.name = name;
  return error;
}

describe('signInErrorMessage (spec §8 sign-in messages)', () => {
  it.each([
    ['UserNotFoundException', 'No account found with this email.'],
    ['NotAuthorizedException', 'Incorrect password.'],
    ['InvalidPasswordException', 'Incorrect password.'], // cognito-local's wrong-password error
    ['UserNotConfirmedException', 'Please verify your email before signing in.'],
    ['NetworkError', 'Failed to sign in. Please try again.'],
  ])('%s → %s', (name, message) => {
    expect(signInErrorMessage(cognitoError(name))).toBe(message);
  });

  it('falls back for anything that is not an error', () => {
    expect(signInErrorMessage('boom')).toBe('Failed to sign in. Please try again.');
  });
});
