import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#contracts/user';
import { callApi, signingOutWith } from '../../../lib/api-client.ts';
import { startLive, stopLive } from '../../../lib/live/live-client.ts';
import { sessionKeys } from '../../../lib/session.ts';

/** Amplify's account controls, loaded on first use (Amplify stays out of pages that do not need it). */
export const loadAccountAuth = () => import('../../../lib/account-auth.ts');

/** Ends every session of the member (the session epoch on the server, Cognito's global sign-out). */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => callApi('signOutEverywhere', {}) });
}

/**
 * Changes the email in two steps: Cognito sends a code to the new address; with the code entered,
 * the record follows the verified address (syncAccountEmail) and the cached record takes it.
 */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: async (email: string) => (await loadAccountAuth()).requestEmailChange(email),
  });
}

export function useConfirmEmailChange(me: User) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      await (await loadAccountAuth()).confirmEmailChange(code);
      return callApi('syncAccountEmail', {});
    },
    onSuccess: ({ email }) => queryClient.setQueryData(sessionKeys.me(me.uid), { ...me, email }),
  });
}

/**
 * A password change ends the member's other sessions: Cognito's ChangePassword leaves
 * every session's refresh token alive, and the server never sees the change. So this tab then
 * signs out everywhere and signs itself in again with the new password (signInAgain).
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) => {
      const { currentSession } = await import('../../../lib/auth.ts');
      // The sign-in email, read while the session still holds (the ID token's email).
      const email = (await currentSession())?.email ?? '';
      await (await loadAccountAuth()).changePassword(oldPassword, newPassword);
      await signInAgain(email, newPassword);
    },
  });
}

/** The password changed, but the other sessions could not be ended: the card says so (Sign out everywhere is below it). */
export class OtherSessionsNotEndedError extends Error {
  override name = 'OtherSessionsNotEndedError';
}

/** Every session ended, this one too, and the new sign-in failed (an authenticator app asks for its code): sign in on the sign-in page. */
export class SignInAgainError extends Error {
  override name = 'SignInAgainError';
}

/**
 * A token is refused when issued before the session epoch, the next whole second after the
 * sign-out (lambdas/domain/session-epoch.ts): a second after the answer, a new token is past it.
 */
const EPOCH_WAIT_MS = 1_100;

async function signInAgain(email: string, newPassword: string): Promise<void> {
  // This tab's socket would hear the session.ended meant for the other sessions: it closes first.
  stopLive();
  try {
    await callApi('signOutEverywhere', {}).catch((error: unknown) => {
      throw new OtherSessionsNotEndedError(error instanceof Error ? error.message : String(error));
    });
    // Calls begun meanwhile would carry this tab's ended token: they are held back (signingOutWith).
    await signingOutWith(async () => {
      await new Promise((resolve) => setTimeout(resolve, EPOCH_WAIT_MS));
      const { signIn } = await import('../../../lib/auth.ts');
      await signIn(email, newPassword).catch((error: unknown) => {
        throw new SignInAgainError(error instanceof Error ? error.message : String(error));
      });
    });
  } finally {
    startLive().catch(() => undefined);
  }
}
