import { describe, expect, it } from 'vitest';
import { codeErrorMessage, registerErrorMessage, resetErrorMessage } from '../../../web/src/features/auth/auth-error-messages.ts';

function named(name: string, message = 'raw'): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('registration messages (spec §8)', () => {
  it('maps Cognito exceptions to the spec wording', () => {
    expect(registerErrorMessage(named('UsernameExistsException'))).toBe('This email is already registered. Please sign in instead.');
    expect(registerErrorMessage(named('InvalidPasswordException'))).toBe('Password is too weak. Please use a stronger password.');
  });

  it("shows the PreSignUp trigger's own sentence for a refused invite", () => {
    const error = named('UserLambdaValidationException', 'PreSignUp failed with error Invalid invite code.');
    expect(registerErrorMessage(error)).toBe('Invalid invite code.');
  });

  it('else the message, or the generic sentence', () => {
    expect(registerErrorMessage(named('SomethingElse', 'Network down'))).toBe('Network down');
    expect(registerErrorMessage(named('SomethingElse', ''))).toBe('An error occurred. Please try again.');
    expect(registerErrorMessage('not an error')).toBe('An error occurred. Please try again.');
  });
});

describe('reset messages (spec §8)', () => {
  it('says no account for an unknown address, whichever way Cognito says it', () => {
    expect(resetErrorMessage(named('UserNotFoundException'))).toBe('No account found with this email address.');
    expect(resetErrorMessage(named('ResourceNotFoundException'))).toBe('No account found with this email address.');
  });

  it('else the generic reset failure', () => {
    expect(resetErrorMessage(named('LimitExceededException'))).toBe('Failed to send reset email. Please try again.');
    expect(resetErrorMessage(undefined)).toBe('Failed to send reset email. Please try again.');
  });
});

describe('code entry messages', () => {
  it('explains a wrong or expired code', () => {
    expect(codeErrorMessage(named('CodeMismatchException'))).toMatch(/not correct/);
    expect(codeErrorMessage(named('ExpiredCodeException'))).toMatch(/expired/);
  });
});

describe('local cloud gaps', () => {
  it('explains a call cognito-local does not support', () => {
    const error = new Error('Cognito Local unsupported feature: Unsupported x-amz-target header "ResendConfirmationCode"');
    expect(codeErrorMessage(error)).toMatch(/not available on this local setup/);
  });
});
