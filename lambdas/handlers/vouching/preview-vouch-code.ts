import { defineCallable } from '#http/define-callable';
import { memberSummary } from '#presenters/present-member';
import { previewVouch } from '#workflows/vouching';

/** Who a code names, for the voucher to check before confirming. */
export const handler = defineCallable('previewVouchCode', async (input, { caller }) => {
  const { subject, validUntil, renews } = await previewVouch(caller.uid, input, new Date());
  return { subject: memberSummary(subject), validUntil, renews };
});
