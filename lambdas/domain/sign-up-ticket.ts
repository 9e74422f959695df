import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A sign-up ticket: proof that validateInviteCode checked this invite code moments ago. Cognito's
 * PreSignUp sees no client address, so it cannot budget guesses itself; it admits only a sign-up
 * carrying a ticket, and tickets come only from the budgeted check. Stateless: the expiry and an
 * HMAC of (code, expiry) under a secret only the two functions know.
 */
export const SIGN_UP_TICKET_TTL_SECONDS = 15 * 60;

function signature(code: string, expiresAt: number, secret: string): string {
  return createHmac('sha256', secret).update(`sign-up:${code}:${expiresAt}`).digest('base64url');
}

export function issueSignUpTicket(code: string, secret: string, now: Date = new Date()): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + SIGN_UP_TICKET_TTL_SECONDS;
  return `${expiresAt}.${signature(code, expiresAt, secret)}`;
}

/** True for an unexpired ticket issued for exactly this code under this secret. */
export function isValidSignUpTicket(ticket: unknown, code: string, secret: string, now: Date = new Date()): boolean {
  if (typeof ticket !== 'string') return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match?.[1] || !match[2]) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt < Math.floor(now.getTime() / 1000)) return false;
  const expected = Buffer.from(signature(code, expiresAt, secret));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
