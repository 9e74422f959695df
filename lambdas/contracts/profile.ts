import * as z from 'zod';
import { userIdSchema, userProfileSchema } from './anchors.ts';
import { DEFAULT_COUNTRY, userSchema } from './user.ts';
import { usStateNameSchema } from './location.ts';
import { INVALID_PHONE_MESSAGE, isValidPhone } from './phone.ts';

export const BIO_MAX_LENGTH = 300;
export const DISPLAY_NAME_MAX_LENGTH = 60;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** Options of the profile and birthday visibility selects (spec §5), in the spec's order. */
export const VISIBILITY_OPTIONS = [
  { value: 'public', label: 'Everyone' },
  { value: 'friends', label: 'Anchors Only' },
  { value: 'private', label: 'Only Me' },
] as const;

/** Contact details are never shown to everyone: Anchors Only or Only Me. */
export const CONTACT_VISIBILITY_OPTIONS = [
  { value: 'friends', label: 'Anchors Only' },
  { value: 'private', label: 'Only Me' },
] as const;

const profileVisibilitySchema = z.enum(['public', 'friends', 'private']);
const contactVisibilitySchema = z.enum(['friends', 'private']);

function required(label: string) {
  return z.string().trim().min(1, `${label} is required`);
}

/**
 * Characters a display name may not carry: controls, bidi overrides and isolates (which reorder
 * the text around the name, e.g. to fake another member's name or a link), zero-width characters
 * (invisible twins of a name) and the byte-order mark.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;
export const DISPLAY_NAME_HIDDEN_MESSAGE = 'Name cannot contain invisible or control characters';

/**
 * A name that obeys the rule below made from one that may not (an account's name from before the
 * rule, or one set outside the app): hidden characters dropped, cut to the maximum; '' if nothing is left.
 */
export function sanitizeDisplayName(raw: string): string {
  const visible = raw.normalize('NFC').replace(new RegExp(HIDDEN_CHARACTERS.source, 'gu'), '').trim();
  return Array.from(visible).slice(0, DISPLAY_NAME_MAX_LENGTH).join('').trim();
}

/**
 * A member's display name wherever it is set (sign-up, profile setup, settings): NFC-normalized,
 * 1–60 characters after trimming, no hidden characters.
 */
export const displayNameSchema = z
  .string()
  .transform((name) => name.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, 'Name is required')
      .max(DISPLAY_NAME_MAX_LENGTH, `Name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`)
      .refine((name) => !HIDDEN_CHARACTERS.test(name), DISPLAY_NAME_HIDDEN_MESSAGE),
  );

/** A member in a time zone ahead of UTC may already live "tomorrow" by UTC's calendar. */
const LATEST_TIME_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;

/** yyyy-mm-dd, a real calendar day, not in the future. */
export const birthdaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter your birthday')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, 'Please enter a real date')
  .refine((value) => new Date(`${value}T00:00:00Z`).getTime() <= Date.now() + LATEST_TIME_ZONE_OFFSET_MS, 'Your birthday cannot be in the future')
  .refine((value) => value >= '1900-01-01', 'Please enter a real date');

/**
 * What "Complete Profile" sends (spec §2 Profile setup, §5). The picture is not part of it: it is
 * uploaded and confirmed before (createProfilePictureUpload → confirmProfilePicture), and the
 * server refuses to complete a profile without one. The server normalizes the city (normalizeCity).
 */
export const profileSetupSchema = z
  .object({
    displayName: displayNameSchema,
    bio: required('Bio').max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`),
    birthday: birthdaySchema,
    location: z
      .object({
        city: required('City').max(100, 'City must be at most 100 characters'),
        state: usStateNameSchema,
        country: required('Country').max(60, 'Country must be at most 60 characters').default(DEFAULT_COUNTRY),
      })
      .strict(),
    contactInfo: z
      .object({
        phoneNumber: z.string().trim().refine(isValidPhone, INVALID_PHONE_MESSAGE),
        personalEmail: z.string().trim().pipe(z.email(INVALID_EMAIL_MESSAGE)),
      })
      .strict(),
    privacy: z
      .object({
        profileVisibility: profileVisibilitySchema.default('friends'),
        birthdayVisibility: profileVisibilitySchema.default('friends'),
        contactVisibility: contactVisibilitySchema.default('friends'),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type ProfileSetupInput = z.input<typeof profileSetupSchema>;
export type ProfileSetup = z.output<typeof profileSetupSchema>;

/** Pictures: images only, under 5 MB (spec §5, 'Image must be less than 5MB'). */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_TOO_LARGE_MESSAGE = 'Image must be less than 5MB';
export const PICTURE_NOT_IMAGE_MESSAGE = 'Please upload an image file (JPG, PNG, WebP or GIF)';

/**
 * The only picture types an upload is granted for (profile picture and gallery photos): the ones
 * the server recognises by their bytes (domain/image-type). SVG is not among them: it can carry
 * script, and it is never a photo.
 */
export const PICTURE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type PictureContentType = (typeof PICTURE_CONTENT_TYPES)[number];
export const pictureContentTypeSchema = z.enum(PICTURE_CONTENT_TYPES, { error: PICTURE_NOT_IMAGE_MESSAGE });
/** The file inputs' `accept` attribute: the browser offers these types only. */
export const PICTURE_FILE_ACCEPT = PICTURE_CONTENT_TYPES.join(',');

export function isPictureContentType(type: string): type is PictureContentType {
  return (PICTURE_CONTENT_TYPES as readonly string[]).includes(type);
}

/**
 * The type the web asks a grant for: the file's own (its pickers let only these through), else
 * JPEG, as before for a file the browser gave no type; the server checks the bytes either way.
 */
export function pictureUploadContentType(type: string): PictureContentType {
  return isPictureContentType(type) ? type : 'image/jpeg';
}
export const PICTURE_HINT = 'JPG, PNG up to 5MB';

/**
 * Where a profile picture comes from: profile setup (5 MB, spec §5) or settings (its hint says
 * 10 MB). Both the presigned POST and the server's check use the limit of the purpose.
 */
export const picturePurposeSchema = z.enum(['setup', 'settings']).default('setup');
export type PicturePurpose = z.output<typeof picturePurposeSchema>;
export const SETTINGS_PICTURE_MAX_BYTES = 10 * 1024 * 1024;

export function pictureMaxBytes(purpose: PicturePurpose): number {
  return purpose === 'settings' ? SETTINGS_PICTURE_MAX_BYTES : PROFILE_PICTURE_MAX_BYTES;
}

export function pictureTooLargeMessage(purpose: PicturePurpose): string {
  return purpose === 'settings' ? 'Image must be less than 10MB' : PICTURE_TOO_LARGE_MESSAGE;
}

/** The profile callables (the caller's own record, another member's profile); the registry in callables.ts gathers them. */
export const profileCallables = {
  getMe: {
    access: 'member',
    presence: 'before-record',
    input: z.object({}).strict(),
    output: userSchema,
    description:
      "The caller's user record; not-found until it has been created. Loading it is activity for the metrics: lastActive is refreshed when it is over an hour old.",
  },
  getUserProfile: {
    access: 'member',
    readOnly: true,
    input: z.object({ userId: userIdSchema }).strict(),
    output: userProfileSchema,
    description:
      "A member's profile with only the fields the caller may see (privacy settings, 'friends' = accepted anchors): a profile the caller may not see is the private shape (uid, name, picture, relationship); birthday, photos, phone and email each follow their own setting, and a phone or email reaches an anchor only when the contact setting allows it too. 'User not found' (404) for unknown ids.",
  },
} as const;
