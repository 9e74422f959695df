import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { INVITE_MESSAGES } from '#contracts/joining';
import { displayNameSchema } from '#contracts/profile';
import { INVITE_CODE_ATTRIBUTE, INVITE_CODE_METADATA_KEY, SIGN_UP_TICKET_KEY } from '#contracts/sign-up';
import type { User } from '#contracts/user';
import { assertCanInvite } from '#domain/invite-rules';
import { isWellFormedInviteCode, normalizeInviteCode } from '#domain/invite-code';
import { earlierAttemptHold, findInviteCode, reserveInvite, resumeHold, type NewReservation } from '#data/invites';
import { takeRateLimitedHit, tracedHandler } from '#data/table';
import { accountExists, getUser } from '#data/members';
import { SUPERUSER_SIGN_UPS } from '#domain/sign-up-limits';
import { FAULT_MESSAGES, isRetryableFault } from '#http/backend-faults';
import { logger } from '#http/logger';
import type { SignUpTicket } from '#domain/sign-up-ticket';
import { readTicketForCode } from '#http/sign-up-tickets';

export const INVALID_INVITE_MESSAGE = INVITE_MESSAGES.invalidCode;
export const NO_INVITES_LEFT_MESSAGE = INVITE_MESSAGES.noInvitesLeft;

/** Cognito shows a trigger's message as "… failed with error <message>." and adds the full stop itself. */
function refusal(message: string): Error {
  return new Error(message.replace(/\.$/, ''));
}

/** What the sign-up says about its code and ticket (attribute, clientMetadata or validationData). */
function proofOf(event: PreSignUpTriggerEvent): { code: string; ticket: string | undefined } {
  const fromAttribute = event.request.userAttributes?.[INVITE_CODE_ATTRIBUTE];
  const metadata = { ...event.request.validationData, ...event.request.clientMetadata };
  const fromMetadata = metadata[INVITE_CODE_METADATA_KEY];
  const code = normalizeInviteCode(fromAttribute ?? fromMetadata ?? '');
  if (fromAttribute && fromMetadata && normalizeInviteCode(fromMetadata) !== code) throw refusal(INVALID_INVITE_MESSAGE);
  // The attribute is stored as sent: it must already be the normalized code.
  if (fromAttribute && fromAttribute !== code) throw refusal(INVALID_INVITE_MESSAGE);
  if (!isWellFormedInviteCode(code)) throw refusal(INVALID_INVITE_MESSAGE);
  return { code, ticket: metadata[SIGN_UP_TICKET_KEY] };
}

/** The sign-up's display name, by the settings rule; absent is allowed (the record falls back to the email). */
function displayNameOf(event: PreSignUpTriggerEvent): string {
  const name = event.request.userAttributes?.name;
  if (name === undefined) return '';
  const checked = displayNameSchema.safeParse(name);
  if (!checked.success) throw refusal(checked.error.issues[0]?.message ?? 'Please enter a valid name');
  return checked.data;
}

/** Why the inviter's condition refused a reservation, read again after the write. */
function explainRefusal(inviter: User | null, code: string): Error {
  if (!inviter) return refusal(INVALID_INVITE_MESSAGE);
  if (inviter.inviteSystem.inviteCode !== code) return refusal(INVITE_MESSAGES.codeReplaced);
  try {
    assertCanInvite(inviter);
  } catch (error) {
    return refusal((error as Error).message);
  }
  // Joined, code current, invites left: what remains is the cap on holds for unverified accounts.
  if (!inviter.isSuperuser) return refusal(INVITE_MESSAGES.tooManyUnverified);
  return refusal(INVALID_INVITE_MESSAGE);
}

/**
 * A superuser's code has no quota, so a leaked one could admit without end: it admits at most
 * SUPERUSER_SIGN_UPS a UTC day (one conditional counter). Members' codes are bounded by their
 * invites and the 4 unverified holds instead.
 */
async function spendSuperuserDailySignUp(inviter: User | null): Promise<void> {
  if (!inviter?.isSuperuser) return;
  const hit = await takeRateLimitedHit(SUPERUSER_SIGN_UPS, inviter.uid);
  if (!hit.allowed) throw refusal(INVITE_MESSAGES.dailySignUpsSpent);
}

