import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '#contracts/admin';
import { adminChangeError, revocationWitness } from '#domain/admin-roles';

describe('revocationWitness', () => {
  it('is the caller when they revoke someone else', () => {
    expect(revocationWitness('ada', 'ben', [])).toBe('ada');
  });

  it('is another admin when the caller revokes themself, and null when there is none', () => {
    expect(revocationWitness('ada', 'ada', ['ada', 'ben'])).toBe('ben');
    expect(revocationWitness('ada', 'ada', ['ada'])).toBeNull();
    expect(revocationWitness('ada', 'ada', [])).toBeNull();
  });
});

describe('adminChangeError', () => {
  it('answers a change that changed nothing as success', () => {
    expect(adminChangeError('unchanged')).toBeNull();
  });

  it.each([
    ['not-found', 'not-found', ADMIN_MESSAGES.userNotFound],
    ['not-joined', 'permission-denied', ADMIN_MESSAGES.notJoinedForAdmin],
    ['founder', 'permission-denied', ADMIN_MESSAGES.founderStaysAdmin],
    ['last-admin', 'aborted', ADMIN_MESSAGES.lastAdmin],
  ] as const)('%s is %s with a sentence', (reason, status, message) => {
    expect(adminChangeError(reason)).toMatchObject({ status, message });
  });
});
