import { ANCHOR_MESSAGES, MAX_ANCHORS, type AcceptedFriendship } from '#contracts/anchors';
import { AppError } from '#domain/app-error';
import { connectionTypeOf, invitationChainOf, isOwnAcceptance, mutualFriendsOf, refuseAccept } from '#domain/friendship';
import { listAcceptedAnchorIds, acceptRequest, getFriendship } from '#data/graph';
import { getUser } from '#data/members';
import { isRetryableFault, throughFaults } from '#http/backend-faults';
import { defineCallable } from '#http/define-callable';
import { otherMember, resolvePair, throwRefusal } from './anchor-pair.ts';

/**
 * Each member's feed catches up with the other's recent posts from the table's stream (the edges
 * turning accepted, lambdas/streams), durably and off the request path.
 */
export const handler = defineCallable('acceptAnchorRequest', async (input, { caller }) => {
  const { friendshipId, pair } = await resolvePair(caller.uid, input, 'request');
  // The recipient's repeat (a double click, a retry) is answered with the pair they accepted.
  if (pair?.status === 'accepted' && isOwnAcceptance(caller.uid, pair)) return pair;
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

  const accepted: AcceptedFriendship = {
    ...pair,
    status: 'accepted',
    acceptedAt: new Date().toISOString(),
    // Decided now, from where both live today; a pending request never carries it.
    connectionType: connectionTypeOf(accepter.location, other.location),
    invitationChain: invitationChainOf(accepter, other),
    mutualFriends: mutualFriendsOf(anchorsOfAccepter, anchorsOfOther),
  };
  let outcome: Awaited<ReturnType<typeof acceptRequest>>;
  try {
    outcome = await acceptRequest(accepted, caller.uid);
  } catch (error) {
    // A timed-out accept may still have been applied (this very write: same acceptedAt): then the
    // member gets their 200, as if the answer had come back.
    if (!isRetryableFault(error) || (await throughFaults(() => getFriendship(friendshipId)))?.acceptedAt !== accepted.acceptedAt) throw error;
    outcome = { ok: true };
  }
  if (!outcome.ok) {
    // The transaction's conditions are the authority; re-read the pair to name the refusal.
    if (outcome.failed.includes('pair')) {
      const latest = await getFriendship(friendshipId);
      if (latest?.status === 'accepted' && isOwnAcceptance(caller.uid, latest)) return latest;
      throwRefusal(refuseAccept(caller.uid, latest, 0, 0));
      throw new AppError('not-found', ANCHOR_MESSAGES.requestNotFound);
    }
    const accepterFull = outcome.failed.includes('accepterCap');
    throwRefusal(refuseAccept(caller.uid, pair, accepterFull ? MAX_ANCHORS : 0, accepterFull ? 0 : MAX_ANCHORS));
  }

  return accepted;
});
