import { ANCHOR_MESSAGES, MAX_ANCHORS, type AcceptedFriendship } from '#contracts/anchors';
import { AppError } from '#domain/app-error';
import { connectionTypeOf, invitationChainOf, mutualFriendsOf, refuseAccept } from '#domain/friendship';
import { listAcceptedAnchorIds } from '#data/anchors';
import { addAuthorPostsToFeed } from '#data/feed';
import { acceptRequest, getFriendship } from '#data/friendships';
import { getUser } from '#data/users';
import { isRetryableFault, throughFaults } from '#http/backend-faults';
import { defineCallable } from '#http/define-callable';
import { otherMember, resolvePair, throwRefusal } from './anchor-pair.ts';

/**
 * Each member's feed catches up with the other's recent posts. Through faults, and a failure
 * that outlasts them fails the accept (503), never only a log line: once the pair is accepted
 * nothing else would ever bring these posts into the feeds, so the client's retry must.
 */
async function catchUpFeeds(a: string, b: string, onlyMissing = false): Promise<void> {
  await throughFaults(() => Promise.all([addAuthorPostsToFeed(a, b, { onlyMissing }), addAuthorPostsToFeed(b, a, { onlyMissing })]));
}

export const handler = defineCallable('acceptAnchorRequest', async (input, { caller }) => {
  const { friendshipId, pair } = await resolvePair(caller.uid, input);
  if (pair?.status === 'accepted' && pair.users.includes(caller.uid) && pair.requestedBy !== caller.uid) {
    // The accepter again, on a pair already accepted: most likely the retry of an accept that
    // committed but lost its answer or failed its catch-up. The catch-up is redone (missing
    // entries only, so it is idempotent and cheap when nothing is missing) before the answer,
    // which stays the spec's 'Anchor request already accepted' (409): it is true, the same for a
    // double click, and the client needs nothing from a 200 here. The requester, who never
    // accepts, just gets the refusal.
    await catchUpFeeds(caller.uid, otherMember(pair, caller.uid), true);
  }
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
    // catch-up runs now and the member gets their 200, as if the answer had come back.
    if (!isRetryableFault(error) || (await throughFaults(() => getFriendship(friendshipId)))?.acceptedAt !== accepted.acceptedAt) throw error;
    outcome = { ok: true };
  }
  if (!outcome.ok) {
    // The transaction's conditions are the authority; re-read the pair to name the refusal.
    if (outcome.failed.includes('pair')) {
      throwRefusal(refuseAccept(caller.uid, await getFriendship(friendshipId), 0, 0));
      throw new AppError('not-found', ANCHOR_MESSAGES.requestNotFound);
    }
    const accepterFull = outcome.failed.includes('accepterCap');
    throwRefusal(refuseAccept(caller.uid, pair, accepterFull ? MAX_ANCHORS : 0, accepterFull ? 0 : MAX_ANCHORS));
  }

  await catchUpFeeds(caller.uid, otherUid);
  return accepted;
});
