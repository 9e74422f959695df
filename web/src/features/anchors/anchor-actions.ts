import type { Relationship } from '#contracts/anchors';
import { serverReason } from '../../lib/server-reason.ts';

/** The spec's messages (§8) for anchor actions that fail, shown by the anchors page and the profile. */
export const ANCHOR_UI_MESSAGES = {
  requestSent: 'Anchor request sent!',
  sendFailed: 'Failed to send anchor request',
  acceptFailed: 'Failed to accept anchor request',
  rejectFailed: 'Failed to reject anchor request',
  removeFailed: 'Failed to remove anchor',
  searchFailed: 'Failed to search users',
  removeQuestion: 'Are you sure you want to remove this anchor?',
  noAnchors: "You don't have any anchors yet. Start building your community!",
  noPending: 'No pending anchor requests',
} as const;

/** Spec §8: sending shows the server message, else 'Failed to send anchor request'. */
export function sendRequestFailureMessage(error: unknown): string {
  return serverReason(error) ?? ANCHOR_UI_MESSAGES.sendFailed;
}

/** What a search result offers (spec Anchors page): 'Already anchored', 'Request pending' or Add Anchor. */
export function searchResultAction(relationship: 'anchored' | 'pending' | 'none'): { kind: 'status' | 'add'; label: string } {
  if (relationship === 'anchored') return { kind: 'status', label: 'Already anchored' };
  if (relationship === 'pending') return { kind: 'status', label: 'Request pending' };
  return { kind: 'add', label: 'Add Anchor' };
}

export type ProfileAction =
  | { kind: 'edit'; label: 'Edit Profile' }
  | { kind: 'status'; label: string }
  | { kind: 'accept'; label: 'Accept Anchor Request' }
  | { kind: 'add'; label: 'Add Anchor' };

/** What the profile view offers (spec Profile view): owner Edit Profile; others 'Anchored', pending, or Add Anchor. */
export function profileAction(relationship: Relationship): ProfileAction {
  switch (relationship) {
    case 'self':
      return { kind: 'edit', label: 'Edit Profile' };
    case 'anchored':
      return { kind: 'status', label: 'Anchored' };
    case 'pending-sent':
      return { kind: 'status', label: 'Request pending' };
    case 'pending-received':
      return { kind: 'accept', label: 'Accept Anchor Request' };
    case 'none':
      return { kind: 'add', label: 'Add Anchor' };
  }
}
