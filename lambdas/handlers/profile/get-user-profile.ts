import { ANCHOR_MESSAGES, type Relationship } from '#contracts/anchors';
import { AppError } from '#domain/app-error';
import { audienceOf, canSeePart, profileForViewer } from '#domain/visibility';
import { getEdge } from '#data/graph';
import { pictureUrl } from '#data/storage';
import { getUser } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { presentPhotos } from '#presenters/present-photos';

/** How the viewer relates to the owner; null for a blocked pair (either blocked the other). */
async function relationshipOf(viewer: string, owner: string): Promise<Relationship | null> {
  if (viewer === owner) return 'self';
  const edge = await getEdge(viewer, owner);
  if (edge?.status === 'blocked') return null;
  if (edge?.status === 'accepted') return 'anchored';
  if (edge?.status === 'pending') return edge.direction === 'sent' ? 'pending-sent' : 'pending-received';
  return 'none';
}

export const handler = defineCallable('getUserProfile', async ({ userId }, { caller }) => {
  const [user, relationship] = await Promise.all([getUser(userId), relationshipOf(caller.uid, userId)]);
  // A blocked pair answers as a missing member, both ways: the blocked member learns nothing more.
  if (!user || relationship === null) throw new AppError('not-found', ANCHOR_MESSAGES.userNotFound);
  const audience = audienceOf(relationship);
  // Photos are stored as keys: only a viewer who may see them gets their URLs.
  const photos = canSeePart(user.privacy, 'photosVisibility', audience) ? presentPhotos(user.photos) : [];
  return profileForViewer({ ...user, photos }, relationship, pictureUrl(user.profilePicture));
});
