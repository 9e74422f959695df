import { describe, expect, it } from 'vitest';
import { PICTURE_FILE_ACCEPT, PICTURE_NOT_IMAGE_MESSAGE } from '#contracts/profile';
import type { User } from '#contracts/user';
import { ApiError } from '../../../web/src/lib/api-client.ts';
import {
  clampCrop,
  displayScale,
  initialCrop,
  MIN_CROP_SIZE,
  minCropSize,
  moveCrop,
  OUTPUT_QUALITY,
  OUTPUT_SIZE,
  OUTPUT_TYPE,
  resizeCrop,
} from '../../../web/src/features/joining/picture/crop-math.ts';
import { pictureFileError } from '../../../web/src/features/joining/picture/picture-file.ts';
import { inviteStepFor } from '../../../web/src/features/joining/invite-step.ts';
import { INVITE_MESSAGES } from '../../../lambdas/contracts/joining.ts';
import { inviteFailureMessage, inviteNextStep, profileSaveErrorMessage } from '../../../web/src/features/joining/save-messages.ts';
import { canCompleteProfile, initialProfileValues, type ProfileFormValues } from '../../../web/src/features/joining/profile-form.ts';

describe('crop math (spec §5: square, minimum 50, 250×250 JPEG at 0.9)', () => {
  const landscape = { width: 800, height: 600 };

  it('outputs a 250×250 JPEG at quality 0.9', () => {
    expect([OUTPUT_SIZE, OUTPUT_TYPE, OUTPUT_QUALITY, MIN_CROP_SIZE]).toEqual([250, 'image/jpeg', 0.9, 50]);
  });

  it('starts with the largest centred square', () => {
    expect(initialCrop(landscape)).toEqual({ x: 100, y: 0, size: 600 });
    expect(initialCrop({ width: 300, height: 500 })).toEqual({ x: 0, y: 100, size: 300 });
  });

  it('never goes below 50 pixels nor beyond the image', () => {
    expect(resizeCrop(initialCrop(landscape), 10, landscape).size).toBe(50);
    expect(resizeCrop(initialCrop(landscape), 5000, landscape).size).toBe(600);
    expect(minCropSize({ width: 40, height: 30 })).toBe(30);
  });

  it('resizes around the centre', () => {
    expect(resizeCrop({ x: 100, y: 0, size: 600 }, 200, landscape)).toEqual({ x: 300, y: 200, size: 200 });
  });

  it('moves inside the image only', () => {
    const crop = { x: 300, y: 200, size: 200 };
    expect(moveCrop(crop, 50, -30, landscape)).toEqual({ x: 350, y: 170, size: 200 });
    expect(moveCrop(crop, 10_000, 10_000, landscape)).toEqual({ x: 600, y: 400, size: 200 });
    expect(clampCrop({ x: -20, y: -5, size: 100 }, landscape)).toEqual({ x: 0, y: 0, size: 100 });
  });

  it('scales the image to fit the on-screen box', () => {
    expect(displayScale(landscape, 320)).toBeCloseTo(0.4);
  });
});

