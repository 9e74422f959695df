// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '#contracts/feed';
import type { FeedPage } from '../../../web/src/features/feed/like-state.ts';
import { samplePost } from '../../support/sample-post.ts';

/** The API: each call waits until the test settles it, so ordering and overlap are observable. */
const calls: { name: string; data: unknown; settle: (ok: boolean) => void }[] = [];
let inFlight = 0;
let maxInFlight = 0;
vi.mock('../../../web/src/lib/api-client.ts', () => ({
  callApi: (name: string, data: { liked: boolean }) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise((resolve, reject) => {
      calls.push({
        name,
        data,
        settle: (ok) => {
          inFlight -= 1;
          if (ok) resolve({ liked: data.liked, likeCount: data.liked ? 4 : 3 });
          else reject(new Error('network'));
        },
      });
    });
  },
  isApiError: () => false,
}));

const { useTogglePostLike } = await import('../../../web/src/features/feed/api/toggle-post-like.ts');
const { feedKeys } = await import('../../../web/src/features/feed/keys.ts');

const POST: Post = samplePost({ authorId: 'u2', authorName: 'Bo', content: 'Hi', likeCount: 3 });

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData<InfiniteData<FeedPage, string | undefined>>(feedKeys.feed('u1'), {
    pages: [{ posts: [POST], nextCursor: null }],
    pageParams: [undefined],
  });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useTogglePostLike('u1', POST.postId), { wrapper });
  const shown = () => queryClient.getQueryData<InfiniteData<FeedPage, string | undefined>>(feedKeys.feed('u1'))?.pages[0]?.posts[0];
  return { result, shown };
}

beforeEach(() => {
  calls.length = 0;
  inFlight = 0;
  maxInFlight = 0;
});

describe('like toggle (optimistic, serialized)', () => {
  it('shows each click at once, sends them one after another, and ends on the last click', async () => {
    const { result, shown } = setup();
    act(() => result.current.mutate({ liked: true }));
    await waitFor(() => expect(shown()).toMatchObject({ likedByMe: true, likeCount: 4 }));
    act(() => result.current.mutate({ liked: false }));
    await waitFor(() => expect(shown()).toMatchObject({ likedByMe: false, likeCount: 3 }));
    act(() => result.current.mutate({ liked: true }));
    await waitFor(() => expect(shown()).toMatchObject({ likedByMe: true, likeCount: 4 }));
    await waitFor(() => expect(calls).toHaveLength(1));

    for (let index = 0; index < 3; index += 1) {
      await waitFor(() => expect(calls).toHaveLength(index + 1));
      act(() => calls[index]?.settle(true));
    }
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(calls.map((call) => (call.data as { liked: boolean }).liked)).toEqual([true, false, true]);
    expect(maxInFlight).toBe(1);
    expect(shown()).toMatchObject({ likedByMe: true, likeCount: 4 });
  });

  it('rolls a failed click back when nothing newer is queued', async () => {
    const { result, shown } = setup();
    act(() => result.current.mutate({ liked: true }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(shown()).toMatchObject({ likedByMe: true, likeCount: 4 });
    act(() => calls[0]?.settle(false));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(shown()).toEqual(POST);
  });
});
