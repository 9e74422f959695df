import { describe, expect, it } from 'vitest';
import { communityMetricsSchema } from '#contracts/metrics';
import { activityWindowStart, createMetricsTally, fraction, rankInviters, type CommunityFacts, type MemberFacts } from '#domain/community-metrics';

/** Run date 2031-03-04: the 30-day window starts at 2031-02-02T00:00:00.000Z. */
const DATE = '2031-03-04';

function member(uid: string, facts: Partial<MemberFacts>): MemberFacts {
  return {
    kind: 'member',
    uid,
    isVerified: true,
    verifiedInPerson: false,
    createdAt: '2031-03-01T00:00:00.000Z',
    lastActive: '2031-03-01T00:00:00.000Z',
    profileCompleted: true,
    city: '',
    state: '',
    invitedBy: null,
    pendingInviteCode: null,
    ownInviteCode: `${uid.toUpperCase().padEnd(8, 'X').slice(0, 8)}`,
    invitesUsed: 0,
    ...facts,
  };
}

const springfield = { city: 'Springfield', state: 'IL' };
const chicago = { city: 'Chicago', state: 'IL' };

/** A small community whose every figure is worked out by hand in the test below. */
const community: CommunityFacts[] = [
  member('founder', {
    verifiedInPerson: true,
    createdAt: '2030-01-01T00:00:00.000Z',
    lastActive: '2031-03-03T10:00:00.000Z',
    ...springfield,
    ownInviteCode: 'FOUNDER1',
    invitesUsed: 2,
  }),
  // Joined long ago, last seen before the window: came and left.
  member('ann', {
    createdAt: '2030-06-01T00:00:00.000Z',
    lastActive: '2031-01-10T00:00:00.000Z',
    ...springfield,
    invitedBy: 'founder',
    ownInviteCode: 'ANNCODE1',
    invitesUsed: 2,
  }),
  member('bob', {
    verifiedInPerson: true,
    createdAt: '2031-02-20T00:00:00.000Z',
    lastActive: '2031-02-20T00:00:00.000Z',
    ...chicago,
    invitedBy: 'founder',
    ownInviteCode: 'BOBCODE1',
    invitesUsed: 1,
  }),
  // Last seen exactly when the window opens: active.
  member('cat', { createdAt: '2031-01-01T00:00:00.000Z', lastActive: '2031-02-02T00:00:00.000Z', ...springfield, invitedBy: 'ann' }),
  // Signed up with ann's / the founder's code, invite not consumed yet, profile not complete.
  member('dan', { profileCompleted: false, pendingInviteCode: 'ANNCODE1' }),
  member('eve', { createdAt: '2031-03-02T00:00:00.000Z', lastActive: '2031-03-02T00:00:00.000Z', profileCompleted: false, pendingInviteCode: 'FOUNDER1' }),
  // One millisecond before the window: inactive, and established, so a refugee.
  member('gus', { createdAt: '2030-12-01T00:00:00.000Z', lastActive: '2031-02-01T23:59:59.999Z', ...chicago, invitedBy: 'ann' }),
  member('hal', { createdAt: '2031-03-03T00:00:00.000Z', lastActive: '2031-03-03T00:00:00.000Z', ...chicago, invitedBy: 'bob' }),
  // A dev dummy: unverified, so not a member anywhere (not even when its record says verified in person).
  member('dummy-1', { isVerified: false, verifiedInPerson: true, ...springfield, invitedBy: 'founder', createdAt: '2020-01-01T00:00:00.000Z' }),
  { kind: 'connection', status: 'accepted', connectionType: 'local' },
  { kind: 'connection', status: 'accepted', connectionType: 'local' },
  { kind: 'connection', status: 'accepted', connectionType: 'distant' },
  { kind: 'connection', status: 'accepted', connectionType: 'local' },
  { kind: 'connection', status: 'pending', connectionType: 'local' },
];

const expected = {
  date: DATE,
  // founder, ann, bob, cat, dan, eve, gus, hal (not the dummy)
  totalUsers: 8,
  // founder and bob
  verifiedInPerson: 2,
  // all but ann and gus
  activeUsers: 6,
  // invited: ann, bob, cat, gus, hal consumed + dan, eve pending = 7; 5 of 7
  invitationAcceptanceRate: 0.7143,
  // joined before 2031-02-02: founder, ann, cat, gus; of those ann and gus inactive: 2 of 4
  platformRefugeeRate: 0.5,
  // accepted pairs: 3 local of 4
  localConnectionDensity: 0.75,
  geographicClusters: { 'Chicago, IL': 3, 'Springfield, IL': 3 },
  topInviters: [
    // ann and the founder: 2 accepted, 1 pending each (2 of 3); tie broken by uid
    { userId: 'ann', inviteCount: 2, acceptanceRate: 0.6667 },
    { userId: 'founder', inviteCount: 2, acceptanceRate: 0.6667 },
    // bob: fewer accepted, though a better rate
    { userId: 'bob', inviteCount: 1, acceptanceRate: 1 },
  ],
  basis: { invitedSignups: 7, invitesAccepted: 5, establishedMembers: 4, refugees: 2, acceptedConnections: 4, localConnections: 3 },
};

