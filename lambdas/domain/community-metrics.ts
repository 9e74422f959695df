import { ACTIVITY_WINDOW_DAYS, STORED_TOP_CITIES, STORED_TOP_INVITERS, type CommunityMetrics, type TopInviter } from '#contracts/metrics';

/**
 * The community metrics of one day: what a member record and an anchor pair tell them, the rules
 * of every figure, and the scan's tally. The daily job reads the counters the table stream keeps
 * (metrics-counters.ts); the tally computes the same record from a full scan, the operator's check.
 * Either way only counters are held (and a counter per inviter and per city), never the items.
 */

/** What the job needs to know of one user record. */
export interface MemberFacts {
  kind: 'member';
  uid: string;
  isVerified: boolean;
  /** Verified in person (the record's verificationLevel is 'verified'). */
  verifiedInPerson: boolean;
  createdAt: string;
  lastActive: string;
  profileCompleted: boolean;
  city: string;
  state: string;
  /** Who vouched, once the invite was consumed (the member completed joining). */
  invitedBy: string | null;
  /** The code the account was created with, while it is not consumed yet. */
  pendingInviteCode: string | null;
  /** The member's own code, which others sign up with. */
  ownInviteCode: string;
  /** Invites of this member consumed so far (moves in the same transaction as the invitee's invitedBy). */
  invitesUsed: number;
}

/** What the job needs to know of one anchor pair (the FRIENDSHIP# item, one per pair). */
export interface ConnectionFacts {
  kind: 'connection';
  status: string;
  connectionType: string;
}

export type CommunityFacts = MemberFacts | ConnectionFacts;

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The start of the activity window: 00:00 UTC of the run's date minus 30 days. It depends on the
 * date only, so every run of one day measures against the same instant.
 */
export function activityWindowStart(date: string): number {
  const midnight = Date.parse(`${date}T00:00:00.000Z`);
  if (Number.isNaN(midnight)) throw new Error(`Not a date: ${date}`);
  return midnight - ACTIVITY_WINDOW_DAYS * DAY_MS;
}

/** A share as a fraction rounded to 4 places (stable across runs); 0 when nobody qualifies. */
export function fraction(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}

/** What the tally knows of one inviter. */
interface InviterCounts {
  /** Members who joined with this inviter's code (invite consumed). */
  accepted: number;
  /** The inviter's own code, set only from their own verified record with `invitesUsed` > 0: only members who have invited rank. */
  ownCode: string | null;
}

/**
 * Everything one day's record is made of: the counts, a count per city, and the inviters who rank
 * (any order, any number: the record keeps the best 10). The scan's tally and the stream's counters
 * both arrive here, so one function turns them into the record.
 */
export interface CommunityCounts {
  totalUsers: number;
  /** Of totalUsers, the members verified in person. */
  verifiedInPerson: number;
  activeUsers: number;
  invitedSignups: number;
  invitesAccepted: number;
  establishedMembers: number;
  refugees: number;
  acceptedConnections: number;
  localConnections: number;
  /** "City, State" (or the city alone) → members with a completed profile there. */
  clusters: ReadonlyMap<string, number>;
  inviters: readonly TopInviter[];
}

/** Every count at zero and no city yet: where the tally and the counters start adding. */
export function zeroCommunityCounts() {
  return {
    totalUsers: 0,
    verifiedInPerson: 0,
    activeUsers: 0,
    invitedSignups: 0,
    invitesAccepted: 0,
    establishedMembers: 0,
    refugees: 0,
    acceptedConnections: 0,
    localConnections: 0,
    clusters: new Map<string, number>(),
  };
}

/**
 * How an inviter ranks, or null when they do not: only a member who has invited (their own code
 * known) and has accepted invitees ranks. The rate divides the accepted by everyone who created
 * an account with their code (accepted + still pending).
 */
export function inviterRanking(userId: string, accepted: number, ownCode: string | null, pendingWithOwnCode: number): TopInviter | null {
  if (ownCode === null || accepted === 0) return null;
  return { userId, inviteCount: accepted, acceptanceRate: fraction(accepted, accepted + pendingWithOwnCode) };
}

/** Accepted invites first, then acceptance rate, then uid, so ties always rank the same way. */
export function rankInviters(inviters: readonly TopInviter[]): TopInviter[] {
  return [...inviters].sort(
    (a, b) => b.inviteCount - a.inviteCount || b.acceptanceRate - a.acceptanceRate || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  );
}

