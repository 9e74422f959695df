import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { anchorKeys } from '../../anchors/keys.ts';
import { useAuthSession } from '../../../lib/session.ts';

/** A member's profile with only what the server lets this viewer see (it filters; the browser never does). */
export function useUserProfile(userId: string) {
  const viewer = useAuthSession().data?.userId ?? '';
  return useQuery({
    queryKey: anchorKeys.profile(viewer, userId),
    queryFn: ({ signal }) => callApi('getUserProfile', { userId }, { signal }),
    enabled: Boolean(viewer && userId),
    // The relationship changes on the other side too (an accept): re-read on every visit.
    staleTime: 0,
  });
}
