import { useMutation } from '@tanstack/react-query';
import { UNKNOWN_LOCATION } from '#contracts/location';
import { callApi } from '../../../lib/api-client.ts';

/**
 * Step 1's check (spec §7): the code with city and state 'Unknown', so the server only checks that
 * it exists and its owner has an invite left. Public: no account yet.
 */
export function validateInviteCodeAtSignUp(inviteCode: string) {
  return callApi('validateInviteCode', {
    inviteCode,
    userLocation: { city: UNKNOWN_LOCATION, state: UNKNOWN_LOCATION },
  });
}

export function useValidateInviteCode() {
  return useMutation({ mutationFn: validateInviteCodeAtSignUp });
}
