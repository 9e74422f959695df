/** Query keys of the feed screen; per member, so a sign-in as someone else never sees a stale feed. */
export const feedKeys = {
  all: ['feed'] as const,
  /** The viewer's feed; as a prefix, also every member's posts list the viewer has open (memberPosts). */
  feed: (userId: string) => ['feed', userId, 'posts'] as const,
  /** One member's own posts as the viewer sees them (Your Wall, a profile): under the feed's key, so likes and edits reach both. */
  memberPosts: (userId: string, memberId: string) => ['feed', userId, 'posts', 'member', memberId] as const,
  /** Who liked a post (getPostLikers), read only when asked. */
  likers: (postId: string) => ['feed', 'likers', postId] as const,
  /** Every comment list (the open ones are the active queries). */
  threads: ['feed', 'comments'] as const,
  comments: (postId: string) => ['feed', 'comments', postId] as const,
};

/**
 * Mutation key of likes: while one is in flight the feed's fallback polling waits, and live reads
 * keep that post's state on screen, so neither can undo the optimistic state.
 */
export const LIKE_MUTATION_KEY = ['feed', 'togglePostLike'] as const;
