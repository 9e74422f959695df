import type { TopInviter } from '#contracts/metrics';
import { inviterRanking, type CommunityFacts } from './community-metrics.ts';
import { inviterDigest, KIND, pairOf, parseCounterName, type Counts } from './metrics-counters.ts';

/**
 * The champions' ranking from the inviters' counters. The consumer re-ranks an inviter whenever a
 * change moves one of their counters and keeps one ranking entry per inviter, under a sort key
 * that orders entries exactly as rankInviters orders inviters: the job reads the first 10 entries,
 * whatever the number of inviters.
 */

/**
 * Which of the codes an inviter's counters name (counters above zero) is their own. A member has
 * one record, so one code; were drift ever to leave two, the first by name, so the answer stays a
 * function of the counters.
 */
export function ownCodeOf(codes: readonly string[]): string | null {
  return [...codes].sort()[0] ?? null;
}

/** One inviter's ranking from their counters, or null. Negative counts (drift) never rank, nor lift a rate above 1. */
export function rankingFromCounters(uid: string, accepted: number, ownCode: string | null, pendingWithOwnCode: number): TopInviter | null {
  if (accepted <= 0) return null;
  return inviterRanking(uid, accepted, ownCode, Math.max(0, pendingWithOwnCode));
}

/** Whether an inviter's counters make them rank (rankingFromCounters, without needing their uid). */
export function ranksBy(accepted: number, ownCode: string | null): boolean {
  return accepted > 0 && ownCode !== null;
}

/**
 * Every inviter who ranks, from the inviters' counters all at once (the operator's recount, the
 * tests), best first. The counters name inviters by digest: `uids` are the members the counted
 * records name (a scan's), among which every inviter who ranks is, since only their own record
 * gives them a code.
 */
export function rankedInvitersOf(counters: Iterable<readonly [string, number]>, uids: Iterable<string>): TopInviter[] {
  const uidOf = new Map<string, string>();
  for (const uid of uids) uidOf.set(inviterDigest(uid), uid);
  const accepted = new Map<string, number>();
  const codes = new Map<string, string[]>();
  const pending = new Map<string, number>();
  for (const [name, amount] of counters) {
    const { kind, what } = parseCounterName(name);
    if (kind === KIND.acceptedInvites) accepted.set(what, amount);
    else if (kind === KIND.pendingInvites) pending.set(what, amount);
    else if (kind === KIND.inviterCode && amount > 0) {
      const [digest, code] = pairOf(what);
      codes.set(digest, [...(codes.get(digest) ?? []), code]);
    }
  }
  const ranked = [...accepted].flatMap(([digest, count]) => {
    const ownCode = ownCodeOf(codes.get(digest) ?? []);
    if (!ranksBy(count, ownCode)) return [];
    const uid = uidOf.get(digest);
    if (uid === undefined) throw new Error(`An inviter who ranks (digest ${digest}) is none of the members given`);
    return rankingFromCounters(uid, count, ownCode, ownCode === null ? 0 : (pending.get(ownCode) ?? 0)) ?? [];
  });
  return ranked.sort((a, b) => (rankKey(a) < rankKey(b) ? -1 : 1));
}

/**
 * Whose ranking a change may move: members by uid (their accepted count, their own code) and
 * codes whose pending signups moved (the data layer finds their inviter by code). The delta names
 * inviters by digest; the uid is the one of the change's records (`before`, `after`) whose own uid
 * or `invitedBy` has that digest, as every inviter's counter a record moves comes from these two.
 * A member no longer counted (their record deleted, or no longer verified) is always among them, so
 * whatever the ranking keeps that names them goes in the same step, even were their counters to
 * say they never ranked.
 */
export function invitersTouchedBy(delta: Counts, before: CommunityFacts | null, after: CommunityFacts | null): { uids: string[]; codes: string[] } {
  const named = new Map<string, string>();
  for (const facts of [before, after]) {
    if (facts?.kind !== 'member') continue;
    named.set(inviterDigest(facts.uid), facts.uid);
    if (facts.invitedBy) named.set(inviterDigest(facts.invitedBy), facts.invitedBy);
  }
  const uidOf = (digest: string): string => {
    const uid = named.get(digest);
    if (uid === undefined) throw new Error(`A counter of inviter ${digest} moved by a change whose records do not name them`);
    return uid;
  };
  const uids = new Set<string>();
  const codes = new Set<string>();
  for (const name of Object.keys(delta)) {
    const { kind, what } = parseCounterName(name);
    if (kind === KIND.acceptedInvites) uids.add(uidOf(what));
    else if (kind === KIND.pendingInvites) codes.add(what);
    else if (kind === KIND.inviterCode) uids.add(uidOf(pairOf(what)[0]));
    else if (kind === KIND.codeInviter) uids.add(uidOf(pairOf(what)[1]));
  }
  if (before?.kind === 'member' && after === null) uids.add(before.uid);
  return { uids: [...uids], codes: [...codes] };
}

const MAX_COUNT = 999_999_999_999;

/**
 * A sort key whose ascending order is rankInviters' order: more accepted first, then the higher
 * rate, then the uid as JavaScript compares strings (by UTF-16 code unit, each written as 4 hex
 * digits, so DynamoDB's byte order agrees). Fixed widths keep the parts aligned.
 */
export function rankKey(inviter: TopInviter): string {
  const accepted = String(MAX_COUNT - Math.min(inviter.inviteCount, MAX_COUNT)).padStart(12, '0');
  const rate = String(10_000 - Math.round(inviter.acceptanceRate * 10_000)).padStart(5, '0');
  let uid = '';
  for (let index = 0; index < inviter.userId.length; index++) uid += inviter.userId.charCodeAt(index).toString(16).padStart(4, '0');
  return `${accepted}#${rate}#${uid}`;
}
