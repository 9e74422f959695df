import type { Post } from '#contracts/feed';

/**
 * A post as the feed answers it, for the web's unit tests: Ada's anchors-only 'Hello' with no likes
 * or comments, changed by `overrides` where a test needs its own.
 */
export function samplePost(overrides: Partial<Post> = {}): Post {
  return {
    postId: 'P'.repeat(26),
    authorId: 'u1',
    authorName: 'Ada',
    authorPicture: '',
    content: 'Hello',
    createdAt: '2026-11-22T00:00:00.000Z',
    privacy: 'anchors',
    likeCount: 0,
    commentCount: 0,
    isWallPost: false,
    likedByMe: false,
    ...overrides,
  };
}
