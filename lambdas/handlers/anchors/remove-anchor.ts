import { ANCHOR_MESSAGES } from '#contracts/anchors';
import { AppError } from '#domain/app-error';
import { refuseRemoveAnchor } from '#domain/friendship';
import { removeAuthorPostsFromFeed } from '#data/feed';
import { deleteConnection, getFriendship } from '#data/friendships';
import { getUser } from '#data/users';
import { isRetryableFault, throughFaults } from '#http/backend-faults';
import { defineCallable } from '#http/define-callable';
import { logger } from '#http/logger';
import { otherMember, resolvePair, throwRefusal } from './anchor-pair.ts';

export const handler = defineCallable('removeAnchor', async (input, { caller }) => {
  const { friendshipId, pair } = await resolvePair(caller.uid, input);
  throwRefusal(refuseRemoveAnchor(caller.uid, pair));
  if (!pair) throw new AppError('not-found', ANCHOR_MESSAGES.connectionNotFound);
  let outcome: Awaited<ReturnType<typeof deleteConnection>>;
  try {
    outcome = await deleteConnection(friendshipId, pair.users[0], pair.users[1]);
  } catch (error) {
    // A timed-out delete may still have been applied: then the feeds must be cleaned now, since a
    // retry would find no pair and never get here.
    if (!isRetryableFault(error) || (await throughFaults(() => getFriendship(friendshipId)))) throw error;
    outcome = { ok: true };
  }
  if (!outcome.ok) {
    // Removed meanwhile (by the other member, or a double click).
    throwRefusal(refuseRemoveAnchor(caller.uid, await getFriendship(friendshipId)));
    throw new AppError('not-found', ANCHOR_MESSAGES.connectionNotFound);
  }
  const otherUid = otherMember(pair, caller.uid);
  try {
    // Through faults: once the pair is gone nothing else would take these posts out of the feeds.
    await throughFaults(() => Promise.all([removeAuthorPostsFromFeed(caller.uid, otherUid), removeAuthorPostsFromFeed(otherUid, caller.uid)]));
  } catch (error) {
    logger.error('Feed clean-up after a remove failed', { friendshipId, error });
  }
  const me = await getUser(caller.uid);
  return { friendshipId, removed: true as const, anchorCount: me?.anchorCount ?? 0 };
});
