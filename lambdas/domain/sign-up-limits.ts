import type { RateLimit } from './abuse-limits.ts';

/**
 * What a leaked invite code can do before its owner notices. Holds are taken at
 * SignUp, before anyone proved they own the email, so an unverified hold must be cheap to undo:
 * few at once, short-lived, and released when the owner replaces the code.
 */

/**
 * At most this many of a member's invites are held for accounts whose email is not verified yet:
 * a household of four signing up at once all get in; a fifth waits until one verifies (or a day).
 * Superusers have no invites to freeze; their codes have the daily cap below instead.
 */
export const UNVERIFIED_HOLDS_PER_MEMBER = 4;

/**
 * An unverified account's hold lapses this long after its sign-up (a verified one keeps its 7
 * days). 23 hours, so the hourly lapse job has released it within 24.
 */
export const UNVERIFIED_HOLD_HOURS = 23;

/**
 * Sign-ups a superuser's code admits per UTC day (their invites are unlimited otherwise): a
 * founder welcoming a whole club in an evening fits; a code posted on a forum stops at 100 a day.
 */
export const SUPERUSER_SIGN_UPS: RateLimit = { name: 'superuserSignUps', maxHits: 100, windowSeconds: 24 * 60 * 60 };
