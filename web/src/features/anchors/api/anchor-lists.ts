import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallableOutput } from '#contracts/callables';
import { callApi } from '../../../lib/api-client.ts';
import { anchorKeys } from '../keys.ts';
import { useInvalidateAnchors } from './anchor-requests.ts';
import { useAuthSession } from '../../../lib/session.ts';

type AnchorList = CallableOutput<'listAnchors'>;
type AnchorRequests = CallableOutput<'listAnchorRequests'>;

function useViewerId(): string {
  return useAuthSession().data?.userId ?? '';
}

/**
 * An optimistic change to one cached list: applied at once, undone if the call fails; afterwards
 * everything anchor-related is refetched from the server.
 */
function useOptimisticListChange<TData, TVariables, TResult>(
  key: QueryKey,
  call: (variables: TVariables) => Promise<TResult>,
  change: (data: TData, variables: TVariables) => TData,
) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAnchors();
  return useMutation({
    mutationFn: call,
    onMutate: async (variables: TVariables) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TData>(key);
      if (before !== undefined) queryClient.setQueryData<TData>(key, change(before, variables));
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before !== undefined) queryClient.setQueryData<TData>(key, context.before);
    },
    onSettled: invalidate,
  });
}

/** Remove an accepted anchor (after the member confirmed). */
export function useRemoveAnchor() {
  return useOptimisticListChange<AnchorList, string, unknown>(
    anchorKeys.list(useViewerId()),
    (userId) => callApi('removeAnchor', { userId }),
    (list, userId) => ({ ...list, anchors: list.anchors.filter((anchor) => anchor.uid !== userId), count: Math.max(0, list.count - 1) }),
  );
}

/** Accept (received) a request: it leaves the pending list at once. */
export function useAcceptRequest() {
  return useOptimisticListChange<AnchorRequests, string, unknown>(
    anchorKeys.requests(useViewerId()),
    (userId) => callApi('acceptAnchorRequest', { userId }),
    (requests, userId) => ({ ...requests, received: requests.received.filter((request) => request.uid !== userId) }),
  );
}

/** Reject (received) or cancel (sent) a request: the same action on the server (spec §4). */
export function useRemoveRequest() {
  return useOptimisticListChange<AnchorRequests, string, unknown>(
    anchorKeys.requests(useViewerId()),
    (userId) => callApi('removeAnchorRequest', { userId }),
    (requests, userId) => ({
      received: requests.received.filter((request) => request.uid !== userId),
      sent: requests.sent.filter((request) => request.uid !== userId),
    }),
  );
}

/** Find New Anchors: name prefix search, run when the member submits a non-empty query. */
export function useSearchUsers(query: string) {
  const uid = useViewerId();
  return useQuery({
    queryKey: anchorKeys.search(uid, query),
    queryFn: ({ signal }) => callApi('searchUsers', { query }, { signal }),
    enabled: Boolean(uid && query.trim()),
    staleTime: 0,
  });
}
