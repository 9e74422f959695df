import { AppError } from '#domain/app-error';
import { BLOCK_CAP_REFUSAL, refuseBlock } from '#domain/moderation-lists';
import { blockPair } from '#data/graph';
import { forgetNotificationsBetween } from '#data/notifications';
import { defineCallable } from '#http/define-callable';
import { PAIR_CONTENDED, throwRefusal, userNotFound } from './block-mute-answers.ts';

/**
 * One transaction (data/graph/blocks.ts): whatever the pair was, it is blocked, the anchor or request
 * between the two is gone (counters in the same write), and both records carry the block. The
 * target's existence is a condition of that write: no read before it. Then the notifications
 * between the two go (notification-removal.ts), so neither's bell counts what it may not show.
 */
export const handler = defineCallable('blockMember', async ({ userId }, { caller }) => {
  throwRefusal(refuseBlock(caller.uid, userId));
  const outcome = await blockPair(caller.uid, userId);
  if (outcome === 'user-not-found') userNotFound();
  if (outcome === 'too-many') throwRefusal(BLOCK_CAP_REFUSAL);
  if (outcome === 'contended') throw new AppError('aborted', PAIR_CONTENDED);
  // After the block, also on a repeat (a retry after a fault here finishes it): no unread count for what neither may see.
  await forgetNotificationsBetween(caller.uid, userId);
  return { userId, changed: outcome === 'blocked' };
});
