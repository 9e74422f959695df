import * as z from 'zod';
import { normalizeCity, normalizeState } from './location.ts';
import { pictureUploadSchema } from './joining.ts';
import { INVALID_PHONE_MESSAGE, isValidPhone } from './phone.ts';
import { BIO_MAX_LENGTH, birthdaySchema, displayNameSchema, INVALID_EMAIL_MESSAGE, pictureContentTypeSchema } from './profile.ts';
import { userSchema } from './user.ts';

/** Spec §8 Settings, verbatim, plus the sentences the spec has none for. */
export const SETTINGS_MESSAGES = {
  profileSaved: 'Profile updated successfully!',
  profileFailed: 'Error saving profile. Please try again.',
  privacySaved: 'Privacy settings updated successfully!',
  privacyFailed: 'Error saving privacy settings. Please try again.',
  /** Not in the spec (it only ignores the 11th upload in the UI); the server says why. */
  photosFull: 'You already have 10 photos. Delete one to add another.',
  photoNotFound: 'Photo not found',
  noPhotoUpload: 'No uploaded photo was found. Please upload it again.',
  photoTooLarge: 'Photo must be less than 10MB',
  stateUnknown: 'Please choose one of the 50 US states',
} as const;

/** Spec §9: photos max 10; the settings picture and photo hint says up to 10 MB. */
export const MAX_PHOTOS = 10;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const SETTINGS_PICTURE_HINT = 'JPG, PNG up to 10MB';
export const SUPPORT_EMAIL = 'support@anchored.app';
export const MAJOR_MAX_LENGTH = 100;
export const GRADUATION_YEAR_MIN = 1900;
/** Students may enter the year they expect to graduate, a few years ahead. */
export const GRADUATION_YEARS_AHEAD = 10;

export function latestGraduationYear(now = new Date()): number {
  return now.getUTCFullYear() + GRADUATION_YEARS_AHEAD;
}

const graduationYearSchema = z
  .number({ error: 'Graduation year must be a year' })
  .int('Graduation year must be a whole year')
  .min(GRADUATION_YEAR_MIN, `Graduation year must be ${GRADUATION_YEAR_MIN} or later`)
  .refine((year) => year <= latestGraduationYear(), 'Graduation year is too far in the future')
  .nullable();

/** Empty clears a contact detail; anything else must be well formed. */
const optionalPhoneSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isValidPhone(value), INVALID_PHONE_MESSAGE);
const optionalEmailSchema = z
  .string()
  .trim()
  .max(254)
  .refine((value) => value === '' || z.email().safeParse(value).success, INVALID_EMAIL_MESSAGE);

/** Empty when the member has none; otherwise the profile setup's rules, with their messages. */
const optionalBirthdaySchema = z.string().superRefine((value, context) => {
  if (value === '') return;
  const checked = birthdaySchema.safeParse(value);
  if (!checked.success) for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: issue.message });
});

/**
 * What Save Profile sends: every editable field of the basic info, location and contact info (a
 * full replace of those fields, never of anything else). The state may be typed as a name, code or
 * unique prefix and leaves this schema as its full name; the city is normalized the way profile
 * setup does it. Unknown fields (isAdmin, inviteSystem, anchorCount, photos, privacy …) are refused.
 */
