import { isApiError } from '../../lib/api-client.ts';

/** Spec Profile view: the three failures, each shown with a link back to the dashboard. */
export const PROFILE_VIEW_MESSAGES = {
  userNotFound: 'User not found',
  loadFailed: 'Failed to load profile',
  profileNotFound: 'Profile not found',
  private: 'This profile is private',
} as const;

/**
 * Which failure to show: an unknown member is 'User not found'; an id the server refuses as
 * malformed (or none at all) is 'Profile not found'; anything else (network, server) is
 * 'Failed to load profile'.
 */
export function profileLoadMessage(error: unknown): string {
  if (isApiError(error, 'not-found')) return PROFILE_VIEW_MESSAGES.userNotFound;
  if (isApiError(error, 'invalid-argument')) return PROFILE_VIEW_MESSAGES.profileNotFound;
  return PROFILE_VIEW_MESSAGES.loadFailed;
}

/** Spec: location joined as city, state, country (empty parts left out). */
export function joinLocation(location: { city: string; state: string; country: string }): string {
  return [location.city, location.state, location.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}
