// @vitest-environment jsdom
import { type InfiniteData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment, Post } from '#contracts/feed';
import type { PushMessage } from '#contracts/push';
import { samplePost } from '../../support/sample-post.ts';

/** The API as the server would answer, every call recorded; togglePostLike waits until released. */
const calls: { name: string; data: Record<string, unknown> }[] = [];
const answers: { firstPage?: FeedPageShape; thread?: Comment[] } = {};
let releaseLike: (() => void) | undefined;
/** When set, the next getFeed waits: `release` answers it with the page it was given (read before the news). */
let heldFeed: { page: FeedPageShape; release?: () => void } | undefined;
interface FeedPageShape {
  posts: Post[];
  nextCursor: string | null;
}
vi.mock('../../../web/src/lib/api-client.ts', () => ({
  callApi: async (name: string, data: Record<string, unknown>) => {
    calls.push({ name, data });
    if (name === 'getFeed' && heldFeed && !heldFeed.release) {
      const held = heldFeed;
      return new Promise((resolve) => {
        held.release = () => resolve(held.page);
      });
    }
    if (name === 'getFeed') return data.cursor ? { posts: [], nextCursor: null } : answers.firstPage;
    if (name === 'listComments') return { comments: answers.thread ?? [], nextCursor: null };
    if (name === 'getPost') return { ...post(String(data.postId)), content: 'edited text', editedAt: '2026-11-22T01:00:00.000Z' };
    if (name === 'createPost') return post('mine', { authorId: ME, authorName: 'Ada', content: String(data.content) });
    if (name === 'listAnchorRequests') return { received: [], sent: [] };
    if (name === 'listAnchors') return { anchors: [], count: 0, max: 100 };
    if (name === 'togglePostLike') {
      return new Promise((resolve) => {
        releaseLike = () => resolve({ liked: data.liked, likeCount: 9 });
      });
    }
    throw new Error(`unexpected call ${name}`);
  },
  isApiError: () => false,
}));

const { liveBus } = await import('../../../web/src/lib/live/live-bus.ts');
const { FALLBACK_POLL_MS, useLivePollInterval } = await import('../../../web/src/lib/live/poll-interval.ts');
const { useFeedLive } = await import('../../../web/src/features/feed/api/feed-live.ts');
const { useFeed } = await import('../../../web/src/features/feed/api/get-feed.ts');
const { useComments } = await import('../../../web/src/features/feed/api/comments.ts');
const { useCreatePost } = await import('../../../web/src/features/feed/api/create-post.ts');
const { useTogglePostLike } = await import('../../../web/src/features/feed/api/toggle-post-like.ts');
const { feedKeys } = await import('../../../web/src/features/feed/keys.ts');
const { anchorKeys } = await import('../../../web/src/features/anchors/keys.ts');
const { useAnchorsLive, usePendingRequestCount } = await import('../../../web/src/features/anchors/api/anchor-requests.ts');
const { sessionKeys } = await import('../../../web/src/lib/session.ts');

type Feed = InfiniteData<FeedPageShape, string | undefined>;

const ME = 'u1';

function post(id: string, overrides: Partial<Post> = {}): Post {
  return samplePost({ postId: id, authorId: 'u2', authorName: 'Bo', content: `post ${id}`, ...overrides });
}

function comment(id: string, postId: string): Comment {
  return {
    commentId: id,
    postId,
    authorId: 'u2',
    authorName: 'Bo',
    authorPicture: '',
    authorVerified: false,
    content: `comment ${id}`,
    createdAt: '2026-11-22T00:00:00.000Z',
  };
}

/** Two loaded pages of two posts each: a1 a2 | b1 b2. */
function twoPages(): Feed {
  return {
    pages: [
      { posts: [post('a1'), post('a2')], nextCursor: 'cursor-a2' },
      { posts: [post('b1'), post('b2', { likeCount: 4, likedByMe: true })], nextCursor: 'cursor-b2' },
    ],
    pageParams: [undefined, 'cursor-a2'],
  };
}

/** A thread the viewer opened and closed again: cached, with its query function, but no observer. */
async function closedThread(wrapper: ({ children }: { children: ReactNode }) => ReactNode, postId: string): Promise<void> {
  const { result, unmount } = renderHook(() => useComments(postId), { wrapper });
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  unmount();
}

function setup() {
  // A real client, as the app's: no retries to keep failures quick, data stale at once as the feed's.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(sessionKeys.auth, { userId: ME, email: 'ada@example.com', emailVerifiedClaim: true, groups: [] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const feed = () => queryClient.getQueryData<Feed>(feedKeys.feed(ME));
  return { queryClient, wrapper, feed };
}

/**
 * The dashboard mounting over a cached feed of one post (a1): its feed reads again on mount, and
 * that read is held until `heldFeed.release()`, then answers with a1 as the table had it before the
 * news. Resolves once the read is on its way, with `hook`'s result.
 */
