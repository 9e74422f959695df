import { describe, expect, it } from 'vitest';
import { INVITE_MESSAGES } from '#contracts/joining';
import { assertCanInvite, decideInviteType, invitesLeftByKind, isSamePlace, isUnknownPlace, relatePlaces } from '#domain/invite-rules';
import { cityKey, distanceMiles } from '#domain/places';
import { findCityCentre, suggestCities } from '#data/places';

const austin = { lat: 30.267, lon: -97.743 };
const roundRock = { lat: 30.508, lon: -97.679 };
const dallas = { lat: 32.777, lon: -96.797 };

function inviter(
  overrides: {
    isSuperuser?: boolean;
    invitesRemaining?: number;
    invitesReserved?: number;
    localInvitesUsed?: number;
    distantInvitesUsed?: number;
    joinedAt?: string | null;
  } = {},
) {
  return {
    isSuperuser: overrides.isSuperuser ?? false,
    isAdmin: false,
    joinedAt: overrides.joinedAt === undefined ? '2026-01-01T00:00:00.000Z' : overrides.joinedAt,
    inviteSystem: {
      invitesRemaining: overrides.invitesRemaining ?? 10,
      invitesReserved: overrides.invitesReserved ?? 0,
      invitesUsed: 0,
      inviteCode: 'ABCDEFGH',
      localInvitesUsed: overrides.localInvitesUsed ?? 0,
      distantInvitesUsed: overrides.distantInvitesUsed ?? 0,
      invitedBy: null,
    },
  };
}

function refusal(run: () => unknown): { status: string; message: string } {
  try {
    run();
  } catch (error) {
    return error as { status: string; message: string };
  }
  throw new Error('expected a refusal');
}

describe('places', () => {
  it('measures great-circle distance in miles', () => {
    expect(distanceMiles(austin, dallas)).toBeGreaterThan(180);
    expect(distanceMiles(austin, dallas)).toBeLessThan(190);
    expect(distanceMiles(austin, austin)).toBe(0);
  });

  it('reduces spelling variants of one city to one key', () => {
    expect(cityKey('St. Louis')).toBe(cityKey('saint louis'));
    expect(cityKey('Winston-Salem')).toBe(cityKey('Winston Salem'));
    expect(cityKey('Ft Worth')).toBe(cityKey('Fort Worth'));
    expect(cityKey('Austin')).not.toBe(cityKey('Boston'));
  });

  it('finds city centres from the offline table, by any spelling of the state', () => {
    const stLouis = findCityCentre('St. Louis', 'MO') ?? { lat: 0, lon: 0 };
    expect(distanceMiles(stLouis, { lat: 38.627, lon: -90.199 })).toBeLessThan(10);
    expect(findCityCentre('McAllen', 'Texas')).not.toBeNull();
    expect(findCityCentre('Winston-Salem', 'north carolina')).not.toBeNull();
    expect(findCityCentre('Atlantis', 'Texas')).toBeNull();
    expect(findCityCentre('Austin', 'Nowhere')).toBeNull();
  });

  it('suggests up to 10 known cities, larger places first', () => {
    const suggestions = suggestCities('spring', undefined);
    expect(suggestions).toHaveLength(10);
    expect(suggestCities('aust', 'TX')[0]).toEqual({ city: 'Austin', state: 'Texas' });
    expect(suggestCities('zzzz', undefined)).toEqual([]);
  });
});

describe('relating places', () => {
  it('treats the same city and state as local, whatever the spelling', () => {
    expect(isSamePlace({ city: 'st. louis', state: 'MO' }, { city: 'Saint Louis', state: 'Missouri' })).toBe(true);
    expect(isSamePlace({ city: 'Portland', state: 'Oregon' }, { city: 'Portland', state: 'Maine' })).toBe(false);
    const relation = relatePlaces({
      inviter: { city: 'Austin', state: 'TX' },
      invitee: { city: 'austin', state: 'Texas' },
      inviterCentre: null,
      inviteeCentre: null,
    });
    expect(relation).toBe('local');
  });

  it("compares normalized places: an inviter saved as 'Portland, Oregon' is local to 'Portland' / 'Oregon'", () => {
    expect(isSamePlace({ city: 'Portland, Oregon', state: 'Oregon' }, { city: 'Portland', state: 'Oregon' })).toBe(true);
    expect(isSamePlace({ city: 'portland, OR, United States', state: 'OR' }, { city: 'Portland', state: 'Oregon' })).toBe(true);
    // A trailing state that is not the place's state stays part of what was typed: no match.
    expect(isSamePlace({ city: 'Portland, Maine', state: 'Oregon' }, { city: 'Portland', state: 'Oregon' })).toBe(false);
    expect(findCityCentre('Portland, Oregon', 'Oregon')).toEqual(findCityCentre('Portland', 'Oregon'));
    expect(findCityCentre('Portland, Oregon', 'Oregon')).not.toBeNull();
  });

  it('classifies another place within 50 miles as distant, farther as too far', () => {
    const base = { inviter: { city: 'Austin', state: 'Texas' }, invitee: { city: 'Round Rock', state: 'Texas' } };
    expect(relatePlaces({ ...base, inviterCentre: austin, inviteeCentre: roundRock })).toBe('distant');
    expect(relatePlaces({ ...base, inviterCentre: austin, inviteeCentre: dallas })).toBe('too-far');
  });

  it('cannot locate a different city missing from the table', () => {
    const base = { inviter: { city: 'Austin', state: 'Texas' }, invitee: { city: 'Atlantis', state: 'Texas' } };
    expect(relatePlaces({ ...base, inviterCentre: austin, inviteeCentre: null })).toBe('unlocatable');
    // The inviter's own city is the one missing: no distance can be measured from it.
    expect(relatePlaces({ ...base, inviterCentre: null, inviteeCentre: roundRock })).toBe('inviter-unlocatable');
  });

  it("recognises the registration step's Unknown location", () => {
    expect(isUnknownPlace({ city: 'Unknown', state: 'Unknown' })).toBe(true);
    expect(isUnknownPlace({ city: 'Unknown', state: 'Texas' })).toBe(false);
  });
});

