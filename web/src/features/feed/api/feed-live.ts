import { hashKey, type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Anchor } from '#contracts/anchors';
import { anchorKeys } from '../../anchors/keys.ts';
import type { LiveMessage } from '../../../lib/live/live-bus.ts';
import { useLiveCatchUp, useLiveMessages } from '../../../lib/live/use-live.ts';
import { callApi } from '../../../lib/api-client.ts';
import { type FeedPage, feedHolds, keepPostsBy, mergeFirstPage, removeFeedPost, updateFeedPost } from '../like-state.ts';
import type { CommentsPage } from './comments.ts';
import { feedKeys } from '../keys.ts';
import { applyNowAndAfterFeedRead, feedReadLanded, fetchFeedPage } from './get-feed.ts';
import { likeInFlight } from './toggle-post-like.ts';

type Feed = InfiniteData<FeedPage, string | undefined>;
type Thread = InfiniteData<CommentsPage, string | undefined>;

/**
 * Reads the feed's first page (one getFeed) and puts it in front of the loaded pages. One read at a
 * time: news arriving meanwhile makes one more read when it is done, never a read each. A read of
 * the feed already on its way (the dashboard's refetch on mount) may have started before the news
 * and would replace the merged page with its older answer: this read waits for it to land first.
 */
export function firstPageReader(queryClient: QueryClient, userId: string): () => Promise<void> {
  const key = feedKeys.feed(userId);
  let reading: Promise<void> | undefined;
  let again = false;
  const readOnce = async () => {
    await feedReadLanded(queryClient, userId);
    // Not loaded yet (nor loading): its first load reads the news anyway.
    if (!queryClient.getQueryData<Feed>(key)) return;
    try {
      const fresh = await fetchFeedPage(undefined);
      queryClient.setQueryData<Feed>(key, (feed) => mergeFirstPage(feed, fresh, (postId) => likeInFlight(queryClient, postId)));
    } catch {
      // The next message, catch-up or fallback read brings it.
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
 * An answer of the viewer's anchor list (the dashboard reads it for its count, again on each
 * anchors.changed, catch-up and fallback poll): the cached feed keeps only the posts of the viewer
 * and those anchors. An anchor who went (removed by either member, a block, their removal or account
 * deletion) leaves the older pages "Load older posts" brought too, which the first page's read does
 * not reach; no request of its own.
 */
export function keepAnchorsPosts(queryClient: QueryClient, userId: string, anchors: readonly Pick<Anchor, 'uid'>[]): void {
  const authors = new Set([userId, ...anchors.map((anchor) => anchor.uid)]);
  queryClient.setQueryData<Feed>(feedKeys.feed(userId), (feed) => keepPostsBy(feed, authors));
}

/** Calls keepAnchorsPosts with each answer of the anchor list that lands in the cache, whoever read it. */
function useKeepAnchorsPosts(queryClient: QueryClient, userId: string): void {
  useEffect(() => {
    const listHash = hashKey(anchorKeys.list(userId));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== listHash) return;
      const list = event.query.state.data as { anchors?: Pick<Anchor, 'uid'>[] } | undefined;
      if (list?.anchors) keepAnchorsPosts(queryClient, userId, list.anchors);
    });
  }, [queryClient, userId]);
}

/**
 * The feed's reactions to live messages, mounted with the News Feed: a new post reads the first
 * page (unless the feed holds it: the viewer's own); new counts change the cached posts; a new
 * comment reads its thread if open; anchors.changed reads the first page (an anchor who went: the
 * server took their posts out before it pushed; a new anchor: their recent posts came in), and the
 * anchor list's answer to the same message takes the ex-anchor's posts out of older loaded pages.
 * Each time the socket opens (the first time too): the first page and the open threads.
 */
export function useFeedLive(userId: string): void {
  const queryClient = useQueryClient();
  const readFirstPage = useMemo(() => firstPageReader(queryClient, userId), [queryClient, userId]);
  useLiveMessages('feed.post', ({ postId }) => {
    if (!feedHolds(queryClient.getQueryData<Feed>(feedKeys.feed(userId)), postId)) void readFirstPage();
  });
  // A read of the feed already on its way may have begun before the change, and its answer would
  // put the old counts, text or the deleted post back: the change is made again once it lands.
  useLiveMessages('post.counts', (message) => applyNowAndAfterFeedRead(queryClient, userId, () => applyPostCounts(queryClient, message)));
  useLiveMessages('comment.added', (message) => void readOpenThread(queryClient, message));
  useLiveMessages('post.edited', (message) => void feedReadLanded(queryClient, userId).then(() => readEditedPost(queryClient, message)));
  useLiveMessages('post.deleted', (message) => applyNowAndAfterFeedRead(queryClient, userId, () => dropDeletedPost(queryClient, message)));
  // The read keeps what is on screen until it answers (no skeleton, no empty flash), and the
  // composer, outside the cache, keeps its draft.
  useLiveMessages('anchors.changed', () => void readFirstPage());
  useKeepAnchorsPosts(queryClient, userId);
  useLiveCatchUp(() => {
    void readFirstPage();
    void queryClient.refetchQueries({ queryKey: feedKeys.threads, type: 'active' });
  });
}
