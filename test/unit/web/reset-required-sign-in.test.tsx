// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInErrorMessage } from '../../../web/src/features/auth/sign-in-error-message.ts';
import { installJsdomShims, renderRoute } from '../../support/render-web-route.tsx';

/**
 * An account in Cognito's RESET_REQUIRED state (a user pool rebuilt by an import job, or an admin's
 * AdminResetUserPassword). cognito-local 5.3 answers such an account's InitiateAuth with
 * PasswordResetRequiredException, but has no call that puts an account in that state (no
 * AdminResetUserPassword, no import job), so the local cloud cannot produce it and there is no E2E
 * test: here Amplify is replaced, and its two shapes of the answer are played to the real lib/auth.ts
 * and the real sign-in and reset screens.
 */
const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  signOut: vi.fn(async () => undefined),
  resetPassword: vi.fn(async () => ({ isPasswordReset: false, nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' } })),
}));

vi.mock('aws-amplify', () => ({ Amplify: { configure: () => undefined } }));
vi.mock('aws-amplify/auth', () => ({
  signIn: amplify.signIn,
  signOut: amplify.signOut,
  resetPassword: amplify.resetPassword,
  fetchAuthSession: async () => ({ tokens: undefined }),
}));
vi.mock('../../../web/src/lib/config.ts', () => ({
  loadConfig: async () => ({ stage: 'local', cognito: { userPoolId: 'local_pool', userPoolClientId: 'client' } }),
  loadedConfig: () => undefined,
}));

function cognitoError(name: string): Error {
  const error = new Error('Password reset required');
  error.name = name;
  return error;
}

/** Amplify 6.21's USER_PASSWORD_AUTH sign-in: the exception comes back as a step (signInHelpers.ts). */
const answeredAsStep = () => Promise.resolve({ isSignedIn: false, nextStep: { signInStep: 'RESET_PASSWORD' } });
/** The exception itself, as other Amplify paths (and versions) throw it. */
const thrownAsError = () => Promise.reject(cognitoError('PasswordResetRequiredException'));

beforeAll(installJsdomShims);
beforeEach(() => {
  amplify.signIn.mockReset();
  amplify.resetPassword.mockClear();
});
afterEach(cleanup);

async function signInAs(email: string) {
  const router = renderRoute('/auth/signin', { session: null });
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'old-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return router;
}

describe('signing in to an account in RESET_REQUIRED (jsdom, Amplify replaced)', () => {
  it.each([
    ['answered as the RESET_PASSWORD step', answeredAsStep],
    ['thrown as PasswordResetRequiredException', thrownAsError],
  ])('%s: the code goes to the address and the reset form opens with it and the reason', { timeout: 15_000 }, async (_shape, answer) => {
    amplify.signIn.mockImplementation(answer);
    const router = await signInAs('ada@example.com');

    expect(await screen.findByRole('heading', { name: 'Choose a new password' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your password must be reset before you can sign in. We sent a code to ada@example.com.');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ada@example.com');
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    expect(amplify.resetPassword).toHaveBeenCalledTimes(1);
    expect(amplify.resetPassword).toHaveBeenCalledWith({ username: 'ada@example.com' });
  });

  it('stays on sign-in with the reason and the spec’s reset message when the code cannot be sent', async () => {
    amplify.signIn.mockImplementation(answeredAsStep);
    amplify.resetPassword.mockRejectedValueOnce(cognitoError('LimitExceededException'));
    const router = await signInAs('ada@example.com');

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Your password must be reset before you can sign in. Failed to send reset email. Please try again.'),
    );
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('other refusals keep their own messages and send no code', async () => {
    amplify.signIn.mockImplementation(() => Promise.reject(cognitoError('NotAuthorizedException')));
    await signInAs('ada@example.com');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Incorrect password.'));
    expect(amplify.resetPassword).not.toHaveBeenCalled();
  });

  it('the sign-in message names the reason should the step ever be shown as an error', () => {
    expect(signInErrorMessage(cognitoError('PasswordResetRequiredException'))).toBe('Your password must be reset before you can sign in.');
  });
});
