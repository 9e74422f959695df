import { describe, expect, it } from 'vitest';
import { issueSignUpTicket, isValidSignUpTicket, readSignUpTicket, SIGN_UP_TICKET_TTL_SECONDS } from '#domain/sign-up-ticket';

const SECRET = 'a secret only the two functions know';
const NOW = new Date('2026-11-24T12:00:00Z');

describe('sign-up tickets', () => {
  it('admits the code it was issued for, until it expires', () => {
    const ticket = issueSignUpTicket('ABCD2345', SECRET, NOW);
    expect(isValidSignUpTicket(ticket, 'ABCD2345', SECRET, NOW)).toBe(true);
    const justBefore = new Date(NOW.getTime() + SIGN_UP_TICKET_TTL_SECONDS * 1000);
    expect(isValidSignUpTicket(ticket, 'ABCD2345', SECRET, justBefore)).toBe(true);
    const after = new Date(NOW.getTime() + (SIGN_UP_TICKET_TTL_SECONDS + 1) * 1000);
    expect(isValidSignUpTicket(ticket, 'ABCD2345', SECRET, after)).toBe(false);
  });

  it('refuses another code, another secret, a forged expiry and anything malformed', () => {
    const ticket = issueSignUpTicket('ABCD2345', SECRET, NOW);
    expect(isValidSignUpTicket(ticket, 'ABCD2346', SECRET, NOW)).toBe(false);
    expect(isValidSignUpTicket(ticket, 'ABCD2345', 'another secret', NOW)).toBe(false);
    const [expiry, nonce, signature] = ticket.split('.');
    expect(isValidSignUpTicket(`${Number(expiry) + 3600}.${nonce}.${signature}`, 'ABCD2345', SECRET, NOW)).toBe(false);
    // The nonce is signed too: another nonce under the same signature is a forgery.
    expect(isValidSignUpTicket(`${expiry}.${'A'.repeat(22)}.${signature}`, 'ABCD2345', SECRET, NOW)).toBe(false);
    expect(isValidSignUpTicket(`${expiry}.${signature}`, 'ABCD2345', SECRET, NOW)).toBe(false);
    for (const bad of [undefined, null, 42, '', 'x.y', `${expiry}.`, `${expiry}.${signature}x`]) {
      expect(isValidSignUpTicket(bad, 'ABCD2345', SECRET, NOW)).toBe(false);
    }
  });

  it('carries a nonce of its own, so PreSignUp can spend each ticket once', () => {
    const first = issueSignUpTicket('ABCD2345', SECRET, NOW);
    const second = issueSignUpTicket('ABCD2345', SECRET, NOW);
    expect(first).not.toBe(second);
    const read = readSignUpTicket(first, 'ABCD2345', SECRET, NOW);
    expect(read).toEqual({ nonce: first.split('.')[1], expiresAt: Math.floor(NOW.getTime() / 1000) + SIGN_UP_TICKET_TTL_SECONDS });
    expect(read?.nonce).not.toBe(readSignUpTicket(second, 'ABCD2345', SECRET, NOW)?.nonce);
    expect(readSignUpTicket(first, 'ABCD2346', SECRET, NOW)).toBeNull();
  });
});
