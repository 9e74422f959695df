import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#contracts/user';
import { callApi } from '../../../lib/api-client.ts';
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

export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) =>
      (await loadAccountAuth()).changePassword(oldPassword, newPassword),
  });
}
