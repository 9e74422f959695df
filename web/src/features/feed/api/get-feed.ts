import { type QueryClient, useInfiniteQuery, useIsMutating } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval } from '../../../lib/live/poll-interval.ts';
import type { FeedPage } from '../like-state.ts';
import { feedKeys, LIKE_MUTATION_KEY } from '../keys.ts';

/** One page of the feed: the newest without a cursor. */
export function fetchFeedPage(cursor: string | undefined, signal?: AbortSignal): Promise<FeedPage> {
  return callApi('getFeed', cursor ? { cursor } : {}, { signal });
}

/**
 * Resolves once a read of the feed already on its way has landed (at once when none is). That read
 * (a mount's refetch, "Load older posts") may have started before news the caller is about to put
 * in the cache, and its answer replaces the cached pages: the news goes in after it.
 */
export function feedReadLanded(queryClient: QueryClient, userId: string): Promise<void> {
  const query = queryClient.getQueryCache().find({ queryKey: feedKeys.feed(userId), exact: true });
  if (query?.state.fetchStatus !== 'fetching' || !query.promise) return Promise.resolve();
  return query.promise.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Makes a change to the cached feed now, and again once a read of the feed already on its way has
 * landed (its answer may predate the change and would undo it). `apply` must be idempotent.
 */
export function applyNowAndAfterFeedRead(queryClient: QueryClient, userId: string, apply: () => void): void {
  apply();
  void feedReadLanded(queryClient, userId).then(apply);
}

/**
 * The feed: the latest 50 posts, newest first, then older pages by cursor. Kept fresh by the live
 * socket (feed-live.ts: a new post reads the first page, counts arrive as they are); only while
 * the socket is down is it read again, once a minute (TanStack pauses that while the tab is
 * hidden), and not while a like is in flight.
 */
export function useFeed(userId: string) {
  const likesInFlight = useIsMutating({ mutationKey: LIKE_MUTATION_KEY });
  const fallbackInterval = useLivePollInterval();
  return useInfiniteQuery({
    queryKey: feedKeys.feed(userId),
    queryFn: ({ pageParam, signal }) => fetchFeedPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: likesInFlight > 0 ? false : fallbackInterval,
    refetchIntervalInBackground: false,
    staleTime: 0,
    enabled: Boolean(userId),
  });
}
