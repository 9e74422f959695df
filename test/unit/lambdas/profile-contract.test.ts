import { describe, expect, it } from 'vitest';
import {
  CONTACT_VISIBILITY_OPTIONS,
  DISPLAY_NAME_HIDDEN_MESSAGE,
  displayNameSchema,
  profileSetupSchema,
  sanitizeDisplayName,
  VISIBILITY_OPTIONS,
} from '#contracts/profile';
import { INVITE_CODE_ATTRIBUTE, signUpOptions } from '#contracts/sign-up';
import { inviteCodeSchema } from '#contracts/joining';

const valid = {
  displayName: 'Nell',
  bio: 'Hello',
  birthday: '1990-01-31',
  location: { city: 'Austin', state: 'Texas' },
  contactInfo: { phoneNumber: '555-123-4567', personalEmail: 'nell@example.com' },
};

function messages(input: unknown): string[] {
  const parsed = profileSetupSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('the profile setup contract', () => {
  it("fills the spec's defaults: country United States, privacy Anchors Only", () => {
    expect(profileSetupSchema.parse(valid)).toMatchObject({
      location: { country: 'United States' },
      privacy: { profileVisibility: 'friends', birthdayVisibility: 'friends', contactVisibility: 'friends' },
    });
  });

  it("refuses bad fields with the spec's messages", () => {
    expect(messages({ ...valid, contactInfo: { phoneNumber: '5551234567', personalEmail: 'x' } })).toEqual([
      'Please enter a valid phone number in the format: 555-123-4567',
      'Please enter a valid email address',
    ]);
    expect(messages({ ...valid, bio: 'x'.repeat(301) })).toHaveLength(1);
    expect(messages({ ...valid, bio: '   ' })).toHaveLength(1);
    expect(messages({ ...valid, location: { city: 'Austin', state: 'TX' } })).toHaveLength(1);
    expect(messages({ ...valid, birthday: '2999-01-01' })).toEqual(['Your birthday cannot be in the future']);
    expect(messages({ ...valid, birthday: '1990-02-30' })).toHaveLength(1);
    expect(messages({ ...valid, privacy: { contactVisibility: 'public' } })).toHaveLength(1);
  });

  it('labels the visibility options as the spec does', () => {
    expect(VISIBILITY_OPTIONS.map((option) => option.label)).toEqual(['Everyone', 'Anchors Only', 'Only Me']);
    expect(CONTACT_VISIBILITY_OPTIONS.map((option) => option.label)).toEqual(['Anchors Only', 'Only Me']);
  });
});

describe('sign-up helpers', () => {
  it('puts the upper-cased code in the custom attribute, and code and ticket in the client metadata and validation data', () => {
    expect(signUpOptions({ email: ' a@example.com ', displayName: ' Nell ', inviteCode: 'abcd2345', signUpTicket: 'T' })).toEqual({
      userAttributes: { email: 'a@example.com', name: 'Nell', [INVITE_CODE_ATTRIBUTE]: 'ABCD2345' },
      clientMetadata: { inviteCode: 'ABCD2345', signUpTicket: 'T' },
      validationData: { inviteCode: 'ABCD2345', signUpTicket: 'T' },
    });
  });

  it("upper-cases codes and says 'Invite codes are 8 characters long' otherwise", () => {
    expect(inviteCodeSchema.parse(' abcd2345 ')).toBe('ABCD2345');
    expect(inviteCodeSchema.safeParse('abc').error?.issues[0]?.message).toBe('Invite codes are 8 characters long');
  });
});

describe('display names (sign-up, profile setup, settings)', () => {
  it('keeps 1–60 visible characters after trimming, NFC-normalized', () => {
    expect(displayNameSchema.parse('  Nell  ')).toBe('Nell');
    expect(displayNameSchema.parse('Zoe\u0301')).toBe('Zoé');
    expect(displayNameSchema.safeParse('   ').success).toBe(false);
    expect(displayNameSchema.safeParse('x'.repeat(61)).success).toBe(false);
    expect(displayNameSchema.safeParse('x'.repeat(1500)).success).toBe(false);
  });

  it('refuses control, bidi-override and zero-width characters', () => {
    for (const hidden of ['\u0007', '\u202E', '\u2066', '\u200B', '\u200D', '\uFEFF', '\n']) {
      expect(displayNameSchema.safeParse(`Ne${hidden}ll`).error?.issues[0]?.message, JSON.stringify(hidden)).toBe(DISPLAY_NAME_HIDDEN_MESSAGE);
    }
  });

  it('brings a name made outside the app to the rule', () => {
    expect(sanitizeDisplayName(`  Ne\u202Ell ${'x'.repeat(1500)}`)).toHaveLength(60);
    expect(sanitizeDisplayName('\u200B\u200B')).toBe('');
    expect(displayNameSchema.safeParse(sanitizeDisplayName(`A\u0000B${'é'.repeat(80)}`)).success).toBe(true);
  });
});