export const updateProfileSchema = z
  .object({
    displayName: displayNameSchema,
    birthday: optionalBirthdaySchema,
    graduationYear: graduationYearSchema,
    major: z.string().trim().max(MAJOR_MAX_LENGTH, `Major must be at most ${MAJOR_MAX_LENGTH} characters`),
    bio: z.string().trim().max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`),
    location: z
      .object({
        city: z.string().trim().min(1, 'City is required').max(100, 'City must be at most 100 characters').transform(normalizeCity),
        state: z
          .string()
          .max(60)
          .transform((typed, context) => {
            const state = normalizeState(typed);
            if (!state) context.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.stateUnknown });
            return state ?? '';
          }),
      })
      .strict(),
    contactInfo: z.object({ phoneNumber: optionalPhoneSchema, personalEmail: optionalEmailSchema }).strict(),
  })
  .strict();

export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfile = z.output<typeof updateProfileSchema>;

/**
 * The six privacy selects. Profile, birthday and photos: Everyone / Anchors Only / Only Me.
 * Contact, phone and email: Anchors Only / Only Me (contact details never go to everyone); the
 * phone and the email each need both their own setting and the contact setting to allow a viewer.
 */
const threeWay = z.enum(['public', 'friends', 'private']);
const twoWay = z.enum(['friends', 'private']);

export const privacySettingsSchema = z
  .object({
    profileVisibility: threeWay,
    birthdayVisibility: threeWay,
    photosVisibility: threeWay,
    contactVisibility: twoWay,
    phoneVisibility: twoWay,
    emailVisibility: twoWay,
  })
  .strict();

export type PrivacySettings = z.output<typeof privacySettingsSchema>;

/** The selects in the order the Privacy tab shows them, each with the options it allows. */
export const PRIVACY_SELECTS = [
  { field: 'profileVisibility', label: 'Profile visibility', options: 'threeWay' },
  { field: 'birthdayVisibility', label: 'Birthday visibility', options: 'threeWay' },
  { field: 'photosVisibility', label: 'Photos visibility', options: 'threeWay' },
  { field: 'contactVisibility', label: 'Contact info visibility', options: 'twoWay' },
  { field: 'phoneVisibility', label: 'Phone number visibility', options: 'twoWay' },
  { field: 'emailVisibility', label: 'Personal email visibility', options: 'twoWay' },
] as const satisfies readonly { field: keyof PrivacySettings; label: string; options: 'threeWay' | 'twoWay' }[];

/** A stored photo as the owner sees it: `url` is the URL of its current version (unsigned), `id` names it for deletePhoto across versions. */
export const photoSchema = z.object({ id: z.string(), url: z.string(), caption: z.string(), uploadedAt: z.string() });
export type Photo = z.infer<typeof photoSchema>;

/** An upload slot: photo uploads may run side by side, so each has its own staging key. */
export const photoUploadIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Unknown upload');

const photosOutput = z.object({ photos: z.array(photoSchema), count: z.number().int(), max: z.number().int() });

export const settingsCallables = {
  updateProfile: {
    refusedWhileSuspended: true,
    access: 'member',
    input: updateProfileSchema,
    output: userSchema,
    description:
      "Saves the caller's basic info (display name, birthday or '', graduationYear from 1900 to this year + 10 or null, major, bio of at most 300 characters), location (city normalized as in profile setup, state by name, code or prefix, saved as its full name) and contact info (phone ddd-ddd-dddd or '', personal email or ''); the name index moves in the same write. Any other field is refused (400). A new display name spends the 'renames' budget (10 a day; other fields spend none).",
  },
  updatePrivacy: {
    budget: 'privacy',
    access: 'member',
    input: privacySettingsSchema,
    output: userSchema,
    description:
      "Saves the caller's six visibility settings (profile, birthday, photos: public/friends/private; contact, phone, email: friends/private). When the photos' audience shrinks (fewer viewers may see them), they move to new keys in the same write, so their old URLs stop working; their ids stay. Saves spend the 'privacy' budget (20 an hour). A suspended member may narrow settings but not widen one (403 with the date).",
  },
  createPhotoUpload: {
    refusedWhileSuspended: true,
    budget: 'uploads',
    access: 'member',
    input: z.object({ contentType: pictureContentTypeSchema }).strict(),
    output: z.object({ uploadId: photoUploadIdSchema, upload: pictureUploadSchema }),
    description:
      'A presigned POST for one gallery photo (JPEG, PNG, WebP or GIF only, at most 10 MB, 5 minutes) to its own staging key (uploads/{uid}/photo-{uploadId}, expired by S3 after a day unless confirmed); refused at 10 photos (409). Then confirmPhotoUpload.',
  },
  confirmPhotoUpload: {
    refusedWhileSuspended: true,
    access: 'member',
    input: z.object({ uploadId: photoUploadIdSchema }).strict(),
    output: photosOutput,
    description:
      "Checks the staged photo (size, real image type by its bytes; a bad one is deleted, 400), copies it to a key of its own version (pictures/{uid}/{version}.{ext}; its id photo-{n}) and appends it, with fewer than 10 photos and the upload's id not yet used as conditions of the one write (409 'You already have 10 photos. Delete one to add another.'). A repeat of a finished confirmation answers the gallery.",
  },
  deletePhoto: {
    access: 'member',
    input: z.object({ photoId: z.string().trim().min(1).max(2048) }).strict(),
    output: photosOutput,
    description:
      "Removes one of the caller's photos: the gallery entry by position, on the condition that it is still that photo, then its object in the bucket. 'Photo not found' (404).",
  },
} as const;
