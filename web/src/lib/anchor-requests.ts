import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client.ts';
import { useAuthSession } from './session.ts';

/**
 * Anchor data several screens share (the anchors page, profiles, the dashboard's pending count).
 * Every key starts with 'anchors', so one invalidation after any anchor action refreshes them all.
 */
export const anchorKeys = {
  all: ['anchors'] as const,
  list: (uid: string) => ['anchors', uid, 'list'] as const,
  requests: (uid: string) => ['anchors', uid, 'requests'] as const,
  search: (uid: string, query: string) => ['anchors', uid, 'search', query] as const,
  profile: (uid: string, userId: string) => ['anchors', uid, 'profile', userId] as const,
};

/** The caller's accepted anchors with the count and the cap (the anchors page and the dashboard). */
export function useAnchorList() {
  const uid = useAuthSession().data?.userId ?? '';
  return useQuery({
    queryKey: anchorKeys.list(uid),
    queryFn: ({ signal }) => callApi('listAnchors', {}, { signal }),
    enabled: Boolean(uid),
    // The other member changes it too (an accept, a remove): every screen that shows it re-reads it.
    staleTime: 0,
  });
}

/** How often a screen that shows the pending count re-reads it (requests arrive from others). */
const PENDING_POLL_INTERVAL_MS = 15_000;

/** The caller's pending requests, received and sent. */
export function useAnchorRequests({ poll = false }: { poll?: boolean } = {}) {
  const uid = useAuthSession().data?.userId ?? '';
  return useQuery({
    queryKey: anchorKeys.requests(uid),
    queryFn: ({ signal }) => callApi('listAnchorRequests', {}, { signal }),
    enabled: Boolean(uid),
    staleTime: 0,
    refetchInterval: poll ? PENDING_POLL_INTERVAL_MS : false,
  });
}

/** The member's real number of received pending anchor requests (the dashboard shows it). */
export function usePendingRequestCount() {
  const requests = useAnchorRequests({ poll: true });
  return { ...requests, data: requests.data?.received.length };
}

/** After any anchor action: lists, requests, searches, profiles and the feed (anchors' posts) are stale. */
export function useInvalidateAnchors() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: anchorKeys.all }), queryClient.invalidateQueries({ queryKey: ['feed'] })]);
}

/**
 * Sends an anchor request. One mutation scope per member asked, so rapid clicks queue instead of
 * racing (the server then answers the repeat with 'Anchor request already pending').
 */
export function useSendAnchorRequest(userId: string) {
  const invalidate = useInvalidateAnchors();
  return useMutation({
    mutationFn: () => callApi('sendAnchorRequest', { userId }),
    scope: { id: `anchor:${userId}` },
    onSettled: invalidate,
  });
}

/** Accepts a pending request received from userId. */
export function useAcceptAnchorRequest() {
  const invalidate = useInvalidateAnchors();
  return useMutation({
    mutationFn: (userId: string) => callApi('acceptAnchorRequest', { userId }),
    onSettled: invalidate,
  });
}
