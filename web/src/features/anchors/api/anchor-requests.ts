import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '#contracts/user';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval } from '../../../lib/live/poll-interval.ts';
import { useLiveCatchUp, useLiveMessages } from '../../../lib/live/use-live.ts';
import { sessionKeys, useAuthSession } from '../../../lib/session.ts';
import { feedKeys } from '../../feed/keys.ts';
import { anchorKeys } from '../keys.ts';

/**
 * The caller's accepted anchors with the count and the cap (the anchors page and the dashboard).
 * The other member changes it too (an accept, a remove, leaving Anchored, a block): the live message
 * anchors.changed re-reads it (useAnchorsLive), and while the live socket is down it is read once a
 * minute. Each answer also sets the count on the cached record (useMe), which nothing re-reads on
 * anchors.changed (only a screen mounted once it is 30 s old): whatever shows the record's
 * anchorCount (the dashboard when the list cannot be read) then shows the count last read, never
 * the one from before an anchor left.
 */
export function useAnchorList() {
  const queryClient = useQueryClient();
  const uid = useAuthSession().data?.userId ?? '';
  return useQuery({
    queryKey: anchorKeys.list(uid),
    queryFn: async ({ signal }) => {
      const list = await callApi('listAnchors', {}, { signal });
      queryClient.setQueryData<User | null>(sessionKeys.me(uid), (me) => (me && me.anchorCount !== list.count ? { ...me, anchorCount: list.count } : me));
      return list;
    },
    enabled: Boolean(uid),
    staleTime: 0,
    refetchInterval: useLivePollInterval(),
  });
}

/** The caller's pending requests, received and sent; live like the list. */
export function useAnchorRequests() {
  const uid = useAuthSession().data?.userId ?? '';
  return useQuery({
    queryKey: anchorKeys.requests(uid),
    queryFn: ({ signal }) => callApi('listAnchorRequests', {}, { signal }),
    enabled: Boolean(uid),
    staleTime: 0,
    refetchInterval: useLivePollInterval(),
  });
}

/** The member's real number of received pending anchor requests (the dashboard shows it). */
export function usePendingRequestCount() {
  const requests = useAnchorRequests();
  return { ...requests, data: requests.data?.received.length };
}

/**
 * For a screen that shows anchor data (the dashboard's counts, the Anchors page, a profile's anchor
 * button): when the live message anchors.changed arrives, and each time the socket opens, the anchor queries
 * the screen has mounted read again (TanStack refetches only active queries; the rest are marked
 * stale and read when next shown). The News Feed reacts on its own (features/feed/api/feed-live.ts:
 * it reads its first page, and each answer of this list takes an anchor who went out of it).
 */
export function useAnchorsLive(): void {
  const queryClient = useQueryClient();
  const reread = () => void queryClient.invalidateQueries({ queryKey: anchorKeys.all });
  useLiveMessages('anchors.changed', reread);
  useLiveCatchUp(reread);
}

/** After any anchor action: lists, requests, searches, profiles and the feed (anchors' posts) are stale. */
export function useInvalidateAnchors() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: anchorKeys.all }), queryClient.invalidateQueries({ queryKey: feedKeys.all })]);
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
