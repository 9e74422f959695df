import { MODERATION_MESSAGES } from '#contracts/moderation';
import { AppError } from '#domain/app-error';
import type { Refusal } from '#domain/friendship';

/** A block or unblock whose pair kept changing under it through every retry (a 409: the client may try again). */
export const PAIR_CONTENDED = 'The connection changed meanwhile. Please try again.';

export function throwRefusal(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.status, refusal.message);
}

export function userNotFound(): never {
  throw new AppError('not-found', MODERATION_MESSAGES.userNotFound);
}
