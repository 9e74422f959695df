import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { applyLike, type FeedPage, updateFeedPost } from '../like-state.ts';
import { feedKeys, LIKE_MUTATION_KEY } from '../keys.ts';

type Feed = InfiniteData<FeedPage, string | undefined>;

/** One post's likes share a mutation scope, so its clicks run in order. */
const likeScopeId = (postId: string) => `like:${postId}`;

/** Whether the viewer's like of the post is still being sent (its optimistic state must stand). */
export function likeInFlight(queryClient: QueryClient, postId: string): boolean {
  const scopeId = likeScopeId(postId);
  return (
    queryClient
      .getMutationCache()
      .findAll({ mutationKey: LIKE_MUTATION_KEY, status: 'pending', predicate: (mutation) => mutation.options.scope?.id === scopeId }).length > 0
  );
}

/**
 * Like / unlike, optimistic. Each click sends the state it wants (liked true or false), and the
 * clicks on one post run one after another (the mutation scope), so rapid toggles never race on
 * the server and the last click wins. A failure rolls back that click's change when nothing newer
 * is queued behind it; otherwise the newer click decides. The post changes wherever it is shown: the
 * feed and any member's posts list (keys under the feed's).
 */
export function useTogglePostLike(userId: string, postId: string) {
  const queryClient = useQueryClient();
  const key = feedKeys.feed(userId);
  const scopeId = likeScopeId(postId);
  const queuedBehind = () =>
    queryClient.getMutationCache().findAll({ predicate: (mutation) => mutation.options.scope?.id === scopeId && mutation.state.status === 'pending' }).length >
    1;
  return useMutation({
    mutationKey: LIKE_MUTATION_KEY,
    scope: { id: scopeId },
    mutationFn: ({ liked }: { liked: boolean }) => callApi('togglePostLike', { postId, liked }),
    onMutate: async ({ liked }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueriesData<Feed>({ queryKey: key }, (feed) => updateFeedPost(feed, postId, (post) => applyLike(post, liked)));
    },
    onError: (_error, { liked }) => {
      if (!queuedBehind()) queryClient.setQueriesData<Feed>({ queryKey: key }, (feed) => updateFeedPost(feed, postId, (post) => applyLike(post, !liked)));
    },
    onSuccess: (answer) => {
      // The server's count is the truth (others like too); apply it once our own clicks are done.
      if (!queuedBehind()) {
        queryClient.setQueriesData<Feed>({ queryKey: key }, (feed) =>
          updateFeedPost(feed, postId, (post) => ({ ...post, likedByMe: answer.liked, likeCount: answer.likeCount })),
        );
      }
      // The likers list, if it was read, is stale now.
      void queryClient.invalidateQueries({ queryKey: feedKeys.likers(postId) });
    },
  });
}
