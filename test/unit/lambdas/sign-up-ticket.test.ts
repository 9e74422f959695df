import { describe, expect, it } from 'vitest';
import { issueSignUpTicket, isValidSignUpTicket, SIGN_UP_TICKET_TTL_SECONDS } from '#domain/sign-up-ticket';

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
    const [expiry, signature] = ticket.split('.');
    expect(isValidSignUpTicket(`${Number(expiry) + 3600}.${signature}`, 'ABCD2345', SECRET, NOW)).toBe(false);
    for (const bad of [undefined, null, 42, '', 'x.y', `${expiry}.`, `${expiry}.${signature}x`]) {
      expect(isValidSignUpTicket(bad, 'ABCD2345', SECRET, NOW)).toBe(false);
    }
  });
});
