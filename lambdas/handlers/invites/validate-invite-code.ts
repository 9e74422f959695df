import { INVITE_MESSAGES } from '#contracts/joining';
import { formatCityState } from '#contracts/location';
import { AppError } from '#domain/app-error';
import { assertCanInvite, decideInviteType } from '#domain/invite-rules';
import { takeRateLimitedHit } from '#data/rate-limits';
import { defineCallable } from '#http/define-callable';
import { budgetSubject } from '#http/rate-limit';
import { inviterOfCode, relationToInviter } from './inviter-of-code.ts';

/** Public, so guessing codes is throttled per client address (counted as a digest): 10 checks an hour. */
export const INVITE_CHECK_LIMIT = { name: 'validateInviteCode', maxHits: 10, windowSeconds: 3600 };

export const handler = defineCallable('validateInviteCode', async ({ inviteCode, userLocation }, { clientAddress }) => {
  const hit = await takeRateLimitedHit(INVITE_CHECK_LIMIT, budgetSubject(null, clientAddress));
  if (!hit.allowed) {
    throw new AppError('resource-exhausted', INVITE_MESSAGES.rateLimited, undefined, { retryAfterSeconds: hit.retryAfterSeconds });
  }
  const inviter = await inviterOfCode(inviteCode);
  const relation = relationToInviter(inviter, userLocation);
  // 'Unknown' place (registration): only that the code can still vouch for someone.
  if (relation === null) assertCanInvite(inviter);
  const inviteType = relation === null ? null : decideInviteType(inviter, relation);
  return {
    inviterName: inviter.displayName,
    inviterLocation: formatCityState(inviter.location.city, inviter.location.state),
    inviteType,
  };
});