describe('picture file rules', () => {
  it('accepts images under 5 MB', () => {
    expect(pictureFileError({ type: 'image/png', size: 1024 })).toBeNull();
  });

  it("refuses 5 MB and more with the spec's message", () => {
    expect(pictureFileError({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBe('Image must be less than 5MB');
  });

  it('refuses what is not an image', () => {
    expect(pictureFileError({ type: 'application/pdf', size: 10 })).toMatch(/image/);
  });

  it('takes JPEG, PNG, WebP and GIF only, as upload grants do (no SVG)', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) expect(pictureFileError({ type, size: 10 }), type).toBeNull();
    for (const type of ['image/svg+xml', 'image/heic', 'image/bmp', '']) expect(pictureFileError({ type, size: 10 }), type).toBe(PICTURE_NOT_IMAGE_MESSAGE);
    expect(PICTURE_FILE_ACCEPT).toBe('image/jpeg,image/png,image/webp,image/gif');
  });
});

describe('invite at the first profile save (spec §4)', () => {
  const member = { invitedBy: null, pendingInviteCode: null, isSuperuser: false, isAdmin: false };

  it('does nothing once the member was invited', () => {
    expect(inviteStepFor({ ...member, invitedBy: 'inviter' }, 'ABCDEFGH')).toEqual({ kind: 'none' });
  });

  it('uses the code from session storage, else the one the account signed up with', () => {
    expect(inviteStepFor(member, 'ABCDEFGH')).toEqual({ kind: 'redeem', inviteCode: 'ABCDEFGH' });
    expect(inviteStepFor({ ...member, pendingInviteCode: 'HGFEDCBA' }, null)).toEqual({ kind: 'redeem', inviteCode: 'HGFEDCBA' });
  });

  it('still asks the server when no code is known here (it knows the account)', () => {
    expect(inviteStepFor(member, null)).toEqual({ kind: 'redeem', inviteCode: undefined });
  });

  it('lets founding superusers and admins without a code save their profile', () => {
    expect(inviteStepFor({ ...member, isSuperuser: true }, null)).toEqual({ kind: 'none' });
    expect(inviteStepFor({ ...member, isAdmin: true }, null)).toEqual({ kind: 'none' });
  });
});

describe('profile-save messages (spec §8)', () => {
  it('prefixes invite failures, except the quota messages', () => {
    expect(inviteFailureMessage(undefined)).toBe('Location validation failed: Your location does not match the invite code requirements');
    expect(inviteFailureMessage('Invalid invite code')).toBe('Location validation failed: Invalid invite code');
    const quota = 'This is a local invite, and all 5 local invites of this code have been used';
    expect(inviteFailureMessage(quota)).toBe(quota);
    // A 429 is a limit, not the location: never prefixed.
    expect(inviteFailureMessage(INVITE_MESSAGES.noInvitesLeft, 'resource-exhausted')).toBe(INVITE_MESSAGES.noInvitesLeft);
  });

  it('shows a hold released by a code replacement as the server says it, not as a location failure', () => {
    expect(inviteFailureMessage(INVITE_MESSAGES.holdReleased, 'not-found')).toBe(INVITE_MESSAGES.holdReleased);
    expect(inviteNextStep(INVITE_MESSAGES.holdReleased, 'not-found')).toBeNull();
  });

  it('says what to do next after every refusal of the invite, never the sentence alone', () => {
    // The spec's alert text stays as it was; the next step follows it.
    expect(inviteFailureMessage(INVITE_MESSAGES.tooFar)).toBe(`Location validation failed: ${INVITE_MESSAGES.tooFar}`);
    expect(inviteNextStep(INVITE_MESSAGES.tooFar)).toMatch(/ask a member who lives within 50 miles of you for their invite code/);
    expect(inviteNextStep(INVITE_MESSAGES.unknownCity)).toMatch(/spelling of your city/);
    expect(inviteNextStep(INVITE_MESSAGES.inviterUnlocatable)).toMatch(/another member/);
    expect(inviteNextStep(INVITE_MESSAGES.localQuotaSpent)).toMatch(/local invites are used up/);
    expect(inviteNextStep(INVITE_MESSAGES.distantQuotaSpent)).toMatch(/distant invites are used up/);
    expect(inviteNextStep(INVITE_MESSAGES.noInvitesLeft, 'resource-exhausted')).toMatch(/another member/);
    expect(inviteNextStep(INVITE_MESSAGES.locationNeeded)).toMatch(/city and state/);
    // No message from the server (the generic sentence is shown): still a next step.
    expect(inviteNextStep(undefined)).toMatch(/city and state/);
    expect(inviteNextStep('Something new')).toMatch(/city and state/);
    // A message that already says what to do stands alone.
    expect(inviteNextStep(INVITE_MESSAGES.reservationLapsed)).toBeNull();
  });

  it('maps the save errors', () => {
    expect(profileSaveErrorMessage(new ApiError('permission-denied', 'nope'))).toBe('Permission denied. Please ensure you are logged in.');
    expect(profileSaveErrorMessage(new ApiError('aborted', 'Please use your invite code first'))).toBe('Please use your invite code first');
    expect(profileSaveErrorMessage(new ApiError('internal', 'Boom'))).toBe('Failed to update profile: Boom');
    expect(profileSaveErrorMessage(new ApiError('internal', ''))).toBe('Failed to update profile: Unknown error. Please try again.');
  });
});

describe('Complete Profile button', () => {
  const complete: ProfileFormValues = {
    displayName: 'Ada',
    bio: 'Hello',
    birthday: '1990-05-17',
    location: { city: 'Springfield', state: 'Illinois', country: 'United States' },
    contactInfo: { phoneNumber: '555-123-4567', personalEmail: 'ada@example.com' },
    privacy: { profileVisibility: 'friends', birthdayVisibility: 'friends', contactVisibility: 'friends' },
  };

  it('is enabled only with every field valid and a picture', () => {
    expect(canCompleteProfile(complete, true)).toBe(true);
    expect(canCompleteProfile(complete, false)).toBe(false);
    expect(canCompleteProfile({ ...complete, bio: '' }, true)).toBe(false);
    expect(canCompleteProfile({ ...complete, bio: 'x'.repeat(301) }, true)).toBe(false);
    expect(canCompleteProfile({ ...complete, contactInfo: { ...complete.contactInfo, phoneNumber: '555-123-456' } }, true)).toBe(false);
    expect(canCompleteProfile({ ...complete, contactInfo: { ...complete.contactInfo, personalEmail: 'ada@' } }, true)).toBe(false);
    expect(canCompleteProfile({ ...complete, location: { ...complete.location, state: 'IL' } }, true)).toBe(false);
  });

  it('starts from the record, with the defaults (United States, Anchors Only)', () => {
    const values = initialProfileValues({
      displayName: 'Ada',
      bio: '',
      birthday: '',
      location: { city: '', state: 'ca', country: '' },
      contactInfo: { phoneNumber: '', personalEmail: '', isPhoneVisible: false, isEmailVisible: false },
      privacy: {
        profileVisibility: 'friends',
        birthdayVisibility: 'public',
        photosVisibility: 'friends',
        contactVisibility: 'public',
        phoneVisibility: 'friends',
        emailVisibility: 'friends',
      },
    } as unknown as User);
    expect(values.location).toEqual({ city: '', state: 'California', country: 'United States' });
    expect(values.privacy).toEqual({ profileVisibility: 'friends', birthdayVisibility: 'public', contactVisibility: 'friends' });
  });
});
