import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { sessionEpochAt } from '#domain/session-epoch';
import { advanceSessionEpoch, signOutAccountEverywhere } from '#data/members';
import { logger } from '#http/logger';

/**
 * A completed password reset ends every session of the member, as signOutEverywhere does (issue
 * 27): whoever held the old password, or a session it opened, is out. The browser resets through
 * Cognito directly (ForgotPassword, ConfirmForgotPassword), so the server learns of it only here,
 * in PostConfirmation with the source PostConfirmation_ConfirmForgotPassword.
 *
 * The session epoch first (every access token issued before it is refused at once), then Cognito's
 * global sign-out (no old session refreshes into a newer token). An account without a record yet
 * has no epoch to write; its refresh tokens are revoked all the same. A failure is thrown: Cognito
 * has set the new password by then, the reset page shows an error, and resetting again ends the
 * sessions (both steps may be repeated).
 */
export async function endSessionsAfterPasswordReset(event: PostConfirmationTriggerEvent): Promise<void> {
  const uid = event.request.userAttributes.sub;
  const hadRecord = uid ? await advanceSessionEpoch(uid, sessionEpochAt(new Date())) : false;
  await signOutAccountEverywhere(event.userName, event.userPoolId);
  logger.info('Password reset: every session of the account ended', { hadRecord });
}
