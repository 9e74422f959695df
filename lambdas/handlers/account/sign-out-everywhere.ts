import { AppError } from '#domain/app-error';
import { sessionEpochAt } from '#domain/session-epoch';
import { advanceSessionEpoch, signOutAccountEverywhere } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { NO_RECORD_MESSAGE } from '#http/member-presence';

/**
 * The epoch first: from that write on, every token the member holds is refused by the presence
 * read, whatever happens next. Then Cognito's global sign-out, so no old session refreshes into a
 * token newer than the epoch; if it fails the call fails (503/500) and the member tries again (the
 * epoch only moves forward, so a retry is harmless).
 */
export const handler = defineCallable('signOutEverywhere', async (_input, { caller }) => {
  if (!(await advanceSessionEpoch(caller.uid, sessionEpochAt(new Date())))) {
    // A record that vanished between the presence read and this write (the member was removed).
    throw new AppError('not-found', NO_RECORD_MESSAGE);
  }
  await signOutAccountEverywhere(caller.username);
  return { signedOut: true as const };
});
