import { AppError } from '#domain/app-error';
import { ACTIVITY_RESOLUTION_MS, getUser, recordActivity } from '#data/users';
import { defineCallable } from '#http/define-callable';
import { logger } from '#http/logger';
import { presentUser } from './present-user.ts';

export const handler = defineCallable('getMe', async (_input, { caller }) => {
  const user = await getUser(caller.uid);
  if (!user) throw new AppError('not-found', 'User not found');
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
