import { AppError } from '#domain/app-error';
import { defineCallable } from '#http/define-callable';

export const handler = defineCallable('deleteMyAccount', async () => {
  throw new AppError('unimplemented', 'This function is not available yet.');
});
