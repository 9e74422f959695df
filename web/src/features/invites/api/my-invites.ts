import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyInvites } from '#contracts/invites';
import { callApi } from '../../../lib/api-client.ts';

export const inviteKeys = { mine: ['invites', 'mine'] as const };

/** The member's code, what is left of it, and who came in with it. */
export function useMyInvites() {
  return useQuery({ queryKey: inviteKeys.mine, queryFn: () => callApi('getMyInvites', {}) });
}

/**
 * Replaces a leaked code. It sends the code the member sees, so a double-click (or a second tab)
 * replaces it once: the server answers the current code when that one was already replaced.
 */
export function useReplaceInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentCode: string) => callApi('replaceInviteCode', { currentCode }),
    onSuccess: ({ inviteCode }) => {
      queryClient.setQueryData<MyInvites>(inviteKeys.mine, (current) => (current ? { ...current, inviteCode } : current));
      void queryClient.invalidateQueries({ queryKey: inviteKeys.mine });
    },
  });
}