function tallyInPages(facts: readonly CommunityFacts[], pageSize: number) {
  const tally = createMetricsTally(DATE);
  for (let start = 0; start < facts.length; start += pageSize) tally.add(facts.slice(start, start + pageSize));
  return tally.finish();
}

describe('community metrics (pure tally)', () => {
  it('equals the hand-computed figures of a seeded community', () => {
    const metrics = tallyInPages(community, 100);
    expect(metrics).toEqual(expected);
    expect(communityMetricsSchema.parse(metrics)).toEqual(expected);
  });

  it('gives the same record whatever the page size and the order items arrive in (invitees before inviters)', () => {
    const reversed = [...community].reverse();
    for (const pageSize of [1, 2, 3, 7]) {
      expect(tallyInPages(community, pageSize)).toEqual(expected);
      expect(tallyInPages(reversed, pageSize)).toEqual(expected);
    }
    // Stored map order is part of "identical": keys are sorted.
    expect(Object.keys(tallyInPages(reversed, 1).geographicClusters)).toEqual(['Chicago, IL', 'Springfield, IL']);
  });

  it('measures the window from the run date, not the clock', () => {
    expect(new Date(activityWindowStart(DATE)).toISOString()).toBe('2031-02-02T00:00:00.000Z');
    // Nine days later (window from 2031-02-11) cat's last visit has left the window too.
    const later = createMetricsTally('2031-03-13');
    later.add(community);
    const metrics = later.finish();
    expect(metrics.activeUsers).toBe(5); // founder, bob, dan, eve, hal
    // joined before 02-11: founder, ann, cat, gus; inactive among them: ann, cat, gus
    expect(metrics.basis).toMatchObject({ establishedMembers: 4, refugees: 3 });
    expect(metrics.platformRefugeeRate).toBe(0.75);
  });

  it('keeps only the 10 best inviters, and ranks by accepted, then rate, then uid', () => {
    const facts: CommunityFacts[] = [];
    for (let index = 0; index < 12; index++) {
      const uid = `inviter-${String(index).padStart(2, '0')}`;
      facts.push(member(uid, { ownInviteCode: `CODE00${String(index).padStart(2, '0')}`, invitesUsed: 1 }));
      facts.push(member(`invitee-${index}`, { invitedBy: uid }));
    }
    facts.push(member('pending-of-00', { pendingInviteCode: 'CODE0000' }));
    const tally = createMetricsTally(DATE);
    tally.add(facts);
    const { topInviters } = tally.finish();
    expect(topInviters).toHaveLength(10);
    expect(topInviters[0]).toEqual({ userId: 'inviter-01', inviteCount: 1, acceptanceRate: 1 });
    expect(topInviters.at(-1)).toEqual({ userId: 'inviter-10', inviteCount: 1, acceptanceRate: 1 });
    expect(topInviters.map((inviter) => inviter.userId)).not.toContain('inviter-00'); // 1 of 2: ranks last
    expect(
      rankInviters([
        { userId: 'b', inviteCount: 1, acceptanceRate: 0.5 },
        { userId: 'a', inviteCount: 1, acceptanceRate: 0.5 },
        { userId: 'c', inviteCount: 1, acceptanceRate: 1 },
        { userId: 'd', inviteCount: 3, acceptanceRate: 0.1 },
      ]).map((inviter) => inviter.userId),
    ).toEqual(['d', 'c', 'a', 'b']);
  });

  it('keeps the 100 largest cities (ties by name), so a record stays small', () => {
    const facts: CommunityFacts[] = [];
    for (let index = 0; index < 105; index++) {
      const members = index < 3 ? 5 : 1; // City 000..002 are the largest
      for (let copy = 0; copy < members; copy++) facts.push(member(`m-${index}-${copy}`, { city: `City ${String(index).padStart(3, '0')}`, state: 'TX' }));
    }
    const tally = createMetricsTally(DATE);
    tally.add(facts);
    const { geographicClusters } = tally.finish();
    const cities = Object.keys(geographicClusters);
    expect(cities).toHaveLength(100);
    expect(geographicClusters['City 000, TX']).toBe(5);
    expect(cities.at(-1)).toBe('City 099, TX'); // 100..104 (1 member each, last by name) are left out
    expect(cities).toEqual([...cities].sort());
  });

  it('answers 0 for a share nobody qualifies for, and rounds to 4 places', () => {
    const empty = createMetricsTally(DATE).finish();
    expect(empty).toMatchObject({ totalUsers: 0, invitationAcceptanceRate: 0, platformRefugeeRate: 0, localConnectionDensity: 0, topInviters: [] });
    expect(fraction(1, 3)).toBe(0.3333);
    expect(fraction(2, 3)).toBe(0.6667);
    expect(fraction(0, 0)).toBe(0);
  });

  it('refuses a malformed run date', () => {
    expect(() => createMetricsTally('2031-13-45')).toThrow('Not a date');
  });
});
