import { AppError } from '#domain/app-error';
import { unblockPair } from '#data/graph';
import { defineCallable } from '#http/define-callable';
import { PAIR_CONTENDED } from './block-mute-answers.ts';

/** Idempotent: unblocking someone not blocked (or gone, or themselves) answers changed: false. */
export const handler = defineCallable('unblockMember', async ({ userId }, { caller }) => {
  const outcome = await unblockPair(caller.uid, userId);
  if (outcome === 'contended') throw new AppError('aborted', PAIR_CONTENDED);
  return { userId, changed: outcome === 'unblocked' };
});
