import { unmutePair } from '#data/graph';
import { defineCallable } from '#http/define-callable';

/** Idempotent: unmuting someone not muted (or gone, or themselves) answers changed: false. */
export const handler = defineCallable('unmuteMember', async ({ userId }, { caller }) => {
  const outcome = await unmutePair(caller.uid, userId);
  return { userId, changed: outcome === 'unmuted' };
});
