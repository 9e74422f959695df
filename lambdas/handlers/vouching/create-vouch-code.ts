import { VOUCH_CODE_SECONDS } from '#contracts/vouching';
import { mintVouchCode } from '#data/vouching';
import { defineCallable } from '#http/define-callable';

/** A fresh one-minute code for the caller to show a member who met them (its budget bounds the minting). */
export const handler = defineCallable('createVouchCode', async (_input, { caller }) => {
  const { nonce, code, validUntil } = await mintVouchCode(caller.uid, new Date());
  return { nonce, code, validUntil, validForSeconds: VOUCH_CODE_SECONDS };
});
