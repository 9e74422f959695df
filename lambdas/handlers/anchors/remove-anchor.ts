import { ANCHOR_MESSAGES } from '#contracts/anchors';
import { AppError } from '#domain/app-error';
import { refuseRemoveAnchor } from '#domain/friendship';
import { deleteConnection, getFriendship } from '#data/graph';
import { getUser } from '#data/members';
import { isRetryableFault, throughFaults } from '#http/backend-faults';
import { defineCallable } from '#http/define-callable';
import { resolvePair, throwRefusal } from './anchor-pair.ts';

export const handler = defineCallable('removeAnchor', async (input, { caller }) => {
  const { friendshipId, pair } = await resolvePair(caller.uid, input, 'connection');
  throwRefusal(refuseRemoveAnchor(caller.uid, pair));
  if (!pair) throw new AppError('not-found', ANCHOR_MESSAGES.connectionNotFound);
  let outcome: Awaited<ReturnType<typeof deleteConnection>>;
  try {
    outcome = await deleteConnection(friendshipId, pair.users[0], pair.users[1]);
  } catch (error) {
    // A timed-out delete may still have been applied: then it succeeded (the table's stream takes
    // each member's posts out of the other's feed).
    if (!isRetryableFault(error) || (await throughFaults(() => getFriendship(friendshipId)))) throw error;
    outcome = { ok: true };
  }
  if (!outcome.ok) {
    // Removed meanwhile (by the other member, or a double click).
    throwRefusal(refuseRemoveAnchor(caller.uid, await getFriendship(friendshipId)));
    throw new AppError('not-found', ANCHOR_MESSAGES.connectionNotFound);
  }
  const me = await getUser(caller.uid);
  return { friendshipId, removed: true as const, anchorCount: me?.anchorCount ?? 0 };
});
