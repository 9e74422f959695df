import { describe, expect, it } from 'vitest';
import { ANCHOR_MESSAGES } from '#contracts/anchors';
import { ApiError } from '../../../web/src/lib/api-client.ts';
import { serverReason } from '../../../web/src/lib/server-reason.ts';
import { ANCHOR_UI_MESSAGES, profileAction, searchResultAction, sendRequestFailureMessage } from '../../../web/src/features/anchors/anchor-actions.ts';
import { joinLocation, profileLoadMessage } from '../../../web/src/features/profile/profile-view-messages.ts';
import { nameInitial } from '../../../web/src/components/user-avatar.tsx';

describe('anchor messages (spec §8)', () => {
  it("sending shows the server's refusal, else 'Failed to send anchor request'", () => {
    expect(sendRequestFailureMessage(new ApiError('aborted', ANCHOR_MESSAGES.alreadyPending))).toBe('Anchor request already pending');
    expect(sendRequestFailureMessage(new ApiError('invalid-argument', ANCHOR_MESSAGES.toYourself))).toBe('Cannot send anchor request to yourself');
    expect(sendRequestFailureMessage(new ApiError('resource-exhausted', ANCHOR_MESSAGES.maxReached))).toBe('You have reached the maximum of 100 anchors');
    // Server trouble and network failures never leak their text: the spec's fallback.
    expect(sendRequestFailureMessage(new ApiError('internal', 'Internal error'))).toBe('Failed to send anchor request');
    expect(sendRequestFailureMessage(new ApiError('unavailable', 'down'))).toBe('Failed to send anchor request');
    expect(sendRequestFailureMessage(new Error('boom'))).toBe('Failed to send anchor request');
    expect(serverReason(new ApiError('not-found', ''))).toBeUndefined();
  });

  it('keeps the spec sentences verbatim', () => {
    expect(ANCHOR_UI_MESSAGES).toMatchObject({
      requestSent: 'Anchor request sent!',
      acceptFailed: 'Failed to accept anchor request',
      rejectFailed: 'Failed to reject anchor request',
      removeFailed: 'Failed to remove anchor',
      searchFailed: 'Failed to search users',
      removeQuestion: 'Are you sure you want to remove this anchor?',
      noAnchors: "You don't have any anchors yet. Start building your community!",
      noPending: 'No pending anchor requests',
    });
  });
});

describe('relationship → what the button offers', () => {
  it('search results: Already anchored, Request pending, or Add Anchor', () => {
    expect(searchResultAction('anchored')).toEqual({ kind: 'status', label: 'Already anchored' });
    expect(searchResultAction('pending')).toEqual({ kind: 'status', label: 'Request pending' });
    expect(searchResultAction('none')).toEqual({ kind: 'add', label: 'Add Anchor' });
  });

  it('profile: owner edits, anchors read Anchored, pending either way, otherwise Add Anchor', () => {
    expect(profileAction('self')).toEqual({ kind: 'edit', label: 'Edit Profile' });
    expect(profileAction('anchored')).toEqual({ kind: 'status', label: 'Anchored' });
    expect(profileAction('pending-sent')).toEqual({ kind: 'status', label: 'Request pending' });
    expect(profileAction('pending-received')).toEqual({ kind: 'accept', label: 'Accept Anchor Request' });
    expect(profileAction('none')).toEqual({ kind: 'add', label: 'Add Anchor' });
  });
});

describe('profile view', () => {
  it("maps load failures to the spec's three messages", () => {
    expect(profileLoadMessage(new ApiError('not-found', 'User not found'))).toBe('User not found');
    expect(profileLoadMessage(new ApiError('invalid-argument', 'userId is required'))).toBe('Profile not found');
    expect(profileLoadMessage(new ApiError('internal', 'x'))).toBe('Failed to load profile');
    expect(profileLoadMessage(new TypeError('fetch failed'))).toBe('Failed to load profile');
  });

  it('joins the location as city, state, country and shows an initial without a picture', () => {
    expect(joinLocation({ city: 'Austin', state: 'Texas', country: 'United States' })).toBe('Austin, Texas, United States');
    expect(joinLocation({ city: '', state: 'Texas', country: 'United States' })).toBe('Texas, United States');
    expect(nameInitial(' ada')).toBe('A');
    expect(nameInitial('')).toBe('?');
  });
});
