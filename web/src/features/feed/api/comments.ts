import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '#contracts/feed';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval } from '../../../lib/live/poll-interval.ts';
import { retryIdempotentCreate } from '../../../lib/query-client.ts';
import { type FeedPage, updateFeedPost } from '../like-state.ts';
import { feedKeys } from '../keys.ts';

export interface CommentsPage {
  comments: Comment[];
  nextCursor: string | null;
}

/**
 * An open comment list: newest first, 50 a page. A comment.added message for the post reads it
 * again (feed-live.ts); only while the live socket is down is it read once a minute.
 */
export function useComments(postId: string) {
  const fallbackInterval = useLivePollInterval();
  return useInfiniteQuery({
    queryKey: feedKeys.comments(postId),
    queryFn: ({ pageParam, signal }): Promise<CommentsPage> => callApi('listComments', pageParam ? { postId, cursor: pageParam } : { postId }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: fallbackInterval,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

export function useAddComment(userId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: { content: string; clientRequestId: string }) => callApi('addComment', { postId, ...draft }),
    retry: retryIdempotentCreate,
    // One comment at a time per post: a double submit cannot send two.
    scope: { id: `comment:${postId}` },
    onSuccess: ({ comment, commentCount }) => {
      queryClient.setQueryData<InfiniteData<CommentsPage, string | undefined>>(feedKeys.comments(postId), (data) => {
        if (!data) return data;
        const [first, ...rest] = data.pages;
        if (!first || first.comments.some((existing) => existing.commentId === comment.commentId)) return data;
        return { ...data, pages: [{ ...first, comments: [comment, ...first.comments] }, ...rest] };
      });
      queryClient.setQueriesData<InfiniteData<FeedPage, string | undefined>>({ queryKey: feedKeys.feed(userId) }, (feed) =>
        updateFeedPost(feed, postId, (post) => ({ ...post, commentCount })),
      );
    },
  });
}
