import type { Post } from '#contracts/feed';
import type { StoredPost } from '#data/posts';
import { newTimeOrderedId } from '../../lambdas/domain/post-ids.ts';

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
    authorVerified: false,
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

/**
 * A post item as createPost stores it, by `authorId` at `at`, for the integration tests that write
 * records themselves: anchors-only, no likes or comments.
 */
export function storedPost(authorId: string, at: Date, content: string): StoredPost {
  return {
    postId: newTimeOrderedId(at),
    authorId,
    authorName: 'Stored Author',
    authorPictureKey: '',
    authorVerified: false,
    content,
    createdAt: at.toISOString(),
    privacy: 'anchors',
    likeCount: 0,
    commentCount: 0,
    isWallPost: false,
    countsVersion: 0,
  };
}
