import { ANCHOR_MESSAGES } from '#contracts/anchors';
import { AppError } from '#domain/app-error';
import { refuseRemoveRequest } from '#domain/friendship';
import { deleteRequest, getFriendship } from '#data/graph';
import { defineCallable } from '#http/define-callable';
import { resolvePair, throwRefusal } from './anchor-pair.ts';

/** Reject (the recipient) and cancel (the sender) are this one action: the request is deleted. */
export const handler = defineCallable('removeAnchorRequest', async (input, { caller }) => {
  const { friendshipId, pair } = await resolvePair(caller.uid, input, 'request');
  throwRefusal(refuseRemoveRequest(caller.uid, pair));
  if (!pair) throw new AppError('not-found', ANCHOR_MESSAGES.requestNotFound);
  const outcome = await deleteRequest(friendshipId, pair.users[0], pair.users[1]);
  if (!outcome.ok) {
    // Accepted or removed meanwhile.
    throwRefusal(refuseRemoveRequest(caller.uid, await getFriendship(friendshipId)));
    throw new AppError('not-found', ANCHOR_MESSAGES.requestNotFound);
  }
  return { friendshipId, removed: true as const };
});
