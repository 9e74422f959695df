import { AppError } from '#domain/app-error';
import { savePrivacy } from '#data/profile-updates';
import { defineCallable } from '#http/define-callable';
import { presentUser } from '../profile/present-user.ts';

/** The Privacy tab's save: the six settings, each limited to its allowed options by the contract. */
export const handler = defineCallable('updatePrivacy', async (privacy, { caller }) => {
  const saved = await savePrivacy(caller.uid, privacy);
  if (!saved) throw new AppError('not-found', 'User not found');
  return presentUser(saved);
});
