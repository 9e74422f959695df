import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval } from '../../../lib/live/poll-interval.ts';
import { useLiveCatchUp, useLiveMessages } from '../../../lib/live/use-live.ts';
import { useAuthSession } from '../../../lib/session.ts';
import { vouchingKeys } from '../keys.ts';

/**
 * The member's verification and vouches, received and given. A vouch received arrives as a
 * notification (`notifications.changed`) and a change of the member's level as `me.changed` (the
 * shell reads the record again on that one), so both, and the socket opening, read them again: an
 * open page shows the change without a reload. While the socket is down it is read once a minute.
 */
export function useMyVouches() {
  const uid = useAuthSession().data?.userId ?? '';
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: vouchingKeys.all });
  useLiveMessages('notifications.changed', refresh);
  useLiveMessages('me.changed', refresh);
  useLiveCatchUp(refresh);
  return useQuery({
    queryKey: vouchingKeys.mine(uid),
    queryFn: ({ signal }) => callApi('listMyVouches', {}, { signal }),
    enabled: Boolean(uid),
    refetchInterval: useLivePollInterval(),
  });
}

/** Withdraws the vouch the member gave `userId`; their vouches and record are read again after. */
export function useWithdrawVouch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callApi('withdrawVouch', { userId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vouchingKeys.all }),
  });
}
