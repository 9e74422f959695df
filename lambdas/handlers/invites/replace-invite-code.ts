import { AppError } from '#domain/app-error';
import { generateInviteCode } from '#domain/invite-code';
import { replaceInviteCode, releaseUnverifiedHoldsOf } from '#data/invites';
import { getUser } from '#data/members';
import { defineCallable } from '#http/define-callable';

/** A fresh code collides with an existing one about once in 10^11; a few draws are plenty. */
const MAX_DRAWS = 5;

/**
 * Replaces a leaked code. `currentCode` is the code the member saw: when it is no longer theirs
 * (a double-click, a second tab) the code they have now is the answer, so it changes once. Then
 * the invites held for unverified accounts that signed up with an older code come back (a leaked
 * code's sign-ups cannot keep them); verified accounts' holds stand. Run on the double-click's
 * answer too, so a release cut short by a failure is finished by the next click.
 */
export const handler = defineCallable('replaceInviteCode', async ({ currentCode }, { caller }) => {
  for (let draw = 1; draw <= MAX_DRAWS; draw++) {
    const me = await getUser(caller.uid);
    if (!me) throw new AppError('not-found', 'User not found');
    if (me.inviteSystem.inviteCode !== currentCode) {
      await releaseUnverifiedHoldsOf(caller.uid, me.inviteSystem.inviteCode, new Date());
      return { inviteCode: me.inviteSystem.inviteCode };
    }
    const inviteCode = generateInviteCode();
    const outcome = await replaceInviteCode(caller.uid, currentCode, inviteCode, new Date());
    if (outcome === 'replaced') {
      await releaseUnverifiedHoldsOf(caller.uid, inviteCode, new Date());
      return { inviteCode };
    }
    // stale: replaced meanwhile, the next read answers it; collision: draw again.
  }
  throw new AppError('aborted', 'Could not replace your invite code. Please try again.');
});
