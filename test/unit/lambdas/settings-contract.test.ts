import { describe, expect, it } from 'vitest';
import { callables } from '#contracts/callables';
import { PICTURE_NOT_IMAGE_MESSAGE, pictureMaxBytes, pictureTooLargeMessage, picturePurposeSchema, pictureUploadContentType } from '#contracts/profile';
import { latestGraduationYear, PRIVACY_SELECTS, privacySettingsSchema, SETTINGS_MESSAGES, updateProfileSchema } from '#contracts/settings';

const PROFILE = {
  displayName: ' Rita ',
  birthday: '1990-04-05',
  graduationYear: 2012,
  major: 'Botany',
  bio: 'Hi',
  location: { city: 'winston-salem', state: 'nc' },
  contactInfo: { phoneNumber: '555-222-3333', personalEmail: 'rita@example.com' },
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('updateProfileSchema', () => {
  it('normalizes the name, city and state the way profile setup does', () => {
    expect(updateProfileSchema.parse(PROFILE)).toMatchObject({ displayName: 'Rita', location: { city: 'Winston-Salem', state: 'North Carolina' } });
    expect(updateProfileSchema.parse({ ...PROFILE, location: { city: 'x', state: 'Calif' } }).location.state).toBe('California');
  });

  it('allows clearing the optional fields', () => {
    const cleared = updateProfileSchema.parse({
      ...PROFILE,
      birthday: '',
      graduationYear: null,
      major: '',
      bio: '',
      contactInfo: { phoneNumber: '', personalEmail: '' },
    });
    expect(cleared).toMatchObject({ birthday: '', graduationYear: null, contactInfo: { phoneNumber: '', personalEmail: '' } });
  });

  it('refuses with the spec messages', () => {
    expect(firstMessage(updateProfileSchema.safeParse({ ...PROFILE, bio: 'x'.repeat(301) }))).toBe('Bio must be at most 300 characters');
    expect(firstMessage(updateProfileSchema.safeParse({ ...PROFILE, contactInfo: { phoneNumber: '555 222 3333', personalEmail: '' } }))).toBe(
      'Please enter a valid phone number in the format: 555-123-4567',
    );
    expect(firstMessage(updateProfileSchema.safeParse({ ...PROFILE, contactInfo: { phoneNumber: '', personalEmail: 'x@' } }))).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage(updateProfileSchema.safeParse({ ...PROFILE, location: { city: 'A', state: 'New' } }))).toBe(SETTINGS_MESSAGES.stateUnknown);
    expect(firstMessage(updateProfileSchema.safeParse({ ...PROFILE, birthday: '1990-02-30' }))).toBe('Please enter a real date');
  });

  it('takes graduation years from 1900 to ten years ahead, whole and integer only', () => {
    const year = (graduationYear: unknown) => updateProfileSchema.safeParse({ ...PROFILE, graduationYear }).success;
    expect(year(1900)).toBe(true);
    expect(year(latestGraduationYear())).toBe(true);
    expect(year(latestGraduationYear() + 1)).toBe(false);
    expect(year(1899)).toBe(false);
    expect(year(2000.5)).toBe(false);
    expect(year('2000')).toBe(false);
  });

  it('refuses fields a member must never set', () => {
    for (const extra of [{ isAdmin: true }, { isSuperuser: true }, { inviteSystem: {} }, { anchorCount: 1 }, { photos: [] }, { uid: 'x' }]) {
      expect(updateProfileSchema.safeParse({ ...PROFILE, ...extra }).success, JSON.stringify(extra)).toBe(false);
    }
  });
});

describe('privacySettingsSchema', () => {
  const PRIVACY = {
    profileVisibility: 'public',
    birthdayVisibility: 'friends',
    photosVisibility: 'private',
    contactVisibility: 'friends',
    phoneVisibility: 'private',
    emailVisibility: 'friends',
  };

  it('takes the six settings, contact details never public', () => {
    expect(privacySettingsSchema.parse(PRIVACY)).toEqual(PRIVACY);
    for (const field of ['contactVisibility', 'phoneVisibility', 'emailVisibility']) {
      expect(privacySettingsSchema.safeParse({ ...PRIVACY, [field]: 'public' }).success).toBe(false);
    }
    expect(privacySettingsSchema.safeParse({ ...PRIVACY, isAdmin: true }).success).toBe(false);
  });

  it('lists one select per setting', () => {
    expect(PRIVACY_SELECTS.map((select) => select.field).sort()).toEqual(Object.keys(PRIVACY).sort());
  });
});

describe('profile picture purpose', () => {
  it('is 5 MB from profile setup (the default) and 10 MB from settings', () => {
    expect(pictureMaxBytes(picturePurposeSchema.parse(undefined))).toBe(5 * 1024 * 1024);
    expect(pictureMaxBytes('settings')).toBe(10 * 1024 * 1024);
    expect(pictureTooLargeMessage('setup')).toBe('Image must be less than 5MB');
    expect(pictureTooLargeMessage('settings')).toBe('Image must be less than 10MB');
    expect(callables.confirmProfilePicture.input.safeParse({ purpose: 'anything' }).success).toBe(false);
  });
});

describe('upload grant content types', () => {
  it('grants JPEG, PNG, WebP and GIF only, in both callables, and refuses the rest with one message', () => {
    for (const contentType of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(callables.createPhotoUpload.input.safeParse({ contentType }).success, contentType).toBe(true);
      expect(callables.createProfilePictureUpload.input.safeParse({ contentType, purpose: 'settings' }).success, contentType).toBe(true);
    }
    for (const contentType of ['image/svg+xml', 'Image/PNG', 'image/png ', 'image/heic', 'text/html', '']) {
      expect(firstMessage(callables.createPhotoUpload.input.safeParse({ contentType })), contentType).toBe(PICTURE_NOT_IMAGE_MESSAGE);
      expect(firstMessage(callables.createProfilePictureUpload.input.safeParse({ contentType })), contentType).toBe(PICTURE_NOT_IMAGE_MESSAGE);
    }
  });

  it("asks for the file's own type when granted, else JPEG (the server checks the bytes)", () => {
    expect(pictureUploadContentType('image/webp')).toBe('image/webp');
    expect(pictureUploadContentType('')).toBe('image/jpeg');
  });
});