async function mountWhileFeedReads<T>(hook: () => T) {
  const context = setup();
  context.queryClient.setQueryData<Feed>(feedKeys.feed(ME), { pages: [{ posts: [post('a1')], nextCursor: null }], pageParams: [undefined] });
  heldFeed = { page: { posts: [post('a1')], nextCursor: null } };
  const { result } = renderHook(
    () => {
      useFeed(ME);
      return hook();
    },
    { wrapper: context.wrapper },
  );
  await waitFor(() => expect(heldFeed?.release).toBeDefined());
  return { ...context, result };
}

const publish = (message: PushMessage) => act(() => liveBus.publish(message));
const callsOf = (name: string) => calls.filter((call) => call.name === name);

beforeEach(() => {
  calls.length = 0;
  answers.firstPage = undefined;
  answers.thread = undefined;
  releaseLike = undefined;
  heldFeed = undefined;
  liveBus.setStatus('off');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('post.counts', () => {
  it('changes the post in every cached feed page without a request, keeping the viewer’s own like', async () => {
    const { queryClient, wrapper, feed } = setup();
    queryClient.setQueryData<Feed>(feedKeys.feed(ME), twoPages());
    renderHook(() => useFeedLive(ME), { wrapper });

    publish({ type: 'post.counts', postId: 'b2', likeCount: 7, commentCount: 3 });
    expect(feed()?.pages[1]?.posts[1]).toMatchObject({ postId: 'b2', likeCount: 7, commentCount: 3, likedByMe: true });
    publish({ type: 'post.counts', postId: 'a1', likeCount: 1, commentCount: 0 });
    expect(feed()?.pages[0]?.posts[0]).toMatchObject({ postId: 'a1', likeCount: 1 });
    // A post no cached page holds changes nothing.
    const before = feed();
    publish({ type: 'post.counts', postId: 'elsewhere', likeCount: 1, commentCount: 1 });
    expect(feed()).toBe(before);
    expect(calls).toEqual([]);
  });

  it('hold after a read of the feed begun before them answers with older counts', async () => {
    const { feed } = await mountWhileFeedReads(() => useFeedLive(ME));
    publish({ type: 'post.counts', postId: 'a1', likeCount: 1, commentCount: 2 });
    expect(feed()?.pages[0]?.posts[0]).toMatchObject({ likeCount: 1, commentCount: 2 });
    act(() => heldFeed?.release?.());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(feed()?.pages[0]?.posts[0]).toMatchObject({ likeCount: 1, commentCount: 2 });
    expect(callsOf('getFeed')).toHaveLength(1);
  });

  it('leaves the like count of a post whose like is still being sent (the click’s answer settles it)', async () => {
    const { queryClient, wrapper, feed } = setup();
    queryClient.setQueryData<Feed>(feedKeys.feed(ME), twoPages());
    const { result } = renderHook(
      () => {
        useFeedLive(ME);
        return useTogglePostLike(ME, 'a1');
      },
      { wrapper },
    );
    act(() => result.current.mutate({ liked: true }));
    await waitFor(() => expect(callsOf('togglePostLike')).toHaveLength(1));
    expect(feed()?.pages[0]?.posts[0]).toMatchObject({ likedByMe: true, likeCount: 1 });

    // Counts read before the click reached the server: the like count would go back to 0.
    publish({ type: 'post.counts', postId: 'a1', likeCount: 0, commentCount: 2 });
    expect(feed()?.pages[0]?.posts[0]).toMatchObject({ likedByMe: true, likeCount: 1, commentCount: 2 });

    act(() => releaseLike?.());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    publish({ type: 'post.counts', postId: 'a1', likeCount: 9, commentCount: 2 });
    expect(feed()?.pages[0]?.posts[0]).toMatchObject({ likedByMe: true, likeCount: 9 });
  });
});

describe('post.edited and post.deleted', () => {
  it('an edit of a held post reads that post once and shows its text; a post no page holds reads nothing', async () => {
    const { queryClient, wrapper, feed } = setup();
    queryClient.setQueryData<Feed>(feedKeys.feed(ME), twoPages());
    renderHook(() => useFeedLive(ME), { wrapper });

    publish({ type: 'post.edited', postId: 'elsewhere' });
    publish({ type: 'post.edited', postId: 'b2' });
    await waitFor(() => expect(feed()?.pages[1]?.posts[1]).toMatchObject({ postId: 'b2', content: 'edited text', editedAt: '2026-11-22T01:00:00.000Z' }));
    // Its counts and the viewer's like stay as they were.
    expect(feed()?.pages[1]?.posts[1]).toMatchObject({ likeCount: 4, likedByMe: true });
    expect(calls).toEqual([{ name: 'getPost', data: { postId: 'b2' } }]);
  });

  it('a deleted post leaves the cached pages and its thread without a request', async () => {
    const { queryClient, wrapper, feed } = setup();
    queryClient.setQueryData<Feed>(feedKeys.feed(ME), twoPages());
    queryClient.setQueryData(feedKeys.comments('a2'), { pages: [{ comments: [comment('c1', 'a2')], nextCursor: null }], pageParams: [undefined] });
    renderHook(() => useFeedLive(ME), { wrapper });

    publish({ type: 'post.deleted', postId: 'a2' });
    expect(feed()?.pages.map((page) => page.posts.map((shown) => shown.postId))).toEqual([['a1'], ['b1', 'b2']]);
    expect(feed()?.pages.map((page) => page.nextCursor)).toEqual(['cursor-a2', 'cursor-b2']);
    expect(queryClient.getQueryData(feedKeys.comments('a2'))).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('a deleted post stays out after a read of the feed begun before the delete answers with it', async () => {
    const { feed } = await mountWhileFeedReads(() => useFeedLive(ME));
    publish({ type: 'post.deleted', postId: 'a1' });
    expect(feed()?.pages[0]?.posts).toEqual([]);
    act(() => heldFeed?.release?.());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(feed()?.pages[0]?.posts).toEqual([]);
  });
});

describe('feed.post', () => {
  it('reads only the first page (one getFeed) and keeps the older loaded pages', async () => {
    const { queryClient, wrapper, feed } = setup();
    queryClient.setQueryData<Feed>(feedKeys.feed(ME), twoPages());
    renderHook(() => useFeedLive(ME), { wrapper });
    // The new post pushed a2 off the first page.
    answers.firstPage = { posts: [post('new'), post('a1')], nextCursor: 'cursor-a1' };

    publish({ type: 'feed.post', postId: 'new', authorId: 'u2' });
    await waitFor(() => expect(feed()?.pages[0]?.posts[0]?.postId).toBe('new'));
    expect(calls).toEqual([{ name: 'getFeed', data: {} }]);
    expect(feed()?.pages.map((page) => page.posts.map((shown) => shown.postId))).toEqual([
      ['new', 'a1', 'a2'],
      ['b1', 'b2'],
    ]);
    expect(feed()?.pages[0]?.nextCursor).toBe('cursor-a2');
    expect(feed()?.pageParams).toEqual([undefined, 'cursor-a2']);

    // The viewer's own post (already in the feed) reads nothing.
    publish({ type: 'feed.post', postId: 'new', authorId: ME });
    await act(() => Promise.resolve());
    expect(calls).toHaveLength(1);
  });

  it('reads the first page once more, not once each, for news arriving during a read', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData<Feed>(feedKeys.feed(ME), twoPages());
    renderHook(() => useFeedLive(ME), { wrapper });
    answers.firstPage = { posts: [post('n3'), post('n2'), post('n1'), post('a1')], nextCursor: 'cursor-a1' };
    publish({ type: 'feed.post', postId: 'n1', authorId: 'u2' });
    publish({ type: 'feed.post', postId: 'n2', authorId: 'u2' });
    publish({ type: 'feed.post', postId: 'n3', authorId: 'u2' });
    await waitFor(() => expect(callsOf('getFeed')).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(callsOf('getFeed')).toHaveLength(2);
  });

  it('waits for a read of the feed already on its way (begun before the news), so its answer cannot drop the post', async () => {
    const { feed } = await mountWhileFeedReads(() => useFeedLive(ME));
    answers.firstPage = { posts: [post('new'), post('a1')], nextCursor: null };

    publish({ type: 'feed.post', postId: 'new', authorId: 'u2' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() => heldFeed?.release?.());
    await waitFor(() => expect(callsOf('getFeed')).toHaveLength(2));
    await waitFor(() => expect(feed()?.pages[0]?.posts.map((shown) => shown.postId)).toEqual(['new', 'a1']));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(feed()?.pages[0]?.posts.map((shown) => shown.postId)).toEqual(['new', 'a1']);
  });

  it('keeps the state on screen of a post whose like is being sent', async () => {
    const { queryClient, wrapper, feed } = setup();
    queryClient.setQueryData<Feed>(feedKeys.feed(ME), twoPages());
    const { result } = renderHook(
      () => {
        useFeedLive(ME);
        return useTogglePostLike(ME, 'a1');
      },
      { wrapper },
    );
    act(() => result.current.mutate({ liked: true }));
    await waitFor(() => expect(callsOf('togglePostLike')).toHaveLength(1));
    answers.firstPage = { posts: [post('new'), post('a1', { likeCount: 0, likedByMe: false })], nextCursor: 'cursor-a1' };
    publish({ type: 'feed.post', postId: 'new', authorId: 'u2' });
    await waitFor(() => expect(feed()?.pages[0]?.posts[0]?.postId).toBe('new'));
    expect(feed()?.pages[0]?.posts[1]).toMatchObject({ postId: 'a1', likedByMe: true, likeCount: 1 });
  });
});

describe('an own new post', () => {
  it('stays on the feed when a read begun before it was written answers after it', async () => {
    const { feed, result } = await mountWhileFeedReads(() => useCreatePost(ME));
    act(() => result.current.mutate({ content: 'hello', privacy: 'anchors', clientRequestId: 'draft-1' }));
    await waitFor(() => expect(feed()?.pages[0]?.posts.map((shown) => shown.postId)).toEqual(['mine', 'a1']));
    act(() => heldFeed?.release?.());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(feed()?.pages[0]?.posts.map((shown) => shown.postId)).toEqual(['mine', 'a1']);
    expect(callsOf('getFeed')).toHaveLength(1);
  });
});

describe('comment.added', () => {
  it('reads the thread again only when it is open (an active query) and lacks the comment', async () => {
    const { wrapper } = setup();
    await closedThread(wrapper, 'closed');
    answers.thread = [comment('c1', 'open')];
    const { result } = renderHook(
      () => {
        useFeedLive(ME);
        return useComments('open');
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    calls.length = 0;

    publish({ type: 'comment.added', postId: 'closed', commentId: 'c9' });
    publish({ type: 'comment.added', postId: 'elsewhere', commentId: 'c8' });
    // Already on screen (the viewer's own): nothing to read.
    publish({ type: 'comment.added', postId: 'open', commentId: 'c1' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(calls).toEqual([]);

    answers.thread = [comment('c2', 'open'), comment('c1', 'open')];
    publish({ type: 'comment.added', postId: 'open', commentId: 'c2' });
    await waitFor(() => expect(result.current.data?.pages[0]?.comments).toHaveLength(2));
    expect(calls).toEqual([{ name: 'listComments', data: { postId: 'open' } }]);
  });
});

describe('catch-up when the socket opens (the first time and after each reconnect)', () => {
  it('reads the feed’s first page once and the open threads, nothing else', async () => {
    const { queryClient, wrapper, feed } = setup();
    queryClient.setQueryData<Feed>(feedKeys.feed(ME), twoPages());
    await closedThread(wrapper, 'closed');
    renderHook(
      () => {
        useFeedLive(ME);
        return useComments('open');
      },
      { wrapper },
    );
    await waitFor(() => expect(callsOf('listComments')).toHaveLength(2));
    calls.length = 0;
    answers.firstPage = { posts: [post('missed'), post('a1')], nextCursor: 'cursor-a1' };

    act(() => liveBus.publishCatchUp());
    await waitFor(() => expect(feed()?.pages[0]?.posts[0]?.postId).toBe('missed'));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(calls).toEqual(
      expect.arrayContaining([
        { name: 'getFeed', data: {} },
        { name: 'listComments', data: { postId: 'open' } },
      ]),
    );
    expect(calls).toHaveLength(2);
  });
});

describe('anchors.changed', () => {
  it('reads the pending requests again (the mounted anchor queries), not the cached searches', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(anchorKeys.search(ME, 'ri'), { users: [] });
    const { result } = renderHook(
      () => {
        useAnchorsLive();
        return usePendingRequestCount();
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toBe(0));
    calls.length = 0;
    publish({ type: 'anchors.changed' });
    await waitFor(() => expect(calls).toEqual([{ name: 'listAnchorRequests', data: {} }]));
    expect(queryClient.getQueryState(anchorKeys.search(ME, 'ri'))?.isInvalidated).toBe(true);
  });
});

describe('fallback polling', () => {
  it('is once a minute while the socket is down, and off while it is open', () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useLivePollInterval(), { wrapper });
    expect(result.current).toBe(FALLBACK_POLL_MS);
    expect(FALLBACK_POLL_MS).toBe(60_000);
    act(() => liveBus.setStatus('open'));
    expect(result.current).toBe(false);
    act(() => liveBus.setStatus('down'));
    expect(result.current).toBe(60_000);
  });

  it('reads the feed every 60 s while down, and never while open', async () => {
    vi.useFakeTimers();
    const { wrapper } = setup();
    answers.firstPage = { posts: [post('a1')], nextCursor: null };
    liveBus.setStatus('down');
    renderHook(() => useFeed(ME), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsOf('getFeed')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(callsOf('getFeed')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(callsOf('getFeed')).toHaveLength(2);

    act(() => liveBus.setStatus('open'));
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(callsOf('getFeed')).toHaveLength(2);

    act(() => liveBus.setStatus('down'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(callsOf('getFeed')).toHaveLength(3);
  });
});
