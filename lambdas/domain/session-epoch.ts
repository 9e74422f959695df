/**
 * Sign out everywhere: a member's record carries a session epoch, in whole seconds, and
 * every access token issued before it is refused, although API Gateway's JWT authorizer still
 * finds it valid (it cannot see a revocation; a token lives 15 minutes).
 *
 * The token's `iat` is compared, not its `auth_time`. `auth_time` is when the session's password
 * was entered and survives every refresh, so it would end sessions that began before the epoch but
 * were legitimately refreshed after it; `iat` is when this very token was issued. After a sign-out
 * everywhere a refresh is no longer possible for the old sessions (Cognito's global sign-out
 * revokes their refresh tokens; locally the emulator's are dropped), so a token issued after the
 * epoch comes from a new sign-in, or from a refresh Cognito still allowed, and works.
 */

/**
 * The epoch a sign-out at `now` writes: the next whole second. Token times are whole seconds, so a
 * token issued earlier in the same second (iat = that second) must fall before the epoch; the
 * price is that a sign-in within the same second as the sign-out is refused too (the member signs
 * in again a moment later).
 */
export function sessionEpochAt(now: Date): number {
  return Math.floor(now.getTime() / 1000) + 1;
}

/**
 * Whether a token issued at `issuedAt` (seconds; absent for a caller built without a token's
 * claims) is ended by the member's epoch. No epoch: nothing is ended. A token without an issue time
 * is refused once an epoch exists, since nothing shows it is newer.
 */
export function isEndedBySessionEpoch(issuedAt: number | undefined, epoch: number | null | undefined): boolean {
  if (epoch === null || epoch === undefined) return false;
  return issuedAt === undefined || issuedAt < epoch;
}
