import type { PostPrivacy } from '#contracts/feed';
import { isHiddenFrom, type ModerationLists } from './moderation-lists.ts';

/**
 * Who may see a post (and so like it, comment on it, list its likers and comments): anyone signed
 * in for a public post; for an anchors-only post only its author and the author's accepted anchors.
 * A block, either way, hides the post from the other member whatever its privacy.
 */
export interface PostAudience {
  authorId: string;
  privacy: PostPrivacy;
}

/** Whether the answer depends on the anchor graph (so the caller looks the edge up only then). */
export function needsAnchorCheck(post: PostAudience, viewerUid: string): boolean {
  return post.privacy === 'anchors' && post.authorId !== viewerUid;
}

export function canViewPost(post: PostAudience, viewerUid: string, viewerIsAuthorsAnchor: boolean, viewerLists?: ModerationLists): boolean {
  if (post.authorId === viewerUid) return true;
  if (viewerLists && isHiddenFrom(viewerLists, post.authorId)) return false;
  if (post.privacy === 'public') return true;
  return viewerIsAuthorsAnchor;
}

/**
 * Which of one author's posts a viewer sees on that author's wall or profile (listMemberPosts):
 * null when the viewer may see none of them and must be told the member does not exist (a blocked
 * pair, either way, by the lists or by a 'blocked' edge: the same answer getUserProfile gives);
 * otherwise the posts getPost would show them, wall posts (written on another member's wall) left out.
 */
export function memberPostsFor<P extends PostAudience & { isWallPost: boolean }>(
  posts: readonly P[],
  authorUid: string,
  viewerUid: string,
  viewer: { lists: ModerationLists; edgeStatus: string | undefined },
): P[] | null {
  if (authorUid !== viewerUid && (isHiddenFrom(viewer.lists, authorUid) || viewer.edgeStatus === 'blocked')) return null;
  const anchored = viewer.edgeStatus === 'accepted';
  return posts.filter((post) => post.authorId === authorUid && !post.isWallPost && canViewPost(post, viewerUid, anchored, viewer.lists));
}
