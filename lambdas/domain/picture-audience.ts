import type { User } from '#contracts/user';
import { canSeePart, type Audience } from './visibility.ts';

/**
 * Who can fetch a picture is whoever was ever handed its URL, so a picture whose audience shrinks
 * must move to a new key (lambdas/data/storage/picture-versions.ts): the old URL then stops working for
 * those who may no longer see it. The profile picture goes with the name, which every signed-in
 * member sees (search, posts, anchors lists), so no privacy setting shrinks its audience: only
 * removal (its files deleted) and blocking do. Gallery photos follow canSeePart.
 */

/** Viewers other than the owner, who always sees their own pictures. */
const OTHERS: readonly Audience[] = ['anchor', 'member'];

/** Whether someone who could see the photos under `before` cannot under `after`. */
export function photosAudienceShrinks(before: User['privacy'], after: User['privacy']): boolean {
  return OTHERS.some((audience) => canSeePart(before, 'photosVisibility', audience) && !canSeePart(after, 'photosVisibility', audience));
}

/**
 * Whether the photos are shown to accepted anchors and not to other members: then an anchor who
 * stops being one (un-anchored, blocked, removed) must lose them.
 */
export function photosOnlyForAnchors(privacy: User['privacy']): boolean {
  return canSeePart(privacy, 'photosVisibility', 'anchor') && !canSeePart(privacy, 'photosVisibility', 'member');
}