/** Where a member is counted in geographicClusters: "City, State" (trimmed), or null without a completed profile and a city. */
export function placeOf(member: Pick<MemberFacts, 'profileCompleted' | 'city' | 'state'>): string | null {
  const city = member.city.trim();
  const state = member.state.trim();
  if (!member.profileCompleted || !city) return null;
  return state ? `${city}, ${state}` : city;
}

/** The day's record from its counts: the rates, the 10 best inviters and the largest cities. */
export function metricsOfCounts(date: string, counts: CommunityCounts): CommunityMetrics {
  // The largest cities (ties by name), stored with sorted keys: two runs over the same data
  // store the same map in the same order.
  const byName = ([a]: [string, number], [b]: [string, number]) => (a < b ? -1 : a > b ? 1 : 0);
  const largest = [...counts.clusters].sort((a, b) => b[1] - a[1] || byName(a, b)).slice(0, STORED_TOP_CITIES);
  const geographicClusters = Object.fromEntries(largest.sort(byName));
  const { totalUsers, verifiedInPerson, activeUsers, invitedSignups, invitesAccepted, establishedMembers, refugees, acceptedConnections, localConnections } =
    counts;
  return {
    date,
    totalUsers,
    verifiedInPerson,
    activeUsers,
    invitationAcceptanceRate: fraction(invitesAccepted, invitedSignups),
    platformRefugeeRate: fraction(refugees, establishedMembers),
    localConnectionDensity: fraction(localConnections, acceptedConnections),
    geographicClusters,
    topInviters: rankInviters(counts.inviters).slice(0, STORED_TOP_INVITERS),
    basis: { invitedSignups, invitesAccepted, establishedMembers, refugees, acceptedConnections, localConnections },
  };
}

/**
 * The scan's tally (the operator's check of the stream's counters, local/metrics/verify.ts): the
 * whole table, one page at a time, into counters.
 */
export function createMetricsTally(date: string) {
  const windowStart = activityWindowStart(date);
  const counts = zeroCommunityCounts();
  const inviters = new Map<string, InviterCounts>();
  const pendingByCode = new Map<string, number>();

  const inviterOf = (uid: string): InviterCounts => {
    let inviter = inviters.get(uid);
    if (!inviter) {
      inviter = { accepted: 0, ownCode: null };
      inviters.set(uid, inviter);
    }
    return inviter;
  };

  function addMember(member: MemberFacts): void {
    if (!member.isVerified) return; // unverified records (e.g. dev dummies) are not members
    counts.totalUsers++;
    if (member.verifiedInPerson) counts.verifiedInPerson++;
    const isActive = Date.parse(member.lastActive) >= windowStart;
    if (isActive) counts.activeUsers++;
    if (Date.parse(member.createdAt) < windowStart) {
      counts.establishedMembers++;
      if (!isActive) counts.refugees++;
    }
    const place = placeOf(member);
    if (place) counts.clusters.set(place, (counts.clusters.get(place) ?? 0) + 1);
    if (member.invitedBy) {
      counts.invitedSignups++;
      counts.invitesAccepted++;
      inviterOf(member.invitedBy).accepted++;
    } else if (member.pendingInviteCode) {
      counts.invitedSignups++;
      pendingByCode.set(member.pendingInviteCode, (pendingByCode.get(member.pendingInviteCode) ?? 0) + 1);
    }
    // Only members who have had an invite consumed rank (invitesUsed moves with the invitee's
    // invitedBy); their code finds their pending invitees. By the record alone, never by what the
    // scan happened to read first, so the order of pages cannot change the ranking.
    if (member.invitesUsed > 0) inviterOf(member.uid).ownCode = member.ownInviteCode;
  }

  function addConnection(connection: ConnectionFacts): void {
    if (connection.status !== 'accepted') return;
    counts.acceptedConnections++;
    if (connection.connectionType === 'local') counts.localConnections++;
  }

  return {
    /** Adds one page of the scan. */
    add(page: readonly CommunityFacts[]): void {
      for (const facts of page) {
        if (facts.kind === 'member') addMember(facts);
        else addConnection(facts);
      }
    },

    finish(): CommunityMetrics {
      const ranked = [...inviters].flatMap(([userId, { accepted, ownCode }]) => {
        const ranking = inviterRanking(userId, accepted, ownCode, ownCode === null ? 0 : (pendingByCode.get(ownCode) ?? 0));
        return ranking ? [ranking] : [];
      });
      return metricsOfCounts(date, { ...counts, inviters: ranked });
    },
  };
}

export type MetricsTally = ReturnType<typeof createMetricsTally>;
