import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { feedKeys } from '../keys.ts';

/** Kept a minute: a like or unlike by the viewer invalidates it (toggle-post-like.ts); others' likes show in the count at once. */
const LIKERS_STALE_MS = 60_000;

/**
 * Who liked a post, read only when asked (the list opened), never for every post of a page: a feed
 * page stays one request. Once read, the post's "Liked by" line names them.
 */
export function usePostLikers(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.likers(postId),
    queryFn: ({ signal }) => callApi('getPostLikers', { postId }, { signal }),
    enabled,
    staleTime: LIKERS_STALE_MS,
  });
}
