import { normalizeState } from '#contracts/location';
import { type ProfileSetupInput, profileSetupSchema } from '#contracts/profile';
import { DEFAULT_COUNTRY, type User } from '#contracts/user';

/** The form's values: exactly what completeProfile takes. */
export interface ProfileFormValues {
  displayName: string;
  bio: string;
  birthday: string;
  location: { city: string; state: string; country: string };
  contactInfo: { phoneNumber: string; personalEmail: string };
  privacy: {
    profileVisibility: 'public' | 'friends' | 'private';
    birthdayVisibility: 'public' | 'friends' | 'private';
    contactVisibility: 'friends' | 'private';
  };
}

/** Starts from what the record already holds (editing), with the spec's defaults otherwise. */
export function initialProfileValues(me: User | null | undefined): ProfileFormValues {
  return {
    displayName: me?.displayName ?? '',
    bio: me?.bio ?? '',
    birthday: me?.birthday ?? '',
    location: {
      city: me?.location.city ?? '',
      state: (me?.location.state && normalizeState(me.location.state)) || '',
      country: me?.location.country || DEFAULT_COUNTRY,
    },
    contactInfo: {
      phoneNumber: me?.contactInfo.phoneNumber ?? '',
      personalEmail: me?.contactInfo.personalEmail ?? '',
    },
    privacy: {
      profileVisibility: me?.privacy.profileVisibility ?? 'friends',
      birthdayVisibility: me?.privacy.birthdayVisibility ?? 'friends',
      // Contact details are never public (spec §5): an older record's 'public' becomes Anchors Only.
      contactVisibility: me?.privacy.contactVisibility === 'private' ? 'private' : 'friends',
    },
  };
}

/** The values as the callable takes them, or null while anything required is missing or invalid. */
export function completeProfileInput(values: ProfileFormValues): ProfileSetupInput | null {
  const parsed = profileSetupSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

/**
 * 'Complete Profile' is enabled only when every required field is valid (no phone or email
 * errors) and a picture exists (spec §2).
 */
export function canCompleteProfile(values: ProfileFormValues, hasPicture: boolean): boolean {
  return hasPicture && completeProfileInput(values) !== null;
}
