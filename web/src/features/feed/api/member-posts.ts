import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useLiveMessages } from '../../../lib/live/use-live.ts';
import type { FeedPage } from '../like-state.ts';
import { feedKeys } from '../keys.ts';

/**
 * One member's own posts as the viewer may see them (listMemberPosts: Your Wall, a profile), 20 a
 * page, newest first, older pages by cursor ("Load more"). Read when the tab or profile opens, not
 * polled: the viewer's own likes, edits and deletes change it in place (its key is under the feed's);
 * another member's list reads again on anchors.changed.
 */
export function useMemberPosts(userId: string, memberId: string) {
  const queryClient = useQueryClient();
  // Another member's posts on screen (their profile): what the viewer may see of them follows the
  // anchor between the two (anchors-only posts go when it does, come when it starts), so
  // anchors.changed reads the list again; the posts shown stay until the answer replaces them.
  useLiveMessages('anchors.changed', () => {
    if (memberId !== userId) void queryClient.invalidateQueries({ queryKey: feedKeys.memberPosts(userId, memberId), exact: true });
  });
  return useInfiniteQuery({
    queryKey: feedKeys.memberPosts(userId, memberId),
    queryFn: ({ pageParam, signal }): Promise<FeedPage> =>
      callApi('listMemberPosts', { userId: memberId, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(userId && memberId),
  });
}
