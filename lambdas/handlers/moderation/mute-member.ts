import { MUTE_CAP_REFUSAL, refuseMute } from '#domain/moderation-lists';
import { mutePair } from '#data/graph';
import { defineCallable } from '#http/define-callable';
import { throwRefusal, userNotFound } from './block-mute-answers.ts';

/** One transaction on the muter's side only (data/graph/mutes.ts); the target's existence is one of its conditions. */
export const handler = defineCallable('muteMember', async ({ userId }, { caller }) => {
  throwRefusal(refuseMute(caller.uid, userId));
  const outcome = await mutePair(caller.uid, userId);
  if (outcome === 'user-not-found') userNotFound();
  if (outcome === 'too-many') throwRefusal(MUTE_CAP_REFUSAL);
  return { userId, changed: outcome === 'muted' };
});
