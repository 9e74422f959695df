import { createHash } from 'node:crypto';
import type { CommunityMetrics, TopInviter } from '#contracts/metrics';
import { activityWindowStart, DAY_MS, metricsOfCounts, placeOf, zeroCommunityCounts, type CommunityFacts } from './community-metrics.ts';

/**
 * The daily metrics as counters the table stream's consumer keeps. Each member record and anchor
 * pair *contributes* to a few named counters; a change of one moves them by
 * contribution(new) − contribution(old); the job turns the counters into the day's record, the
 * very record the scan's tally computes (community-metrics.ts). Dates are counted by day, so the
 * 30-day window of any run date is a sum over days.
 *
 * Two scopes: the community's counters (figures, days, cities), which the job reads whole, and the
 * inviters' (a counter per inviter and per pending code), which only the ranking reads, one inviter
 * at a time (inviter-ranking.ts). There is an inviter for every few members, so reading them all
 * would make the job's cost grow with the community again.
 *
 * The inviters' counters name an inviter by a one-way digest of their uid, never the uid: a member
 * who leaves is named by nothing the metrics keep, while the invitees who stay (their `invitedBy`
 * still says who invited them) keep moving the counter of that digest.
 */

/** Counter name → amount: a record's contribution, a change's delta, or the counters themselves. */
export type Counts = Readonly<Record<string, number>>;

export type CounterScope = 'community' | 'inviter';

export const KIND = {
  members: 'members',
  verifiedInPerson: 'verifiedInPerson',
  invitedSignups: 'invitedSignups',
  invitesAccepted: 'invitesAccepted',
  acceptedConnections: 'acceptedConnections',
  localConnections: 'localConnections',
  lastActiveOn: 'lastActiveOn',
  joinedOn: 'joinedOn',
  quietAfter: 'quietAfter',
  place: 'place',
  acceptedInvites: 'acceptedInvites',
  pendingInvites: 'pendingInvites',
  inviterCode: 'inviterCode',
  codeInviter: 'codeInviter',
} as const;

/** An inviter as the inviters' counters and ranking record name them (inviterDigest), so a uid is never passed where a digest belongs. */
export type InviterDigest = string & { readonly inviterDigest: unique symbol };

/**
 * The first 24 hex digits (96 bits) of the uid's SHA-256: as unique as the uid among members,
 * without naming them. Uids are random (Cognito subs), so it cannot be reversed by guessing.
 */
export function inviterDigest(uid: string): InviterDigest {
  return createHash('sha256').update(uid, 'utf8').digest('hex').slice(0, 24) as InviterDigest;
}

const INVITER_KINDS: ReadonlySet<string> = new Set([KIND.acceptedInvites, KIND.pendingInvites, KIND.inviterCode, KIND.codeInviter]);

/** A counter's name: `<kind>` or `<kind>#<what>`; days are ISO dates (UTC); where two parts follow, each is URI-encoded so a '#' in either cannot blur them. */
export const counterNames = {
  members: KIND.members,
  /** Members verified in person (of those counted in `members`). */
  verifiedInPerson: KIND.verifiedInPerson,
  /** Members who created an account with someone's code (consumed or pending). */
  invitedSignups: KIND.invitedSignups,
  invitesAccepted: KIND.invitesAccepted,
  acceptedConnections: KIND.acceptedConnections,
  localConnections: KIND.localConnections,
  /** Members last active on that day: active in every window that starts on or before it. */
  lastActiveOn: (day: string) => `${KIND.lastActiveOn}#${day}`,
  /** Members who joined on that day: established in every window that starts after it. */
  joinedOn: (day: string) => `${KIND.joinedOn}#${day}`,
  /**
   * Members whose later of joining day and last active day is that day (joining alone when
   * lastActive is not a date): refugees, joined before the window and inactive in it, of every
   * window that starts after it.
   */
  quietAfter: (day: string) => `${KIND.quietAfter}#${day}`,
  /** Members with a completed profile in "City, State". */
  place: (place: string) => `${KIND.place}#${place}`,
  /** Members who joined with this inviter's code. */
  acceptedInvites: (inviter: InviterDigest) => `${KIND.acceptedInvites}#${inviter}`,
  /** Members who created an account with this code and have not joined yet. */
  pendingInvites: (code: string) => `${KIND.pendingInvites}#${code}`,
  /** A member who has invited (invitesUsed > 0) and their own code, by member (prefix `inviterCodePrefix`). */
  inviterCode: (inviter: InviterDigest, code: string) => `${KIND.inviterCode}#${inviter}#${encodeURIComponent(code)}`,
  inviterCodePrefix: (inviter: InviterDigest) => `${KIND.inviterCode}#${inviter}#`,
  /** The same pair by code (prefix `codeInviterPrefix`): whose ranking a pending code moves. */
  codeInviter: (code: string, inviter: InviterDigest) => `${KIND.codeInviter}#${encodeURIComponent(code)}#${inviter}`,
  codeInviterPrefix: (code: string) => `${KIND.codeInviter}#${encodeURIComponent(code)}#`,
} as const;

/** A name's kind and what follows its first '#'. */
export function parseCounterName(name: string): { kind: string; what: string } {
  const hash = name.indexOf('#');
  return hash < 0 ? { kind: name, what: '' } : { kind: name.slice(0, hash), what: name.slice(hash + 1) };
}

/** The two parts of an inviterCode or codeInviter name, decoded (a digest is hex: decoding leaves it as it is). */
export function pairOf(what: string): [string, string] {
  const [first = '', second = ''] = what.split('#').map(decodeURIComponent);
  return [first, second];
}

