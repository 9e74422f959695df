import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { anchorKeys } from '../../anchors/keys.ts';
import { useAuthSession } from '../../../lib/session.ts';
import { useLiveMessages } from '../../../lib/live/use-live.ts';

/**
 * A member's profile with only what the server lets this viewer see (it filters; the browser never
 * does). One's own profile reads again when the live socket says one's record changed (me.changed:
 * the "Verified in person" badge).
 */
export function useUserProfile(userId: string) {
  const viewer = useAuthSession().data?.userId ?? '';
  const queryClient = useQueryClient();
  useLiveMessages('me.changed', () => {
    if (viewer && userId === viewer) void queryClient.invalidateQueries({ queryKey: anchorKeys.profile(viewer, userId) });
  });
  return useQuery({
    queryKey: anchorKeys.profile(viewer, userId),
    queryFn: ({ signal }) => callApi('getUserProfile', { userId }, { signal }),
    enabled: Boolean(viewer && userId),
    // The relationship changes on the other side too (an accept): re-read on every visit.
    staleTime: 0,
  });
}
