// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Post } from '#contracts/feed';
import type { FeedPage } from '../../../web/src/features/feed/like-state.ts';
import { samplePost } from '../../support/sample-post.ts';

const calls: string[] = [];
vi.mock('../../../web/src/lib/api-client.ts', () => ({
  callApi: (name: string, data: { liked?: boolean; content?: string }) => {
    calls.push(name);
    if (name === 'togglePostLike') return Promise.resolve({ liked: data.liked, likeCount: 1 });
    if (name === 'editPost') return Promise.resolve({ ...POST, content: data.content, editedAt: '2026-11-22T01:00:00.000Z' });
    return Promise.resolve({ postId: POST.postId });
  },
  isApiError: () => false,
}));

const { useTogglePostLike } = await import('../../../web/src/features/feed/api/toggle-post-like.ts');
const { useDeletePost, useEditPost } = await import('../../../web/src/features/feed/api/edit-delete.ts');
const { feedKeys } = await import('../../../web/src/features/feed/keys.ts');

const POST: Post = samplePost({ content: 'Hi', privacy: 'public' });
type Pages = InfiniteData<FeedPage, string | undefined>;
const page = (): Pages => ({ pages: [{ posts: [POST], nextCursor: null }], pageParams: [undefined] });

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(feedKeys.feed('u1'), page());
  queryClient.setQueryData(feedKeys.memberPosts('u1', 'u1'), page());
  queryClient.setQueryData(feedKeys.likers(POST.postId), { likers: [] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const shown = () => [feedKeys.feed('u1'), feedKeys.memberPosts('u1', 'u1')].map((key) => queryClient.getQueryData<Pages>(key)?.pages[0]?.posts[0] ?? null);
  return { queryClient, wrapper, shown };
}

describe("a post shown in the feed and in a member's posts list (Your Wall, a profile)", () => {
  it('a like changes it in both, and marks the likers list stale', async () => {
    const { queryClient, wrapper, shown } = setup();
    const { result } = renderHook(() => useTogglePostLike('u1', POST.postId), { wrapper });
    act(() => result.current.mutate({ liked: true }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(shown().map((post) => [post?.likedByMe, post?.likeCount])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    expect(queryClient.getQueryState(feedKeys.likers(POST.postId))?.isInvalidated).toBe(true);
  });

  it('an edit and a delete reach both', async () => {
    const { wrapper, shown } = setup();
    const edit = renderHook(() => useEditPost('u1', POST.postId), { wrapper });
    act(() => edit.result.current.mutate('Hello again'));
    await waitFor(() => expect(edit.result.current.isSuccess).toBe(true));
    expect(shown().map((post) => post?.content)).toEqual(['Hello again', 'Hello again']);
    const remove = renderHook(() => useDeletePost('u1', POST.postId), { wrapper });
    act(() => remove.result.current.mutate());
    await waitFor(() => expect(remove.result.current.isSuccess).toBe(true));
    expect(shown()).toEqual([null, null]);
  });
});
