import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-api.ts';

/** Members not yet verified in person, oldest joined first, a page at a time (Load more by cursor). */
export function useUnverifiedMembers(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: adminKeys.unverified,
    queryFn: ({ signal, pageParam }) => callApi('listUnverifiedMembers', pageParam ? { cursor: pageParam } : {}, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}

/**
 * Verifies a member in person, or revokes their verification, with a reason that goes into the
 * audit log; the unverified list, the log and the searches are read again after.
 */
export function useChangeVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userId, reason }: { action: 'verify' | 'revoke'; userId: string; reason: string }) =>
      callApi(action === 'verify' ? 'verifyMember' : 'revokeVerification', { userId, reason }),
    scope: { id: 'changeVerification' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
