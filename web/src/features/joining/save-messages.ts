import { INVITE_MESSAGES } from '#contracts/joining';
import { isApiError } from '../../lib/api-client.ts';
import { DISTANT_INVITE_MILES, distantInvitePeople, localPeople } from '../../lib/place-words.ts';

/**
 * Spec §8, invite at profile save: the server's message or the location sentence, prefixed
 * 'Location validation failed: ' unless it is one of the 'This is a …' quota messages — or a 429
 * (a limit, not the location, refused it: the issue overrides the spec's prefix rule there).
 */
export function inviteFailureMessage(serverMessage: string | undefined, status?: string): string {
  const message = serverMessage?.trim() || INVITE_MESSAGES.locationMismatch;
  if (status === 'resource-exhausted') return message;
  // The code's owner replaced it before this account was verified: not the location.
  if (message === INVITE_MESSAGES.holdReleased) return message;
  return message.includes('This is a') ? message : `Location validation failed: ${message}`;
}

/** The next step after a refusal whose message says only what went wrong (matched on the server's messages). */
const NEXT_STEPS: Record<string, string> = {
  [INVITE_MESSAGES.tooFar]: `Check that your city and state are right. If they are, this code cannot admit you: ask a member who lives within ${DISTANT_INVITE_MILES} miles of you for their invite code.`,
  [INVITE_MESSAGES.unknownCity]: 'Check the spelling of your city (pick it from the suggestions) and your state, then save again.',
  [INVITE_MESSAGES.inviterUnlocatable]: "If you live in your inviter's city, save it as they spell it; otherwise ask another member for their invite code.",
  [INVITE_MESSAGES.localQuotaSpent]: "Your inviter's local invites are used up: ask another member in your city for their invite code.",
  [INVITE_MESSAGES.distantQuotaSpent]: `Your inviter's distant invites are used up: ask a member in your own city, or another member within ${DISTANT_INVITE_MILES} miles of you, for their invite code.`,
  [INVITE_MESSAGES.noInvitesLeft]: 'Ask another member who knows you for their invite code.',
  [INVITE_MESSAGES.locationNeeded]: 'Enter your city and state, then save again.',
};

/**
 * What the newcomer can do after their invite was refused at profile save, shown under the spec's
 * alert text (a refusal never ends at the sentence alone). null when the server's
 * message already says what to do ('Please …').
 */
export function inviteNextStep(serverMessage: string | undefined, status?: string): string | null {
  const message = serverMessage?.trim() ?? '';
  const known = NEXT_STEPS[message];
  if (known) return known;
  if (status === 'resource-exhausted' || /\bplease\b/i.test(message)) return null;
  return `Check your city and state and save again. If it is refused again, ask your inviter which places their code admits: ${localPeople('their city and state')}, or ${distantInvitePeople('their city')}.`;
}

/** Spec §8, profile save. */
export function profileSaveErrorMessage(error: unknown): string {
  if (isApiError(error, 'permission-denied')) return 'Permission denied. Please ensure you are logged in.';
  const message = error instanceof Error ? error.message.trim() : '';
  if (/invite/i.test(message)) return message;
  return `Failed to update profile: ${message || 'Unknown error. Please try again.'}`;
}