describe('deciding an invite', () => {
  it('counts a local or distant use while that kind has uses left', () => {
    expect(decideInviteType(inviter(), 'local')).toBe('local');
    expect(decideInviteType(inviter({ localInvitesUsed: 5 }), 'distant')).toBe('distant');
  });

  it("refuses a place that does not match with the spec's sentence and the reason", () => {
    const reasons = {
      'too-far': INVITE_MESSAGES.tooFar,
      unlocatable: INVITE_MESSAGES.unknownCity,
      'inviter-unlocatable': INVITE_MESSAGES.inviterUnlocatable,
    } as const;
    for (const [relation, message] of Object.entries(reasons) as [keyof typeof reasons, string][]) {
      const refused = refusal(() => decideInviteType(inviter(), relation));
      expect(refused).toMatchObject({ status: 'invalid-argument', message });
      // The spec's sentence stays at the start; a reason follows it.
      expect(refused.message.startsWith(`${INVITE_MESSAGES.locationMismatch}: `)).toBe(true);
    }
  });

  it('says how many local and distant newcomers a code still admits (step 1), none for a superuser: no limit', () => {
    expect(invitesLeftByKind(inviter())).toEqual({ local: 5, distant: 5 });
    expect(invitesLeftByKind(inviter({ localInvitesUsed: 3, distantInvitesUsed: 1, invitesRemaining: 6 }))).toEqual({ local: 2, distant: 4 });
    // Invites held for people on the way in (kind not decided yet) bound both.
    expect(invitesLeftByKind(inviter({ localInvitesUsed: 1, invitesRemaining: 9, invitesReserved: 7 }))).toEqual({ local: 2, distant: 2 });
    expect(invitesLeftByKind(inviter({ isSuperuser: true }))).toBeNull();
  });

  it('says which kind is spent when its 5 uses are gone', () => {
    const local = refusal(() => decideInviteType(inviter({ localInvitesUsed: 5 }), 'local'));
    expect(local.message.startsWith('This is a local invite')).toBe(true);
    const distant = refusal(() => decideInviteType(inviter({ distantInvitesUsed: 5 }), 'distant'));
    expect(distant.message.startsWith('This is a distant invite')).toBe(true);
  });

  it('refuses a code without invites left', () => {
    expect(refusal(() => assertCanInvite(inviter({ invitesRemaining: 0 })))).toMatchObject({ message: INVITE_MESSAGES.noInvitesLeft });
    expect(refusal(() => decideInviteType(inviter({ invitesRemaining: 0 }), 'local'))).toMatchObject({ message: INVITE_MESSAGES.noInvitesLeft });
  });

  it('counts invites held for people on the way in against what is left, except for the invite held for this newcomer', () => {
    expect(refusal(() => assertCanInvite(inviter({ invitesRemaining: 3, invitesReserved: 3 })))).toMatchObject({ message: INVITE_MESSAGES.noInvitesLeft });
    expect(() => assertCanInvite(inviter({ invitesRemaining: 3, invitesReserved: 2 }))).not.toThrow();
    // The newcomer's own held invite is one of the three: it is theirs.
    expect(decideInviteType(inviter({ invitesRemaining: 3, invitesReserved: 3 }), 'local', true)).toBe('local');
  });

  it('refuses the code of a member who has not joined yet', () => {
    expect(refusal(() => assertCanInvite(inviter({ joinedAt: null })))).toMatchObject({
      status: 'permission-denied',
      message: INVITE_MESSAGES.notJoinedInviter,
    });
  });

  it("lets a superuser's code through without quota or distance rule", () => {
    const superuser = inviter({ isSuperuser: true, invitesRemaining: 0, localInvitesUsed: 5, distantInvitesUsed: 5 });
    expect(decideInviteType(superuser, 'too-far')).toBe('unrestricted');
    expect(decideInviteType(superuser, null)).toBe('unrestricted');
    expect(() => assertCanInvite(superuser)).not.toThrow();
  });

  it('asks for a location when a member code gets none', () => {
    expect(refusal(() => decideInviteType(inviter(), null))).toMatchObject({ message: INVITE_MESSAGES.locationNeeded });
  });
});
