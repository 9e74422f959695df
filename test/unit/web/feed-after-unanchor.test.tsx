// @vitest-environment jsdom
import { type InfiniteData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '#contracts/feed';
import { samplePost } from '../../support/sample-post.ts';

/**
 * An anchor who goes (removed by either member, a block, their removal): the server has taken their
 * posts out of the viewer's feed before it pushes anchors.changed, and pushes no post.deleted for
 * them; the open screens drop them from that message alone.
 */
const calls: { name: string; data: Record<string, unknown> }[] = [];
const answers: { firstPage?: FeedPageShape; anchors: { uid: string }[]; memberPosts?: FeedPageShape } = { anchors: [] };
interface FeedPageShape {
  posts: Post[];
  nextCursor: string | null;
}
vi.mock('../../../web/src/lib/api-client.ts', () => ({
  callApi: async (name: string, data: Record<string, unknown>) => {
    calls.push({ name, data });
    if (name === 'getFeed') return answers.firstPage;
    if (name === 'listAnchors') return { anchors: answers.anchors, count: answers.anchors.length, max: 100 };
    if (name === 'listAnchorRequests') return { received: [], sent: [] };
    if (name === 'listMemberPosts') return answers.memberPosts;
    throw new Error(`unexpected call ${name}`);
  },
  isApiError: () => false,
}));

const { liveBus } = await import('../../../web/src/lib/live/live-bus.ts');
const { useFeedLive } = await import('../../../web/src/features/feed/api/feed-live.ts');
const { useMemberPosts } = await import('../../../web/src/features/feed/api/member-posts.ts');
const { feedKeys } = await import('../../../web/src/features/feed/keys.ts');
const { keepPostsBy } = await import('../../../web/src/features/feed/like-state.ts');
const { useAnchorList, useAnchorsLive } = await import('../../../web/src/features/anchors/api/anchor-requests.ts');
const { sessionKeys } = await import('../../../web/src/lib/session.ts');

type Feed = InfiniteData<FeedPageShape, string | undefined>;

const ME = 'me';
const STAYS = 'stays';
const GOES = 'goes';

function post(id: string, authorId: string): Post {
  return samplePost({ postId: id, authorId, authorName: authorId, content: `post ${id}` });
}

/** Two loaded pages ("Load older posts" was clicked), the leaving anchor's posts on both. */
function twoPages(): Feed {
  return {
    pages: [
      { posts: [post('a1', GOES), post('a2', ME), post('a3', STAYS)], nextCursor: 'cursor-a3' },
      { posts: [post('b1', STAYS), post('b2', GOES)], nextCursor: 'cursor-b2' },
    ],
    pageParams: [undefined, 'cursor-a3'],
  };
}

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(sessionKeys.auth, { userId: ME, email: 'me@example.com', emailVerifiedClaim: true, groups: [] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const shown = () => queryClient.getQueryData<Feed>(feedKeys.feed(ME))?.pages.map((page) => page.posts.map((p) => p.postId));
  return { queryClient, wrapper, shown };
}

const callsOf = (name: string) => calls.filter((call) => call.name === name);

beforeEach(() => {
  calls.length = 0;
  answers.firstPage = undefined;
  answers.memberPosts = undefined;
  answers.anchors = [{ uid: STAYS }, { uid: GOES }];
  liveBus.setStatus('open');
});

afterEach(() => {
  cleanup();
});

describe('the open News Feed after an anchor goes', () => {
  it('anchors.changed reads the first page once, and the anchor list it reads again drops their posts from the older pages too', async () => {
    const { queryClient, wrapper, shown } = setup();
    queryClient.setQueryData<Feed>(feedKeys.feed(ME), twoPages());
    // The dashboard: the feed's reactions beside the network column's anchor list and its live hook.
    const { result } = renderHook(
      () => {
        useFeedLive(ME);
        useAnchorsLive();
        return useAnchorList();
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    calls.length = 0;
    // What the server answers now: the leaving anchor's entries are gone from the feed and the list.
    answers.firstPage = { posts: [post('a2', ME), post('a3', STAYS)], nextCursor: 'cursor-a3' };
    answers.anchors = [{ uid: STAYS }];

    act(() => liveBus.publish({ type: 'anchors.changed' }));
    // The first page read again drops a1; the list's answer drops b2, which that read does not reach.
    await waitFor(() => expect(shown()).toEqual([['a2', 'a3'], ['b1']]));
    expect(callsOf('getFeed')).toEqual([{ name: 'getFeed', data: {} }]);
    expect(callsOf('listAnchors')).toHaveLength(1);
  });

  it('an answer of the anchor list alone drops the posts of whoever is not in it, and changes nothing when all are', async () => {
    const { queryClient, wrapper, shown } = setup();
    queryClient.setQueryData<Feed>(feedKeys.feed(ME), twoPages());
    renderHook(() => useFeedLive(ME), { wrapper });
    const before = queryClient.getQueryData<Feed>(feedKeys.feed(ME));
    await act(() =>
      queryClient.fetchQuery({ queryKey: ['anchors', ME, 'list'], queryFn: () => ({ anchors: [{ uid: STAYS }, { uid: GOES }], count: 2, max: 100 }) }),
    );
    expect(queryClient.getQueryData<Feed>(feedKeys.feed(ME))).toBe(before);

    await act(() =>
      queryClient.fetchQuery({ queryKey: ['anchors', ME, 'list'], queryFn: () => ({ anchors: [{ uid: STAYS }], count: 1, max: 100 }), staleTime: 0 }),
    );
    expect(shown()).toEqual([['a2', 'a3'], ['b1']]);
    // Its cursors stay: "Load older posts" goes on from where it was.
    expect(queryClient.getQueryData<Feed>(feedKeys.feed(ME))?.pageParams).toEqual([undefined, 'cursor-a3']);
    expect(calls).toEqual([]);
  });

  it('keepPostsBy answers the same feed when every author stays', () => {
    const feed = twoPages();
    expect(keepPostsBy(feed, new Set([ME, STAYS, GOES]))).toBe(feed);
    expect(keepPostsBy(undefined, new Set())).toBeUndefined();
  });
});

describe('the profile of the member who went (their posts as the viewer may see them)', () => {
  it('reads again on anchors.changed; the viewer’s own wall does not', async () => {
    const { wrapper } = setup();
    answers.memberPosts = { posts: [post('p1', GOES)], nextCursor: null };
    const { result } = renderHook(() => ({ theirs: useMemberPosts(ME, GOES), mine: useMemberPosts(ME, ME) }), { wrapper });
    await waitFor(() => expect(result.current.theirs.isSuccess && result.current.mine.isSuccess).toBe(true));
    calls.length = 0;
    // Not anchors any more: their anchors-only post is no longer theirs to show.
    answers.memberPosts = { posts: [], nextCursor: null };

    act(() => liveBus.publish({ type: 'anchors.changed' }));
    await waitFor(() => expect(result.current.theirs.data?.pages[0]?.posts).toEqual([]));
    expect(calls).toEqual([{ name: 'listMemberPosts', data: { userId: GOES } }]);
  });
});
