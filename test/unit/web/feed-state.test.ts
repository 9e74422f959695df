import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Post } from '#contracts/feed';
import { applyLike, type FeedPage, mergeFirstPage, prependFeedPost, removeFeedPost, updateFeedPost } from '../../../web/src/features/feed/like-state.ts';
import { counterLabel, textLimitState } from '../../../web/src/lib/text-limit.ts';
import { samplePost } from '../../support/sample-post.ts';

function post(overrides: Partial<Post> = {}): Post {
  return samplePost({ postId: '01J00000000000000000000000', likeCount: 3, ...overrides });
}

function feed(...pages: Post[][]): InfiniteData<FeedPage, string | undefined> {
  return {
    pages: pages.map((posts, index) => ({ posts, nextCursor: index < pages.length - 1 ? `c${index}` : null })),
    pageParams: pages.map((_, index) => (index ? `c${index - 1}` : undefined)),
  };
}

describe('text limits (post 500, comment 300; required after trimming)', () => {
  it('counts typed characters and refuses blank or too long text', () => {
    expect(textLimitState('', 500)).toMatchObject({ length: 0, blank: true, canSubmit: false });
    expect(textLimitState('   \n ', 500)).toMatchObject({ length: 5, blank: true, canSubmit: false });
    expect(textLimitState('hi', 300)).toEqual({ length: 2, remaining: 298, tooLong: false, blank: false, canSubmit: true });
    expect(textLimitState('x'.repeat(300), 300).canSubmit).toBe(true);
    expect(textLimitState('x'.repeat(301), 300)).toMatchObject({ tooLong: true, remaining: -1, canSubmit: false });
    expect(counterLabel('hello', 500)).toBe('5 / 500');
  });
});

describe('optimistic like', () => {
  it('moves the count by one only when the like state changes', () => {
    expect(applyLike(post(), true)).toMatchObject({ likedByMe: true, likeCount: 4 });
    expect(applyLike(post({ likedByMe: true, likeCount: 4 }), false)).toMatchObject({ likedByMe: false, likeCount: 3 });
    const liked = post({ likedByMe: true });
    expect(applyLike(liked, true)).toBe(liked);
    expect(applyLike(post({ likedByMe: true, likeCount: 0 }), false).likeCount).toBe(0);
  });

  it('a toggle and its rollback give the original post back', () => {
    const original = post();
    expect(applyLike(applyLike(original, true), false)).toEqual(original);
  });

  it('changes one post wherever it is in the loaded pages, and prepends a new post once', () => {
    const a = post({ postId: 'A'.repeat(26) });
    const b = post({ postId: 'B'.repeat(26) });
    const data = feed([a], [b]);
    const next = updateFeedPost(data, b.postId, (p) => applyLike(p, true));
    expect(next?.pages[1]?.posts[0]).toMatchObject({ likedByMe: true, likeCount: 4 });
    expect(next?.pages[0]).toBe(data.pages[0]);
    expect(updateFeedPost(undefined, a.postId, (p) => p)).toBeUndefined();
    expect(updateFeedPost(data, 'N'.repeat(26), (p) => ({ ...p, likeCount: 99 }))).toBe(data);

    const c = post({ postId: 'C'.repeat(26) });
    const withC = prependFeedPost(data, c);
    expect(withC?.pages[0]?.posts.map((p) => p.postId)).toEqual([c.postId, a.postId]);
    expect(prependFeedPost(withC, c)).toBe(withC);
  });
});

describe('a freshly read first page in front of the loaded feed', () => {
  const ids = (data: InfiniteData<FeedPage, string | undefined>) => data.pages.map((page) => page.posts.map((p) => p.postId));
  const p = (id: string, overrides: Partial<Post> = {}) => post({ postId: id, ...overrides });
  const fresh = (posts: Post[], nextCursor: string | null): FeedPage => ({ posts, nextCursor });

  it('replaces the loaded posts down to its last one and keeps the older ones with their cursors', () => {
    const loaded = feed([p('a1'), p('a2'), p('a3')], [p('b1')], [p('c1')]);
    // a2 was deleted, n1 is new, a3 is the fresh page's last post.
    const next = mergeFirstPage(loaded, fresh([p('n1'), p('a1'), p('a3', { likeCount: 9 })], 'cursor-a3'));
    expect(ids(next)).toEqual([['n1', 'a1', 'a3'], ['b1'], ['c1']]);
    expect(next.pages[0]?.posts[2]?.likeCount).toBe(9);
    expect(next.pages[0]?.nextCursor).toBe('c0');
    expect(next.pageParams).toEqual([undefined, 'c0', 'c1']);
  });

  it('reaches into a later loaded page when the first page moved that far', () => {
    const loaded = feed([p('a1'), p('a2')], [p('b1'), p('b2')], [p('c1')]);
    const next = mergeFirstPage(loaded, fresh([p('n1'), p('n2'), p('a1'), p('a2'), p('b1')], 'cursor-b1'));
    expect(ids(next)).toEqual([['n1', 'n2', 'a1', 'a2', 'b1', 'b2'], ['c1']]);
    expect(next.pages[0]?.nextCursor).toBe('c1');
    expect(next.pageParams).toEqual([undefined, 'c1']);
  });

  it('stands alone when it does not reach the loaded posts, or holds the whole feed', () => {
    const loaded = feed([p('a1')], [p('b1')]);
    const gap = mergeFirstPage(loaded, fresh([p('n1'), p('n2')], 'cursor-n2'));
    expect(ids(gap)).toEqual([['n1', 'n2']]);
    expect(gap.pageParams).toEqual([undefined]);
    expect(gap.pages[0]?.nextCursor).toBe('cursor-n2');
    expect(ids(mergeFirstPage(loaded, fresh([p('n1'), p('a1')], null)))).toEqual([['n1', 'a1']]);
    expect(ids(mergeFirstPage(undefined, fresh([p('n1')], 'x')))).toEqual([['n1']]);
  });

  it('keeps the shown like state of a post whose like is still being sent', () => {
    const loaded = feed([p('a1', { likedByMe: true, likeCount: 4 }), p('a2', { likedByMe: true, likeCount: 4 })]);
    const next = mergeFirstPage(loaded, fresh([p('a1', { likeCount: 3 }), p('a2', { likeCount: 3 })], null), (postId) => postId === 'a1');
    expect(next.pages[0]?.posts.map(({ likedByMe, likeCount }) => ({ likedByMe, likeCount }))).toEqual([
      { likedByMe: true, likeCount: 4 },
      { likedByMe: false, likeCount: 3 },
    ]);
  });
});

describe('a post its author deleted', () => {
  it('leaves whichever loaded page holds it, keeping the cursors; a feed without it is the same feed', () => {
    const a = post({ postId: '01J0000000000000000000000A' });
    const b = post({ postId: '01J0000000000000000000000B' });
    const c = post({ postId: '01J0000000000000000000000C' });
    const loaded = feed([a, b], [c]);
    const removed = removeFeedPost(loaded, b.postId);
    expect(removed?.pages.map((page) => page.posts.map((shown) => shown.postId))).toEqual([[a.postId], [c.postId]]);
    expect(removed?.pages.map((page) => page.nextCursor)).toEqual(['c0', null]);
    expect(removed?.pageParams).toEqual(loaded.pageParams);
    expect(removeFeedPost(loaded, '01J0000000000000000000000Z')).toBe(loaded);
    expect(removeFeedPost(undefined, a.postId)).toBeUndefined();
  });
});
