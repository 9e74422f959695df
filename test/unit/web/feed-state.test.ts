import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Post } from '#contracts/feed';
import { applyLike, type FeedPage, prependFeedPost, updateFeedPost } from '../../../web/src/features/feed/like-state.ts';
import { counterLabel, textLimitState } from '../../../web/src/lib/text-limit.ts';

function post(overrides: Partial<Post> = {}): Post {
  return {
    postId: '01J00000000000000000000000',
    authorId: 'u1',
    authorName: 'Ada',
    authorPicture: '',
    content: 'Hello',
    createdAt: '2026-11-22T00:00:00.000Z',
    privacy: 'anchors',
    likeCount: 3,
    commentCount: 0,
    isWallPost: false,
    likedByMe: false,
    ...overrides,
  };
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

    const c = post({ postId: 'C'.repeat(26) });
    const withC = prependFeedPost(data, c);
    expect(withC?.pages[0]?.posts.map((p) => p.postId)).toEqual([c.postId, a.postId]);
    expect(prependFeedPost(withC, c)).toBe(withC);
  });
});
