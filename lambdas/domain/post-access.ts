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
