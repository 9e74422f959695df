/**
 * The vouching queries: the member's own verification and vouches (listMyVouches), which the
 * Get verified page, the profile's card and Settings › Vouches share. Every key starts with
 * 'vouching', so one invalidation after a vouch, a withdrawal or a push refreshes them all.
 */
export const vouchingKeys = {
  all: ['vouching'] as const,
  mine: (uid: string) => ['vouching', uid, 'mine'] as const,
};
