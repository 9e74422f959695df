import { AppError } from '#domain/app-error';
import { getUser } from '#data/users';
import { defineCallable } from '#http/define-callable';
import { presentUser } from './present-user.ts';

export const handler = defineCallable('getMe', async (_input, { caller }) => {
  const user = await getUser(caller.uid);
  if (!user) throw new AppError('not-found', 'User not found');
  return presentUser(user);
});
