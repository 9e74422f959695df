import { describe, expect, it } from 'vitest';
import { NO_MODERATION_LISTS, type ModerationLists } from '../../../lambdas/domain/moderation-lists.ts';
import { canViewPost, memberPostsFor } from '../../../lambdas/domain/post-access.ts';

const AUTHOR = 'author';
const posts = [
  { postId: 'p3', authorId: AUTHOR, privacy: 'anchors' as const, isWallPost: false },
  { postId: 'p2', authorId: AUTHOR, privacy: 'public' as const, isWallPost: false },
  { postId: 'p1', authorId: AUTHOR, privacy: 'public' as const, isWallPost: true },
];
const lists = (partial: Partial<ModerationLists>): ModerationLists => ({ ...NO_MODERATION_LISTS, ...partial });
const ids = (seen: readonly { postId: string }[] | null) => seen?.map((post) => post.postId) ?? null;

describe("a member's posts as a viewer sees them (listMemberPosts)", () => {
  it('the author sees all their own, wall posts left out', () => {
    expect(ids(memberPostsFor(posts, AUTHOR, AUTHOR, { lists: NO_MODERATION_LISTS, edgeStatus: undefined }))).toEqual(['p3', 'p2']);
  });

  it('an accepted anchor sees the anchors-only post; a pending request or a stranger does not', () => {
    expect(ids(memberPostsFor(posts, AUTHOR, 'anchor', { lists: NO_MODERATION_LISTS, edgeStatus: 'accepted' }))).toEqual(['p3', 'p2']);
    expect(ids(memberPostsFor(posts, AUTHOR, 'asker', { lists: NO_MODERATION_LISTS, edgeStatus: 'pending' }))).toEqual(['p2']);
    expect(ids(memberPostsFor(posts, AUTHOR, 'stranger', { lists: NO_MODERATION_LISTS, edgeStatus: undefined }))).toEqual(['p2']);
  });

  it('a blocked pair, either way and by either record, sees nothing (null: answered as a missing member)', () => {
    expect(memberPostsFor(posts, AUTHOR, 'v', { lists: lists({ blocked: new Set([AUTHOR]) }), edgeStatus: 'accepted' })).toBeNull();
    expect(memberPostsFor(posts, AUTHOR, 'v', { lists: lists({ blockedBy: new Set([AUTHOR]) }), edgeStatus: undefined })).toBeNull();
    expect(memberPostsFor(posts, AUTHOR, 'v', { lists: NO_MODERATION_LISTS, edgeStatus: 'blocked' })).toBeNull();
  });

  it('a mute does not hide a profile the viewer opened on purpose', () => {
    expect(ids(memberPostsFor(posts, AUTHOR, 'v', { lists: lists({ muted: new Set([AUTHOR]) }), edgeStatus: undefined }))).toEqual(['p2']);
  });

  it('a post of someone else never slips into an author’s list', () => {
    const foreign = [{ postId: 'x', authorId: 'other', privacy: 'public' as const, isWallPost: false }];
    expect(ids(memberPostsFor(foreign, AUTHOR, 'v', { lists: NO_MODERATION_LISTS, edgeStatus: undefined }))).toEqual([]);
  });

  it('agrees with canViewPost, post by post', () => {
    for (const edgeStatus of ['accepted', undefined] as const) {
      const seen = ids(memberPostsFor(posts, AUTHOR, 'v', { lists: NO_MODERATION_LISTS, edgeStatus }));
      const expected = posts.filter((post) => !post.isWallPost && canViewPost(post, 'v', edgeStatus === 'accepted')).map((post) => post.postId);
      expect(seen).toEqual(expected);
    }
  });
});
