import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileSetupInput } from '#contracts/profile';
import type { User } from '#contracts/user';
import { callApi, isApiError } from '../../../lib/api-client.ts';
import { clearInviteCode, storedInviteCode } from '../../../lib/invite-code-storage.ts';
import { sessionKeys } from '../../../lib/session.ts';
import { inviteStepFor } from '../invite-step.ts';
import { inviteFailureMessage, inviteNextStep } from '../save-messages.ts';

/** The invite could not be used: the save stops, and the member reads why (spec §8) and what to do next. */
export class InviteRefusedError extends Error {
  override readonly name = 'InviteRefusedError';
  readonly nextStep: string | null;
  constructor(message: string, nextStep: string | null) {
    super(message);
    this.nextStep = nextStep;
  }
}

/**
 * useInviteCode checks the code against the entered place with the same rules and messages as
 * validateInviteCode, for this account: the invite held for it at sign-up stands even if the code
 * was replaced since, and the public check's per-address budget is never spent on a profile save.
 */
async function redeemInvite(inviteCode: string | undefined, userLocation: { city: string; state: string }): Promise<string> {
  try {
    const { invitedBy } = await callApi('useInviteCode', { ...(inviteCode ? { inviteCode } : {}), userLocation });
    return invitedBy;
  } catch (error) {
    if (!isApiError(error)) throw new InviteRefusedError(inviteFailureMessage(undefined), inviteNextStep(undefined));
    throw new InviteRefusedError(inviteFailureMessage(error.message, error.status), inviteNextStep(error.message, error.status));
  }
}

/**
 * "Complete Profile" (spec §4): at the first save, while the member has no invitedBy, the invite is
 * checked against the entered location and used; only then is the profile saved. The code then
 * leaves session storage.
 */
export function useCompleteProfile(me: User) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (profile: ProfileSetupInput): Promise<User> => {
      const step = inviteStepFor(
        {
          invitedBy: me.inviteSystem.invitedBy,
          pendingInviteCode: me.inviteSystem.pendingInviteCode,
          isSuperuser: me.isSuperuser,
          isAdmin: me.isAdmin,
        },
        storedInviteCode(),
      );
      if (step.kind === 'redeem') {
        const invitedBy = await redeemInvite(step.inviteCode, { city: profile.location.city, state: profile.location.state });
        // Used now, whatever happens to the save: a retry must not check the invite again.
        queryClient.setQueryData<User | null>(sessionKeys.me(me.uid), (current) =>
          current ? { ...current, inviteSystem: { ...current.inviteSystem, invitedBy } } : current,
        );
      }
      const user = await callApi('completeProfile', profile);
      clearInviteCode();
      return user;
    },
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.me(user.uid), user),
  });
}
