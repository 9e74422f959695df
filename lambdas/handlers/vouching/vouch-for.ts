import { defineCallable } from '#http/define-callable';
import { memberSummary } from '#presenters/present-member';
import { vouchFor } from '#workflows/vouching';

/** The voucher confirms they met the code's member in person. */
export const handler = defineCallable('vouchFor', async (input, { caller }) => {
  const { subject, subjectVerified, lapsesAt } = await vouchFor(caller.uid, input, new Date());
  return { subject: memberSummary(subject), subjectVerified, lapsesAt };
});
