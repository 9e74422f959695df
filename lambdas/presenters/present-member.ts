import type { AcceptedFriendship, Anchor } from '#contracts/anchors';
import type { User } from '#contracts/user';
import { isVerifiedInPerson } from '#domain/verification';
import { audienceOf, locationForViewer } from '#domain/visibility';
import { pictureUrl } from '#data/storage';

/** Name, picture (its served URL) and the badge: what any signed-in member may see of anyone. */
export function memberSummary(user: User) {
  return { uid: user.uid, displayName: user.displayName, profilePicture: pictureUrl(user.profilePicture), verifiedInPerson: isVerifiedInPerson(user) };
}

/**
 * An accepted anchor as their anchor sees them in the anchors list. The location follows the
 * profile view's rule: shown only where the anchor's profile visibility lets anchors see it.
 */
export function presentAnchor(
  user: User,
  pair: Pick<AcceptedFriendship, 'friendshipId' | 'connectionType' | 'invitationChain' | 'mutualFriends' | 'acceptedAt' | 'requestedAt'>,
): Anchor {
  const location = locationForViewer(user, audienceOf('anchored'));
  return {
    ...memberSummary(user),
    friendshipId: pair.friendshipId,
    ...(location && { location }),
    connectionType: pair.connectionType,
    invitationChain: pair.invitationChain,
    mutualFriends: pair.mutualFriends,
    acceptedAt: pair.acceptedAt ?? pair.requestedAt,
  };
}
