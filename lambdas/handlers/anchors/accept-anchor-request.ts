import { ANCHOR_MESSAGES, MAX_ANCHORS, type Friendship } from '#contracts/anchors';
import { AppError } from '#domain/app-error';
import { connectionTypeOf, invitationChainOf, mutualFriendsOf, refuseAccept } from '#domain/friendship';
import { listAcceptedAnchorIds } from '#data/anchors';
import { addAuthorPostsToFeed } from '#data/feed';
import { acceptRequest, getFriendship } from '#data/friendships';
import { getUser } from '#data/users';
import { defineCallable } from '#http/define-callable';
import { logger } from '#http/logger';
import { otherMember, resolvePair, throwRefusal } from './anchor-pair.ts';

export const handler = defineCallable('acceptAnchorRequest', async (input, { caller }) => {
  const { friendshipId, pair } = await resolvePair(caller.uid, input);
  throwRefusal(refuseAccept(caller.uid, pair, 0, 0));
  if (!pair) throw new AppError('not-found', ANCHOR_MESSAGES.requestNotFound);
  const otherUid = otherMember(pair, caller.uid);
  const [accepter, other, anchorsOfAccepter, anchorsOfOther] = await Promise.all([
    getUser(caller.uid),
    getUser(otherUid),
    listAcceptedAnchorIds(caller.uid),
    listAcceptedAnchorIds(otherUid),
  ]);
  if (!accepter || !other) throw new AppError('not-found', ANCHOR_MESSAGES.userNotFound);
  throwRefusal(refuseAccept(caller.uid, pair, accepter.anchorCount, other.anchorCount));

  const accepted: Friendship = {
    ...pair,
    status: 'accepted',
    acceptedAt: new Date().toISOString(),
    // Recomputed now: either member may have moved since the request.
    connectionType: connectionTypeOf(accepter.location, other.location),
    invitationChain: invitationChainOf(accepter, other),
    mutualFriends: mutualFriendsOf(anchorsOfAccepter, anchorsOfOther),
  };
  const outcome = await acceptRequest(accepted, caller.uid);
  if (!outcome.ok) {
    // The transaction's conditions are the authority; re-read the pair to name the refusal.
    if (outcome.failed.includes('pair')) {
      throwRefusal(refuseAccept(caller.uid, await getFriendship(friendshipId), 0, 0));
      throw new AppError('not-found', ANCHOR_MESSAGES.requestNotFound);
    }
    const accepterFull = outcome.failed.includes('accepterCap');
    throwRefusal(refuseAccept(caller.uid, pair, accepterFull ? MAX_ANCHORS : 0, accepterFull ? 0 : MAX_ANCHORS));
  }

  // The connection is committed; each member's feed now catches up with the other's recent posts.
  try {
    await Promise.all([addAuthorPostsToFeed(caller.uid, otherUid), addAuthorPostsToFeed(otherUid, caller.uid)]);
  } catch (error) {
    logger.error('Feed catch-up after an accept failed', { friendshipId, error });
  }
  return accepted;
});
