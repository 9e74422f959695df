import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { canInvite } from '#domain/new-user';
import { isWellFormedInviteCode, normalizeInviteCode } from '#domain/invite-code';
import { findInviteCodeOwner } from '#data/invite-codes';
import { getUser } from '#data/users';
import { logger } from '#http/logger';

export const INVALID_INVITE_MESSAGE = 'Invalid invite code';
export const NO_INVITES_LEFT_MESSAGE = 'This invite code has no invites remaining';

/**
 * Invite-only sign-up: Cognito refuses a self sign-up unless it carries a valid invite code in
 * clientMetadata (or validationData). It validates only; the code is consumed once, when the new
 * member's record is created. Accounts created by an operator (AdminCreateUser) pass.
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;
  const raw = event.request.clientMetadata?.inviteCode ?? event.request.validationData?.inviteCode ?? '';
  const code = normalizeInviteCode(raw);
  if (!isWellFormedInviteCode(code)) throw new Error(INVALID_INVITE_MESSAGE);
  const ownerUid = await findInviteCodeOwner(code);
  const owner = ownerUid ? await getUser(ownerUid) : null;
  if (!owner) throw new Error(INVALID_INVITE_MESSAGE);
  if (!canInvite(owner)) throw new Error(NO_INVITES_LEFT_MESSAGE);
  logger.info('Sign-up allowed by invite code', { inviterUid: owner.uid });
  return event;
}
