import { AppError } from '#domain/app-error';
import { getOwnRecord, ACTIVITY_RESOLUTION_MS, recordActivity } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { logger } from '#http/logger';
import { NO_RECORD_MESSAGE } from '#http/member-presence';
import { presentUser } from '#presenters/present-user';

export const handler = defineCallable('getMe', async (_input, { caller }) => {
  // A token from before a sign-out everywhere never gets here (requireMemberRecord refuses it
  // for every callable, this one too), so the SPA signs out on its first read.
  const own = await getOwnRecord(caller.uid);
  // A member being removed is answered as one removed (the presence check refuses them everywhere
  // else): the SPA then tries createUserRecord, which refuses them too and signs them out.
  if (!own || own.leaving) throw new AppError('not-found', NO_RECORD_MESSAGE);
  const { user } = own;
  // Loading the app is activity (metrics: active users, platform refugees). Only a stale value
  // costs a write, and a failed write must not keep the member out of the app.
  const now = new Date();
  if (!(Date.parse(user.lastActive) >= now.getTime() - ACTIVITY_RESOLUTION_MS)) {
    const wrote = await recordActivity(caller.uid, now).catch((error: unknown) => {
      logger.warn('Could not record activity', error as Error);
      return false;
    });
    if (wrote) return presentUser({ ...user, lastActive: now.toISOString() });
  }
  return presentUser(user);
});
