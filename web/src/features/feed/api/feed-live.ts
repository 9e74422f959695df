import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveMessage } from '../../../lib/live/live-bus.ts';
import { useLiveCatchUp, useLiveMessages } from '../../../lib/live/use-live.ts';
import { callApi } from '../../../lib/api-client.ts';
import { type FeedPage, feedHolds, mergeFirstPage, removeFeedPost, updateFeedPost } from '../like-state.ts';
import type { CommentsPage } from './comments.ts';
import { feedKeys } from './feed-keys.ts';
import { fetchFeedPage } from './get-feed.ts';
import { likeInFlight } from './toggle-post-like.ts';

type Feed = InfiniteData<FeedPage, string | undefined>;
type Thread = InfiniteData<CommentsPage, string | undefined>;

/**
 * Reads the feed's first page (one getFeed) and puts it in front of the loaded pages. One read at a
 * time: news arriving meanwhile makes one more read when it is done, never a read each.
 */
export function firstPageReader(queryClient: QueryClient, userId: string): () => Promise<void> {
  const key = feedKeys.feed(userId);
  let reading: Promise<void> | undefined;
  let again = false;
  const readOnce = async () => {
    // Not loaded yet: its first load reads the news anyway.
    if (!queryClient.getQueryData<Feed>(key)) return;
    try {
      const fresh = await fetchFeedPage(undefined);
      queryClient.setQueryData<Feed>(key, (feed) => mergeFirstPage(feed, fresh, (postId) => likeInFlight(queryClient, postId)));
    } catch {
      // The next message, reconnect or fallback read brings it.
    }
  };
  return () => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        await readOnce();
      } while (again);
    })().finally(() => {
      reading = undefined;
    });
    return reading;
  };
}

/** post.counts: the post's counts wherever a cached feed holds it, without a request. */
export function applyPostCounts(queryClient: QueryClient, { postId, likeCount, commentCount }: LiveMessage<'post.counts'>): void {
  // The viewer's own click still on its way: its optimistic count stands until its answer.
  const keepLikes = likeInFlight(queryClient, postId);
  queryClient.setQueriesData<Feed>({ queryKey: feedKeys.all, predicate: (query) => query.queryKey[2] === 'posts' }, (feed) =>
    updateFeedPost(feed, postId, (post) =>
      post.commentCount === commentCount && (keepLikes || post.likeCount === likeCount)
        ? post
        : { ...post, commentCount, likeCount: keepLikes ? post.likeCount : likeCount },
    ),
  );
}

/** comment.added: the post's thread reads again if it is open (an active query) and lacks it; else nothing. */
export function readOpenThread(queryClient: QueryClient, { postId, commentId }: LiveMessage<'comment.added'>): Promise<void> {
  const key = feedKeys.comments(postId);
  const thread = queryClient.getQueryData<Thread>(key);
  // The viewer's own comment is in already.
  if (thread?.pages.some((page) => page.comments.some((comment) => comment.commentId === commentId))) return Promise.resolve();
  return queryClient.refetchQueries({ queryKey: key, exact: true, type: 'active' });
}

const feedQueries = { queryKey: feedKeys.all, predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[2] === 'posts' };

/** post.deleted: the post leaves every cached feed, its thread with it; no request. */
export function dropDeletedPost(queryClient: QueryClient, { postId }: LiveMessage<'post.deleted'>): void {
  queryClient.setQueriesData<Feed>(feedQueries, (feed) => removeFeedPost(feed, postId));
  queryClient.removeQueries({ queryKey: feedKeys.comments(postId), exact: true });
}

/** post.edited: a cached feed holding the post reads it once (getPost) and shows the new text. */
export async function readEditedPost(queryClient: QueryClient, { postId }: LiveMessage<'post.edited'>): Promise<void> {
  const held = queryClient.getQueriesData<Feed>(feedQueries).some(([, feed]) => feedHolds(feed, postId));
  if (!held) return;
  try {
    const post = await callApi('getPost', { postId });
    queryClient.setQueriesData<Feed>(feedQueries, (feed) =>
      updateFeedPost(feed, postId, (shown) => ({ ...shown, content: post.content, ...(post.editedAt ? { editedAt: post.editedAt } : {}) })),
    );
  } catch {
    // Deleted meanwhile (post.deleted follows) or unreachable: the next read brings it.
  }
}

/**
 * The feed's reactions to live messages, mounted with the News Feed: a new post reads the first
 * page (unless the feed holds it: the viewer's own); new counts change the cached posts; a new
 * comment reads its thread if open. After a reconnect: the first page and the open threads.
 */
export function useFeedLive(userId: string): void {
  const queryClient = useQueryClient();
  const readFirstPage = useMemo(() => firstPageReader(queryClient, userId), [queryClient, userId]);
  useLiveMessages('feed.post', ({ postId }) => {
    if (!feedHolds(queryClient.getQueryData<Feed>(feedKeys.feed(userId)), postId)) void readFirstPage();
  });
  useLiveMessages('post.counts', (message) => applyPostCounts(queryClient, message));
  useLiveMessages('comment.added', (message) => void readOpenThread(queryClient, message));
  useLiveMessages('post.edited', (message) => void readEditedPost(queryClient, message));
  useLiveMessages('post.deleted', (message) => dropDeletedPost(queryClient, message));
  useLiveCatchUp(() => {
    void readFirstPage();
    void queryClient.refetchQueries({ queryKey: feedKeys.threads, type: 'active' });
  });
}
