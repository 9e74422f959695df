import { describe, expect, it } from 'vitest';
import type { AdminMember } from '#contracts/admin';
import { cityKey, mergeSearchMatches, PlatformTally } from '#domain/admin-directory';

function member(uid: string, displayName: string, city = '', state = '', isSuperuser = false): AdminMember {
  return {
    uid,
    displayName,
    email: `${uid}@example.com`,
    location: { city, state, country: 'United States' },
    isSuperuser,
    isAdmin: false,
    verifiedInPerson: false,
  };
}

describe('cityKey', () => {
  it('folds case and spaces, keeps states apart, and gives no key without a city', () => {
    expect(cityKey({ city: ' San  Antonio ', state: 'Texas' })).toBe(cityKey({ city: 'san antonio', state: 'texas' }));
    expect(cityKey({ city: 'Portland', state: 'Oregon' })).not.toBe(cityKey({ city: 'Portland', state: 'Maine' }));
    expect(cityKey({ city: '  ', state: 'Texas' })).toBeNull();
  });
});

describe('PlatformTally', () => {
  it('counts members, superusers and distinct cities, and lists superusers by name then uid', () => {
    const tally = new PlatformTally();
    for (const one of [
      member('u3', 'zoe', 'Austin', 'Texas', true),
      member('u1', 'Ann', 'austin', 'Texas'),
      member('u4', 'ann', 'Waco', 'Texas', true),
      member('u2', 'Ann', '', '', true),
      member('u5', 'Bo'),
    ]) {
      tally.add(one);
    }
    expect(tally.stats()).toEqual({ totalUsers: 5, superusers: 3, distinctCities: 2, verifiedInPerson: 0, notYetVerified: 0 });
    expect(tally.superusers().map((one) => one.uid)).toEqual(['u2', 'u4', 'u3']);
  });

  it('lists admins by name then uid, with the founder marked and since when', () => {
    const tally = new PlatformTally();
    tally.add({ ...member('a2', 'zed'), isAdmin: true }, { isFounder: true, adminSince: null });
    tally.add({ ...member('a1', 'Amy'), isAdmin: true }, { isFounder: false, adminSince: '2026-11-01T00:00:00.000Z' });
    tally.add(member('m1', 'Mo', '', '', true));
    expect(tally.admins().map(({ uid, isFounder, adminSince }) => ({ uid, isFounder, adminSince }))).toEqual([
      { uid: 'a1', isFounder: false, adminSince: '2026-11-01T00:00:00.000Z' },
      { uid: 'a2', isFounder: true, adminSince: null },
    ]);
  });

  it('is all zeros for no members', () => {
    expect(new PlatformTally().stats()).toEqual({ totalUsers: 0, superusers: 0, distinctCities: 0, verifiedInPerson: 0, notYetVerified: 0 });
  });

  it('counts the members verified in person, and the joined members not verified yet (one who has not joined is neither)', () => {
    const tally = new PlatformTally();
    const roles = { isFounder: false, adminSince: null };
    tally.add(member('v1', 'Vic'), roles, { verifiedInPerson: true, joined: true });
    tally.add(member('p1', 'Pat'), roles, { verifiedInPerson: false, joined: true });
    tally.add(member('p2', 'Pia'), roles, { verifiedInPerson: false, joined: true });
    tally.add(member('n1', 'New'), roles, { verifiedInPerson: false, joined: false });
    expect(tally.stats()).toMatchObject({ totalUsers: 4, verifiedInPerson: 1, notYetVerified: 2 });
  });
});

describe('mergeSearchMatches', () => {
  it('keeps name matches first, then email-only ones, each member once, up to the limit', () => {
    const byName = [{ uid: 'a' }, { uid: 'b' }];
    const byEmail = [{ uid: 'b' }, { uid: 'c' }, { uid: 'd' }];
    expect(mergeSearchMatches(byName, byEmail, 20).map((one) => one.uid)).toEqual(['a', 'b', 'c', 'd']);
    expect(mergeSearchMatches(byName, byEmail, 3).map((one) => one.uid)).toEqual(['a', 'b', 'c']);
    expect(mergeSearchMatches([], [], 20)).toEqual([]);
  });
});
