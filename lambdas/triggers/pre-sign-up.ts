import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { INVITE_MESSAGES } from '#contracts/joining';
import { INVITE_CODE_ATTRIBUTE, INVITE_CODE_METADATA_KEY } from '#contracts/sign-up';
import { canInvite } from '#domain/new-user';
import { isWellFormedInviteCode, normalizeInviteCode } from '#domain/invite-code';
import { findInviteCodeOwner } from '#data/invite-codes';
import { getUser } from '#data/users';
import { FAULT_MESSAGES, isRetryableFault } from '#http/backend-faults';
import { logger } from '#http/logger';

export const INVALID_INVITE_MESSAGE = INVITE_MESSAGES.invalidCode;
export const NO_INVITES_LEFT_MESSAGE = INVITE_MESSAGES.noInvitesLeft;

/**
 * Invite-only sign-up: Cognito refuses a self sign-up unless it carries a valid invite code — the
 * `custom:invite_code` attribute (kept on the account, so the server knows the code whichever
 * browser goes on), or else clientMetadata/validationData `inviteCode`. When both are present they
 * must agree. It validates only; the code is consumed once, by useInviteCode. Accounts created by
 * an operator (AdminCreateUser) pass.
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;
  const fromAttribute = event.request.userAttributes?.[INVITE_CODE_ATTRIBUTE];
  const fromMetadata = event.request.clientMetadata?.[INVITE_CODE_METADATA_KEY] ?? event.request.validationData?.[INVITE_CODE_METADATA_KEY];
  const code = normalizeInviteCode(fromAttribute ?? fromMetadata ?? '');
  if (fromAttribute && fromMetadata && normalizeInviteCode(fromMetadata) !== code) throw new Error(INVALID_INVITE_MESSAGE);
  // The attribute is stored as sent: it must already be the normalized code.
  if (fromAttribute && fromAttribute !== code) throw new Error(INVALID_INVITE_MESSAGE);
  if (!isWellFormedInviteCode(code)) throw new Error(INVALID_INVITE_MESSAGE);
  let owner;
  try {
    const ownerUid = await findInviteCodeOwner(code);
    owner = ownerUid ? await getUser(ownerUid) : null;
  } catch (error) {
    // Cognito shows the trigger's message to the member (the SPA drops its prefix): a throttle or
    // a timeout reads as the callables' plain "try again", never as the SDK's wording. Without its
    // last full stop, which Cognito adds ("… failed with error <message>.").
    if (!isRetryableFault(error)) throw error;
    logger.warn('Sign-up met a backend fault', { error });
    throw new Error(FAULT_MESSAGES.busy.replace(/\.$/, ''), { cause: error });
  }
  if (!owner) throw new Error(INVALID_INVITE_MESSAGE);
  if (!canInvite(owner)) throw new Error(NO_INVITES_LEFT_MESSAGE);
  logger.info('Sign-up allowed by invite code', { inviterUid: owner.uid, viaAttribute: Boolean(fromAttribute) });
  return event;
}
