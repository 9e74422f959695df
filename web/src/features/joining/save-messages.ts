import { INVITE_MESSAGES } from '#contracts/joining';
import { isApiError } from '../../lib/api-client.ts';

/**
 * Spec §8, invite at profile save: the server's message or the location sentence, prefixed
 * 'Location validation failed: ' unless it is one of the 'This is a …' quota messages — or a 429
 * (a limit, not the location, refused it: the issue overrides the spec's prefix rule there).
 */
export function inviteFailureMessage(serverMessage: string | undefined, status?: string): string {
  const message = serverMessage?.trim() || INVITE_MESSAGES.locationMismatch;
  if (status === 'resource-exhausted') return message;
  // The code's owner replaced it before this account was verified (issue 27 item 4): not the location.
  if (message === INVITE_MESSAGES.holdReleased) return message;
  return message.includes('This is a') ? message : `Location validation failed: ${message}`;
}

/** Spec §8, profile save. */
export function profileSaveErrorMessage(error: unknown): string {
  if (isApiError(error, 'permission-denied')) return 'Permission denied. Please ensure you are logged in.';
  const message = error instanceof Error ? error.message.trim() : '';
  if (/invite/i.test(message)) return message;
  return `Failed to update profile: ${message || 'Unknown error. Please try again.'}`;
}
