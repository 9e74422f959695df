import { useInfiniteQuery, useIsMutating } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval } from '../../../lib/live/poll-interval.ts';
import type { FeedPage } from '../like-state.ts';
import { feedKeys, LIKE_MUTATION_KEY } from './feed-keys.ts';

/** One page of the feed: the newest without a cursor. */
export function fetchFeedPage(cursor: string | undefined, signal?: AbortSignal): Promise<FeedPage> {
  return callApi('getFeed', cursor ? { cursor } : {}, { signal });
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
