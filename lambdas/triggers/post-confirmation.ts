import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { confirmReservation } from '#data/invites';
import { logger } from '#http/logger';
import { tracedHandler } from '#data/table';
import { endSessionsAfterPasswordReset } from './password-reset-sessions.ts';

/**
 * Cognito's PostConfirmation, after an account is confirmed. Cognito cannot be refused here (the
 * account is already confirmed), so the trigger only learns.
 *
 * - PostConfirmation_ConfirmSignUp: the newcomer proved they own the email. The invite held for
 *   them at sign-up leaves the inviter's at most 4 unverified holds and lasts 7 days from sign-up
 *   (an unverified one lapses within a day). cognito-local runs this source as AWS does.
 * - PostConfirmation_ConfirmForgotPassword: a completed password reset ends every session of the
 *   member (password-reset-sessions.ts). cognito-local runs this source too.
 */
export const handler = tracedHandler('trigger postConfirmation', { trigger: 'postConfirmation' }, afterConfirmation);

async function afterConfirmation(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource === 'PostConfirmation_ConfirmSignUp') {
    if (await confirmReservation(event.userName)) logger.info('Email verified; the held invite counts as verified');
  }
  if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') await endSessionsAfterPasswordReset(event);
  return event;
}
