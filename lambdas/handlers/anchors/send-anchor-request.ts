import { ANCHOR_MESSAGES, type PendingFriendship } from '#contracts/anchors';
import { AppError } from '#domain/app-error';
import { friendshipIdOf, invitationChainOf, isOwnPendingRequest, refuseSend } from '#domain/friendship';
import { createRequest, getFriendship } from '#data/graph';
import { getUser } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { throwRefusal } from './anchor-pair.ts';

export const handler = defineCallable('sendAnchorRequest', async ({ userId }, { caller }) => {
  if (userId === caller.uid) throw new AppError('invalid-argument', ANCHOR_MESSAGES.toYourself);
  const friendshipId = friendshipIdOf(caller.uid, userId);
  const [sender, recipient, existing] = await Promise.all([getUser(caller.uid), getUser(userId), getFriendship(friendshipId)]);
  if (!sender || !recipient) throw new AppError('not-found', ANCHOR_MESSAGES.userNotFound);
  // A repeat of the caller's own request (a double click, a retry) is answered with it: success.
  if (existing?.status === 'pending' && isOwnPendingRequest(caller.uid, existing)) return existing;
  throwRefusal(refuseSend(caller.uid, userId, existing, sender.anchorCount));

  // No connectionType: whether the two share a city is decided at acceptance and shown only then.
  const friendship: PendingFriendship = {
    friendshipId,
    users: [caller.uid, userId].sort() as [string, string],
    status: 'pending',
    requestedBy: caller.uid,
    requestedAt: new Date().toISOString(),
    acceptedAt: null,
    invitationChain: invitationChainOf(sender, recipient),
    // Counted when the request is accepted (spec: at accept time the pair's common anchors).
    mutualFriends: 0,
  };
  const outcome = await createRequest(friendship);
  if (!outcome.ok) {
    // The write's conditions refused it (a concurrent request or accept); re-read to say which.
    const [pair, latest] = await Promise.all([getFriendship(friendshipId), getUser(caller.uid)]);
    if (pair?.status === 'pending' && isOwnPendingRequest(caller.uid, pair)) return pair;
    throwRefusal(refuseSend(caller.uid, userId, pair, outcome.failed.includes('senderCap') ? Infinity : (latest?.anchorCount ?? 0)));
    throw new AppError('aborted', ANCHOR_MESSAGES.alreadyPending);
  }
  return friendship;
});
