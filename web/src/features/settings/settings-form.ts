import { ACCOUNT_DELETION_CONFIRMATION } from '#contracts/removal';
import { MAX_PHOTOS, PHOTO_MAX_BYTES, type PrivacySettings, updateProfileSchema, type UpdateProfileInput } from '#contracts/settings';
import { isPictureContentType, PICTURE_NOT_IMAGE_MESSAGE, SETTINGS_PICTURE_MAX_BYTES } from '#contracts/profile';
import type { User } from '#contracts/user';

/** The Profile tab's form: what the inputs hold (the graduation year input is empty or a number). */
export interface SettingsProfileValues {
  displayName: string;
  birthday: string;
  graduationYear: number | '';
  major: string;
  bio: string;
  location: { city: string; state: string };
  contactInfo: { phoneNumber: string; personalEmail: string };
}

export function initialSettingsValues(me: User): SettingsProfileValues {
  return {
    displayName: me.displayName,
    birthday: me.birthday,
    graduationYear: me.graduationYear ?? '',
    major: me.major,
    bio: me.bio,
    location: { city: me.location.city, state: me.location.state },
    contactInfo: { phoneNumber: me.contactInfo.phoneNumber, personalEmail: me.contactInfo.personalEmail },
  };
}

export function updateProfileInput(values: SettingsProfileValues): UpdateProfileInput {
  return { ...values, graduationYear: values.graduationYear === '' ? null : values.graduationYear };
}

/** Field errors by form path, from the very schema the server parses with (one rule, one place). */
export function settingsProfileErrors(values: SettingsProfileValues): Record<string, string> {
  const parsed = updateProfileSchema.safeParse(updateProfileInput(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

export function initialPrivacy(me: User): PrivacySettings {
  const { privacy } = me;
  // Contact details offer Anchors Only and Only Me; an older stored 'public' shows as Anchors Only,
  // which is what the server has always applied to it.
  const contact = (value: User['privacy']['contactVisibility']) => (value === 'private' ? 'private' : 'friends');
  return {
    profileVisibility: privacy.profileVisibility,
    birthdayVisibility: privacy.birthdayVisibility,
    photosVisibility: privacy.photosVisibility,
    contactVisibility: contact(privacy.contactVisibility),
    phoneVisibility: contact(privacy.phoneVisibility),
    emailVisibility: contact(privacy.emailVisibility),
  };
}

/** The settings picture: JPEG, PNG, WebP or GIF (the types an upload is granted for), up to 10 MB (its hint). */
export function settingsPictureError(file: { type: string; size: number }): string | null {
  if (!isPictureContentType(file.type)) return PICTURE_NOT_IMAGE_MESSAGE;
  if (file.size > SETTINGS_PICTURE_MAX_BYTES) return 'Image must be less than 10MB';
  return null;
}

export function photoFileError(file: { type: string; size: number }): string | null {
  if (!isPictureContentType(file.type)) return PICTURE_NOT_IMAGE_MESSAGE;
  if (file.size > PHOTO_MAX_BYTES) return 'Photo must be less than 10MB';
  return null;
}

/** Spec §5: at 10 photos an upload is ignored (the server refuses it anyway). */
export function canAddPhoto(count: number): boolean {
  return count < MAX_PHOTOS;
}

/** The delete dialog's confirm is enabled only for exactly this text (no trimming, no case folding). */
export function deletionConfirmed(typed: string): boolean {
  return typed === ACCOUNT_DELETION_CONFIRMATION;
}