/**
 * A retry of a sign-up whose earlier attempt was answered "busy" after its hold was written (the
 * answer lost): with email sign-in Cognito gives every SignUp call a fresh username, so the retry
 * finds its ticket spent by another username. When that attempt gave the same email and its hold
 * is still an unverified one of this code, the hold moves to this username (the inviter's counts
 * unchanged) and the sign-up is admitted. The earlier attempt has no account: its trigger refused,
 * so Cognito created none. Should it have one after all (its trigger admitted and only Cognito's
 * answer to the browser was lost), its hold stays with it: Cognito refuses a second account for
 * the same email (email is the username attribute), whether it checks before this trigger or after.
 */
async function resumeEarlierAttempt(event: PreSignUpTriggerEvent, ticket: SignUpTicket, signUp: Omit<NewReservation, 'ticket' | 'now'>): Promise<boolean> {
  const earlier = await earlierAttemptHold(ticket, signUp);
  if (!earlier || (await accountExists(earlier.username, event.userPoolId))) return false;
  const resumed = await resumeHold(earlier, signUp, ticket);
  if (resumed) logger.info('Sign-up retried after a lost answer; its held invite moved to the new attempt', { inviterUid: signUp.inviterUid });
  return resumed;
}

/**
 * Invite-only sign-up. Cognito refuses a self sign-up unless it carries a valid invite code — the
 * `custom:invite_code` attribute (kept on the account, so the server knows the code whichever
 * browser goes on), or else clientMetadata/validationData `inviteCode` — together with the ticket
 * validateInviteCode issued for that code moments ago (this trigger sees no client address, so
 * guessing is budgeted there). It then holds one of the inviter's invites for the new account, in
 * one transaction with the inviter's condition (joined, code still theirs, an invite left after
 * those already held, fewer than 4 held for unverified accounts) and the ticket's nonce, spent so
 * the ticket admits no other sign-up. The hold lapses within a day unless the email is verified
 * (PostConfirmation), then after 7 days unless the newcomer joins. Accounts created by an
 * operator (AdminCreateUser) pass.
 */
export const handler = tracedHandler('trigger preSignUp', { trigger: 'preSignUp' }, admitSignUp);

async function admitSignUp(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;
  const { code, ticket } = proofOf(event);
  const displayName = displayNameOf(event);
  const signUpTicket = readTicketForCode(ticket, code);
  if (!signUpTicket) throw refusal(INVITE_MESSAGES.ticketNeeded);
  try {
    const found = await findInviteCode(code);
    if (!found) throw refusal(INVALID_INVITE_MESSAGE);
    if (found.retired) throw refusal(INVITE_MESSAGES.codeReplaced);
    const inviter = await getUser(found.ownerUid);
    await spendSuperuserDailySignUp(inviter);
    const signUp = { username: event.userName, inviterUid: found.ownerUid, code, displayName, email: event.request.userAttributes?.email ?? '' };
    const outcome = await reserveInvite({ ...signUp, ticket: signUpTicket, now: new Date() });
    // A spent ticket reads as no ticket (the SPA checks the code again, free, for a fresh one),
    // unless this is the same sign-up tried again.
    if (outcome === 'ticket-spent' && !(await resumeEarlierAttempt(event, signUpTicket, signUp))) throw refusal(INVITE_MESSAGES.ticketNeeded);
    if (outcome === 'duplicate') throw refusal(INVALID_INVITE_MESSAGE);
    if (outcome === 'inviter-refused') throw explainRefusal(await getUser(found.ownerUid), code);
    logger.info('Sign-up admitted; an invite is held', { inviterUid: found.ownerUid });
    return event;
  } catch (error) {
    // A throttle or a timeout reads as the callables' plain "try again", never as the SDK's wording.
    if (!isRetryableFault(error)) throw error;
    logger.warn('Sign-up met a backend fault', { error });
    throw new Error(FAULT_MESSAGES.busy.replace(/\.$/, ''), { cause: error });
  }
}
