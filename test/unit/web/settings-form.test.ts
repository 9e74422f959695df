import { describe, expect, it } from 'vitest';
import { PICTURE_NOT_IMAGE_MESSAGE } from '#contracts/profile';
import type { User } from '#contracts/user';
import { newUserRecord } from '#domain/new-user';
import {
  canAddPhoto,
  deletionConfirmed,
  initialPrivacy,
  initialSettingsValues,
  photoFileError,
  settingsPictureError,
  settingsProfileErrors,
  updateProfileInput,
} from '../../../web/src/features/settings/settings-form.ts';

function me(overrides: Partial<User> = {}): User {
  const record = newUserRecord({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada', inviteCode: 'ABCDEFGH', invitedBy: null, now: new Date(0) });
  return {
    ...record,
    bio: 'Hi',
    birthday: '1990-01-02',
    location: { city: 'Austin', state: 'Texas', country: 'United States' },
    contactInfo: { ...record.contactInfo, phoneNumber: '555-123-4567', personalEmail: 'ada@example.com' },
    ...overrides,
  };
}

describe('the Profile tab form', () => {
  it('starts from the record and sends the graduation year as a number or null', () => {
    const values = initialSettingsValues(me());
    expect(values).toMatchObject({ displayName: 'Ada', graduationYear: '', location: { city: 'Austin', state: 'Texas' } });
    expect(updateProfileInput(values).graduationYear).toBeNull();
    expect(updateProfileInput({ ...values, graduationYear: 2010 }).graduationYear).toBe(2010);
    expect(initialSettingsValues(me({ graduationYear: 2001 })).graduationYear).toBe(2001);
  });

  it('shows the server rules as field errors, by form path', () => {
    const values = initialSettingsValues(me());
    expect(settingsProfileErrors(values)).toEqual({});
    expect(settingsProfileErrors({ ...values, bio: 'x'.repeat(301) })).toEqual({ bio: 'Bio must be at most 300 characters' });
    expect(settingsProfileErrors({ ...values, contactInfo: { phoneNumber: '555', personalEmail: '' } })).toEqual({
      'contactInfo.phoneNumber': 'Please enter a valid phone number in the format: 555-123-4567',
    });
    expect(settingsProfileErrors({ ...values, graduationYear: 1800 })).toHaveProperty('graduationYear');
    expect(settingsProfileErrors({ ...values, location: { city: '', state: 'Texas' } })).toEqual({ 'location.city': 'City is required' });
  });
});

describe('privacy', () => {
  it('offers contact details only Anchors Only or Only Me, showing an old public as Anchors Only', () => {
    const privacy = initialPrivacy(me({ privacy: { ...me().privacy, contactVisibility: 'public', phoneVisibility: 'private', emailVisibility: 'public' } }));
    expect(privacy).toMatchObject({ contactVisibility: 'friends', phoneVisibility: 'private', emailVisibility: 'friends' });
  });
});

describe('files, photos and the deletion phrase', () => {
  it('takes images up to 10 MB for the settings picture and photos', () => {
    expect(settingsPictureError({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
    expect(settingsPictureError({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('Image must be less than 10MB');
    expect(settingsPictureError({ type: 'text/plain', size: 10 })).toMatch(/image file/);
    expect(photoFileError({ type: 'image/jpeg', size: 11 * 1024 * 1024 })).toBe('Photo must be less than 10MB');
    for (const check of [settingsPictureError, photoFileError]) {
      expect(check({ type: 'image/svg+xml', size: 10 })).toBe(PICTURE_NOT_IMAGE_MESSAGE);
      expect(check({ type: 'image/webp', size: 10 })).toBeNull();
      expect(check({ type: 'image/gif', size: 10 })).toBeNull();
    }
  });

  it('ignores an upload at 10 photos', () => {
    expect(canAddPhoto(9)).toBe(true);
    expect(canAddPhoto(10)).toBe(false);
  });

  it("accepts exactly 'DELETE MY ACCOUNT' and nothing else", () => {
    expect(deletionConfirmed('DELETE MY ACCOUNT')).toBe(true);
    for (const typed of ['delete my account', 'DELETE MY ACCOUNT ', ' DELETE MY ACCOUNT', 'DELETE  MY ACCOUNT', 'DELETE MY', '']) {
      expect(deletionConfirmed(typed), JSON.stringify(typed)).toBe(false);
    }
  });
});
