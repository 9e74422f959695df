import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A sign-up ticket: proof that validateInviteCode checked this invite code moments ago. Cognito's
 * PreSignUp sees no client address, so it cannot budget guesses itself; it admits only a sign-up
 * carrying a ticket, and tickets come only from the budgeted check. `<expiry>.<nonce>.<HMAC of
 * (code, expiry, nonce)>` under a secret only the two functions know. The signature makes it
 * unforgeable; the nonce makes it good for ONE sign-up: PreSignUp spends it in the same
 * transaction that holds the invite (lambdas/data/invites/invite-reservations.ts), so a ticket replayed
 * within its 15 minutes admits nobody.
 */
export const SIGN_UP_TICKET_TTL_SECONDS = 15 * 60;

/** What a valid ticket carries: its nonce (spent once) and when it expires (seconds since the epoch). */
export interface SignUpTicket {
  nonce: string;
  expiresAt: number;
}

function signature(code: string, expiresAt: number, nonce: string, secret: string): string {
  return createHmac('sha256', secret).update(`sign-up:${code}:${expiresAt}:${nonce}`).digest('base64url');
}

export function issueSignUpTicket(code: string, secret: string, now: Date = new Date()): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + SIGN_UP_TICKET_TTL_SECONDS;
  const nonce = randomBytes(16).toString('base64url');
  return `${expiresAt}.${nonce}.${signature(code, expiresAt, nonce, secret)}`;
}

/** The ticket's nonce and expiry when it is unexpired and was issued for exactly this code under this secret; else null. */
export function readSignUpTicket(ticket: unknown, code: string, secret: string, now: Date = new Date()): SignUpTicket | null {
  if (typeof ticket !== 'string') return null;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const expiresAt = Number(match[1]);
  if (expiresAt < Math.floor(now.getTime() / 1000)) return null;
  const expected = Buffer.from(signature(code, expiresAt, match[2], secret));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { nonce: match[2], expiresAt };
}

/** True for an unexpired ticket issued for exactly this code under this secret (spent or not). */
export function isValidSignUpTicket(ticket: unknown, code: string, secret: string, now: Date = new Date()): boolean {
  return readSignUpTicket(ticket, code, secret, now) !== null;
}
