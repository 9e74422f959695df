import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostPrivacy } from '#contracts/feed';
import { callApi } from '../../../lib/api-client.ts';
import { retryIdempotentCreate } from '../../../lib/query-client.ts';
import { type FeedPage, prependFeedPost } from '../like-state.ts';
import { feedKeys } from '../keys.ts';
import { applyNowAndAfterFeedRead } from './get-feed.ts';

export interface NewPost {
  content: string;
  privacy: PostPrivacy;
  /** One per draft: a retry of the same draft carries the same id, so it can never post twice. */
  clientRequestId: string;
}

export function useCreatePost(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: NewPost) => callApi('createPost', post),
    retry: retryIdempotentCreate,
    onSuccess: (post) => {
      // A read of the feed begun before the post was written would answer without it: again after it.
      applyNowAndAfterFeedRead(queryClient, userId, () =>
        queryClient.setQueryData<InfiniteData<FeedPage, string | undefined>>(feedKeys.feed(userId), (feed) => prependFeedPost(feed, post)),
      );
    },
  });
}
