import { useInfiniteQuery, useIsMutating } from '@tanstack/react-query';
import { FEED_POLL_INTERVAL_MS } from '#contracts/feed';
import { callApi } from '../../../lib/api-client.ts';
import type { FeedPage } from '../like-state.ts';
import { feedKeys, LIKE_MUTATION_KEY } from './feed-keys.ts';

/**
 * The feed: the latest 50 posts, newest first, then older pages by cursor. Live by polling every
 * ~3 s (TanStack pauses the interval while the tab is hidden), except while a like is in flight.
 */
export function useFeed(userId: string) {
  const likesInFlight = useIsMutating({ mutationKey: LIKE_MUTATION_KEY });
  return useInfiniteQuery({
    queryKey: feedKeys.feed(userId),
    queryFn: ({ pageParam, signal }): Promise<FeedPage> => callApi('getFeed', pageParam ? { cursor: pageParam } : {}, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: likesInFlight > 0 ? false : FEED_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    enabled: Boolean(userId),
  });
}
