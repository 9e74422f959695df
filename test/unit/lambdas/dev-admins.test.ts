import { describe, expect, it } from 'vitest';
import { ANYONE, devAdminPolicy, mayMakeThemselfAdmin } from '#domain/dev-admins';

/** Who may use Make Me Admin off prod (DEV_ADMIN_EMAILS on the function, STAGE beside it). */

describe('devAdminPolicy', () => {
  it("opens to anyone only with '*' on the local cloud", () => {
    expect(devAdminPolicy(ANYONE, 'local')).toEqual({ anyone: true });
    expect(devAdminPolicy(' * ', 'local')).toEqual({ anyone: true });
    for (const stage of ['dev', 'prod', undefined]) {
      const policy = devAdminPolicy(ANYONE, stage);
      expect(policy.anyone, String(stage)).toBe(false);
      expect(mayMakeThemselfAdmin(policy, 'ana@example.com')).toBe(false);
    }
  });

  it.each([undefined, '', ' , ,'])('lets nobody in with the list %j', (list) => {
    const policy = devAdminPolicy(list, 'dev');
    expect(mayMakeThemselfAdmin(policy, 'ana@example.com')).toBe(false);
    expect(mayMakeThemselfAdmin(policy, '')).toBe(false);
  });

  it('lets in a listed verified email, whatever its case or the spaces around entries', () => {
    const policy = devAdminPolicy(' Ana@Example.com , bo@example.org', 'dev');
    expect(mayMakeThemselfAdmin(policy, 'ana@example.com')).toBe(true);
    expect(mayMakeThemselfAdmin(policy, 'BO@EXAMPLE.ORG')).toBe(true);
    expect(mayMakeThemselfAdmin(policy, 'cy@example.com')).toBe(false);
    expect(mayMakeThemselfAdmin(policy, null)).toBe(false);
  });

  it("never matches on entries that are not emails ('*' among emails, a blank-separated pair)", () => {
    const policy = devAdminPolicy('ana@example.com,*,bo@example.org cy@example.com', 'local');
    expect(policy.anyone).toBe(false);
    expect(mayMakeThemselfAdmin(policy, 'ana@example.com')).toBe(true);
    expect(mayMakeThemselfAdmin(policy, 'bo@example.org')).toBe(false);
    expect(mayMakeThemselfAdmin(policy, '*')).toBe(false);
  });
});
