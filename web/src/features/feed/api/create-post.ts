import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostPrivacy } from '#contracts/feed';
import { callApi } from '../../../lib/api-client.ts';
import { retryIdempotentCreate } from '../../../lib/query-client.ts';
import { type FeedPage, prependFeedPost } from '../like-state.ts';
import { feedKeys } from './feed-keys.ts';

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
      queryClient.setQueryData<InfiniteData<FeedPage, string | undefined>>(feedKeys.feed(userId), (feed) => prependFeedPost(feed, post));
    },
  });
}
