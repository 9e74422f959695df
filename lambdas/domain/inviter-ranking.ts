import type { TopInviter } from '#contracts/metrics';
import { inviterRanking } from './community-metrics.ts';
import { KIND, pairOf, parseCounterName, type Counts } from './metrics-counters.ts';

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

/** Every inviter who ranks, from the inviters' counters all at once (the operator's recount, the tests), best first. */
export function rankedInvitersOf(counters: Iterable<readonly [string, number]>): TopInviter[] {
  const accepted = new Map<string, number>();
  const codes = new Map<string, string[]>();
  const pending = new Map<string, number>();
  for (const [name, amount] of counters) {
    const { kind, what } = parseCounterName(name);
    if (kind === KIND.acceptedInvites) accepted.set(what, amount);
    else if (kind === KIND.pendingInvites) pending.set(what, amount);
    else if (kind === KIND.inviterCode && amount > 0) {
      const [uid, code] = pairOf(what);
      codes.set(uid, [...(codes.get(uid) ?? []), code]);
    }
  }
  const ranked = [...accepted].flatMap(([uid, count]) => {
    const ownCode = ownCodeOf(codes.get(uid) ?? []);
    return rankingFromCounters(uid, count, ownCode, ownCode === null ? 0 : (pending.get(ownCode) ?? 0)) ?? [];
  });
  return ranked.sort((a, b) => (rankKey(a) < rankKey(b) ? -1 : 1));
}

/**
 * Whose ranking a change's delta may move: members by uid (their accepted count, their own code),
 * and codes whose pending signups moved (their inviter is looked up by code).
 */
export function invitersTouchedBy(delta: Counts): { uids: string[]; codes: string[] } {
  const uids = new Set<string>();
  const codes = new Set<string>();
  for (const name of Object.keys(delta)) {
    const { kind, what } = parseCounterName(name);
    if (kind === KIND.acceptedInvites) uids.add(what);
    else if (kind === KIND.pendingInvites) codes.add(what);
    else if (kind === KIND.inviterCode) uids.add(pairOf(what)[0]);
    else if (kind === KIND.codeInviter) uids.add(pairOf(what)[1]);
  }
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