export function counterScope(name: string): CounterScope {
  return INVITER_KINDS.has(parseCounterName(name).kind) ? 'inviter' : 'community';
}

/** The UTC day (days since 1970-01-01) of a timestamp, read as the tally reads it (Date.parse), or null when it is not a date. */
function dayOf(timestamp: string): number | null {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? null : Math.floor(ms / DAY_MS);
}

/** A day as its ISO date; years beyond 0–9999 in the ISO extended form (+010000-01-01), which Date.parse reads back. */
export function dayName(day: number): string {
  const iso = new Date(day * DAY_MS).toISOString();
  return iso.slice(0, iso.indexOf('T'));
}

function dayNumberOf(name: string): number {
  const midnight = Date.parse(`${name}T00:00:00.000Z`);
  if (Number.isNaN(midnight)) throw new Error(`Not a counter's day: ${name}`);
  return midnight / DAY_MS;
}

/**
 * What one record adds to the counters: a verified member, an accepted pair (the data layer leaves
 * out the dev tools' dummy pairs, as the scan does); anything else, nothing. The window edges are
 * exact at day granularity because the window starts at a midnight: a timestamp is at or after it
 * exactly when its day is.
 */
export function contributionOf(facts: CommunityFacts | null): Counts {
  const counts = new Map<string, number>();
  const add = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  if (facts?.kind === 'connection' && facts.status === 'accepted') {
    add(counterNames.acceptedConnections);
    if (facts.connectionType === 'local') add(counterNames.localConnections);
  }
  if (facts?.kind === 'member' && facts.isVerified) {
    add(counterNames.members);
    if (facts.verifiedInPerson) add(counterNames.verifiedInPerson);
    const active = dayOf(facts.lastActive);
    const joined = dayOf(facts.createdAt);
    if (active !== null) add(counterNames.lastActiveOn(dayName(active)));
    if (joined !== null) {
      add(counterNames.joinedOn(dayName(joined)));
      add(counterNames.quietAfter(dayName(active === null ? joined : Math.max(joined, active))));
    }
    const place = placeOf(facts);
    if (place) add(counterNames.place(place));
    if (facts.invitedBy) {
      add(counterNames.invitedSignups);
      add(counterNames.invitesAccepted);
      add(counterNames.acceptedInvites(inviterDigest(facts.invitedBy)));
    } else if (facts.pendingInviteCode) {
      add(counterNames.invitedSignups);
      add(counterNames.pendingInvites(facts.pendingInviteCode));
    }
    // Only a member who has invited ranks, as the tally reads it from their own record.
    if (facts.invitesUsed > 0) {
      const inviter = inviterDigest(facts.uid);
      add(counterNames.inviterCode(inviter, facts.ownInviteCode));
      add(counterNames.codeInviter(facts.ownInviteCode, inviter));
    }
  }
  return Object.fromEntries(counts);
}

/** The most counters one record contributes to (a verified, invited member verified in person, with a place, who has invited). */
export const MAX_CONTRIBUTION = 11;

/** How a change moves the counters: after − before, the counters it leaves alone dropped. */
export function deltaOf(before: Counts, after: Counts): Counts {
  const delta = new Map<string, number>(Object.entries(after));
  for (const [name, amount] of Object.entries(before)) delta.set(name, (delta.get(name) ?? 0) - amount);
  return Object.fromEntries([...delta].filter(([, amount]) => amount !== 0));
}

/** Adds counts into a running total (a recount: every record's contribution summed). */
export function addInto(total: Map<string, number>, counts: Counts): void {
  for (const [name, amount] of Object.entries(counts)) total.set(name, (total.get(name) ?? 0) + amount);
}

/**
 * The day's record from the community's counters and the best inviters (inviter-ranking.ts): for
 * the run's date, the day counters are summed on their side of the window; the rest is what the
 * tally holds, handed to the same metricsOfCounts. Counters at zero (a city everyone left) are as
 * if absent; an inviter's counter here means the partitions are mixed up, and is refused.
 */
export function metricsFromCounters(date: string, counters: Iterable<readonly [string, number]>, topInviters: readonly TopInviter[]): CommunityMetrics {
  const windowDay = activityWindowStart(date) / DAY_MS;
  const counts = { ...zeroCommunityCounts(), inviters: topInviters };
  for (const [name, amount] of counters) {
    if (amount === 0) continue;
    const { kind, what } = parseCounterName(name);
    switch (kind) {
      case KIND.members:
        counts.totalUsers += amount;
        break;
      case KIND.verifiedInPerson:
        counts.verifiedInPerson += amount;
        break;
      case KIND.invitedSignups:
        counts.invitedSignups += amount;
        break;
      case KIND.invitesAccepted:
        counts.invitesAccepted += amount;
        break;
      case KIND.acceptedConnections:
        counts.acceptedConnections += amount;
        break;
      case KIND.localConnections:
        counts.localConnections += amount;
        break;
      case KIND.lastActiveOn:
        if (dayNumberOf(what) >= windowDay) counts.activeUsers += amount;
        break;
      case KIND.joinedOn:
        if (dayNumberOf(what) < windowDay) counts.establishedMembers += amount;
        break;
      case KIND.quietAfter:
        if (dayNumberOf(what) < windowDay) counts.refugees += amount;
        break;
      case KIND.place:
        counts.clusters.set(what, amount);
        break;
      default:
        throw new Error(`Not a community metrics counter: ${name}`);
    }
  }
  return metricsOfCounts(date, counts);
}
