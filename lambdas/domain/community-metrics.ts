import { ACTIVITY_WINDOW_DAYS, STORED_TOP_CITIES, STORED_TOP_INVITERS, type CommunityMetrics, type TopInviter } from '#contracts/metrics';

/**
 * The community metrics of one day, computed from the table one page at a time. The tally keeps
 * counters (and a counter per inviter and per city), never the items themselves, so the job's
 * memory does not grow with the size of a page stream.
 */

/** What the job needs to know of one user record. */
export interface MemberFacts {
  kind: 'member';
  uid: string;
  isVerified: boolean;
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

const DAY_MS = 24 * 60 * 60 * 1000;

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

interface InviterTally {
  accepted: number;
  /** Set when the inviter's own record is seen: only members are ranked. */
  ownCode: string | null;
}

/** Accepted invites first, then acceptance rate, then uid, so ties always rank the same way. */
export function rankInviters(inviters: readonly TopInviter[]): TopInviter[] {
  return [...inviters].sort(
    (a, b) => b.inviteCount - a.inviteCount || b.acceptanceRate - a.acceptanceRate || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  );
}

export function createMetricsTally(date: string) {
  const windowStart = activityWindowStart(date);
  let totalUsers = 0;
  let activeUsers = 0;
  let invitedSignups = 0;
  let invitesAccepted = 0;
  let establishedMembers = 0;
  let refugees = 0;
  let acceptedConnections = 0;
  let localConnections = 0;
  const clusters = new Map<string, number>();
  const inviters = new Map<string, InviterTally>();
  const pendingByCode = new Map<string, number>();

  const inviterOf = (uid: string): InviterTally => {
    let tally = inviters.get(uid);
    if (!tally) {
      tally = { accepted: 0, ownCode: null };
      inviters.set(uid, tally);
    }
    return tally;
  };

  function addMember(member: MemberFacts): void {
    if (!member.isVerified) return; // unverified records (e.g. dev dummies) are not members
    totalUsers++;
    const lastActive = Date.parse(member.lastActive);
    const isActive = lastActive >= windowStart;
    if (isActive) activeUsers++;
    if (Date.parse(member.createdAt) < windowStart) {
      establishedMembers++;
      if (!isActive) refugees++;
    }
    const city = member.city.trim();
    const state = member.state.trim();
    if (member.profileCompleted && city) {
      const place = state ? `${city}, ${state}` : city;
      clusters.set(place, (clusters.get(place) ?? 0) + 1);
    }
    if (member.invitedBy) {
      invitedSignups++;
      invitesAccepted++;
      inviterOf(member.invitedBy).accepted++;
    } else if (member.pendingInviteCode) {
      invitedSignups++;
      pendingByCode.set(member.pendingInviteCode, (pendingByCode.get(member.pendingInviteCode) ?? 0) + 1);
    }
    // Only members who have had an invite consumed can rank; remember their code for the pending ones.
    if (member.invitesUsed > 0 || inviters.has(member.uid)) inviterOf(member.uid).ownCode = member.ownInviteCode;
  }

  function addConnection(connection: ConnectionFacts): void {
    if (connection.status !== 'accepted') return;
    acceptedConnections++;
    if (connection.connectionType === 'local') localConnections++;
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
      const ranked: TopInviter[] = [];
      for (const [userId, tally] of inviters) {
        if (tally.ownCode === null || tally.accepted === 0) continue;
        const pending = pendingByCode.get(tally.ownCode) ?? 0;
        ranked.push({ userId, inviteCount: tally.accepted, acceptanceRate: fraction(tally.accepted, tally.accepted + pending) });
      }
      // The largest cities (ties by name), stored with sorted keys: two runs over the same data
      // store the same map in the same order.
      const byName = ([a]: [string, number], [b]: [string, number]) => (a < b ? -1 : a > b ? 1 : 0);
      const largest = [...clusters].sort((a, b) => b[1] - a[1] || byName(a, b)).slice(0, STORED_TOP_CITIES);
      const geographicClusters = Object.fromEntries(largest.sort(byName));
      return {
        date,
        totalUsers,
        activeUsers,
        invitationAcceptanceRate: fraction(invitesAccepted, invitedSignups),
        platformRefugeeRate: fraction(refugees, establishedMembers),
        localConnectionDensity: fraction(localConnections, acceptedConnections),
        geographicClusters,
        topInviters: rankInviters(ranked).slice(0, STORED_TOP_INVITERS),
        basis: { invitedSignups, invitesAccepted, establishedMembers, refugees, acceptedConnections, localConnections },
      };
    },
  };
}

export type MetricsTally = ReturnType<typeof createMetricsTally>;
