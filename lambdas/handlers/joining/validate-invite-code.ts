import { INVITE_MESSAGES } from '#contracts/joining';
import { formatCityState } from '#contracts/location';
import { AppError } from '#domain/app-error';
import { assertCanInvite, decideInviteType, invitesLeftByKind } from '#domain/invite-rules';
import { peekRateLimit, takeRateLimitedHit, type RateDecision } from '#data/table';
import { defineCallable } from '#http/define-callable';
import { budgetSubject } from '#http/rate-limit';
import { ticketForCode } from '#http/sign-up-tickets';
import { inviterOfCode, relationToInviter } from '#workflows/inviter-of-code';

/**
 * Guessing codes is what this budget is for: only checks of an unknown code spend it, 10 an hour
 * per client address (counted as a digest). Checking a real code costs nothing, so a household or
 * an office on one address can join one after another. Once the budget is spent every check from
 * that address is refused until the window passes — otherwise a refusal for unknown codes and an
 * answer for real ones would tell a guesser which codes exist.
 */
export const INVITE_CHECK_LIMIT = { name: 'validateInviteCode', maxHits: 10, windowSeconds: 3600 };

function refuse(decision: RateDecision): void {
  if (decision.allowed) return;
  throw new AppError('resource-exhausted', INVITE_MESSAGES.rateLimited, undefined, { retryAfterSeconds: decision.retryAfterSeconds });
}

async function checkedInviter(code: string, subject: string) {
  refuse(await peekRateLimit(INVITE_CHECK_LIMIT, subject));
  try {
    return await inviterOfCode(code);
  } catch (error) {
    if (error instanceof AppError && error.status === 'not-found') refuse(await takeRateLimitedHit(INVITE_CHECK_LIMIT, subject));
    throw error;
  }
}

/**
 * Public (API Gateway passes no caller to a public route), so it judges a code as a newcomer who
 * has not signed up would: the profile save of an account holding an invite goes straight to
 * useInviteCode, which checks the same rules for that account and never touches this budget.
 */
export const handler = defineCallable('validateInviteCode', async ({ inviteCode, userLocation }, { clientAddress }) => {
  const inviter = await checkedInviter(inviteCode, budgetSubject(null, clientAddress));
  const relation = relationToInviter(inviter, userLocation);
  // 'Unknown' place (registration): only that the code can still vouch for someone.
  if (relation === null) assertCanInvite(inviter);
  const inviteType = relation === null ? null : decideInviteType(inviter, relation);
  return {
    inviterName: inviter.displayName,
    inviterLocation: formatCityState(inviter.location.city, inviter.location.state),
    inviteType,
    invitesLeft: invitesLeftByKind(inviter),
    signUpTicket: ticketForCode(inviteCode),
  };
});
