import { defineCallable } from '#http/define-callable';
import { withdrawVouch } from '#workflows/vouching';

/** The caller withdraws the vouch they gave a member; that member's verification is checked again. */
export const handler = defineCallable('withdrawVouch', async ({ userId }, { caller }) => {
  await withdrawVouch(caller.uid, userId, new Date());
  return { withdrawn: true as const };
});
