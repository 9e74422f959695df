import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import type { FeedPage } from '../like-state.ts';
import { feedKeys } from './feed-keys.ts';

/**
 * One member's own posts as the viewer may see them (listMemberPosts: Your Wall, a profile), 20 a
 * page, newest first, older pages by cursor ("Load more"). Read when the tab or profile opens, not
 * polled: the viewer's own likes, edits and deletes change it in place (its key is under the feed's).
 */
export function useMemberPosts(userId: string, memberId: string) {
  return useInfiniteQuery({
    queryKey: feedKeys.memberPosts(userId, memberId),
    queryFn: ({ pageParam, signal }): Promise<FeedPage> =>
      callApi('listMemberPosts', { userId: memberId, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(userId && memberId),
  });
}
