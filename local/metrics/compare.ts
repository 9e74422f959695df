import type { CommunityMetrics, TopInviter } from '../../lambdas/contracts/metrics.ts';
import { dropStrayRankEntry, readRanking, rerankInviter, scanCommunity, adjustCounters, readCounters } from '#data/metrics';
import { createMetricsTally } from '../../lambdas/domain/community-metrics.ts';
import { rankedInvitersOf } from '../../lambdas/domain/inviter-ranking.ts';
import { addInto, contributionOf, counterScope, deltaOf, metricsFromCounters, type Counts } from '../../lambdas/domain/metrics-counters.ts';

/**
 * The operator's check of what the stream keeps (npm run metrics:verify, bench:live): a full scan
 * of the table into the tally the job used to run, and into a recount of every counter (each
 * record's contribution, summed) and of the whole ranking, beside what is stored. The daily job
 * never scans; this shows whether the counters still say what the table says.
 */

export interface CountersCheck {
  date: string;
  /** The record a full scan gives (createMetricsTally). */
  scanned: CommunityMetrics;
  /** The record the job gives from what is stored. */
  counted: CommunityMetrics;
  /** Where the two records differ: a path and both values. */
  recordDifferences: Difference[];
  /** recount − stored for every counter that differs, both partitions (zero and absent are alike). */
  counterDifferences: Counts;
  /** Where the whole stored ranking differs from the ranking of the recount (not only its first 10). */
  rankingDifferences: Difference[];
  /** The ranking of the recount, whole, best first (the inviters a repair re-ranks, by uid). */
  recountRanking: TopInviter[];
  scanPages: number;
  counters: number;
}

export interface Difference {
  path: string;
  scanned: unknown;
  counted: unknown;
}

/** Every leaf where two JSON values differ (objects by key, arrays by index). */
export function differencesBetween(scanned: unknown, counted: unknown, path = ''): Difference[] {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
  if (isObject(scanned) && isObject(counted) && Array.isArray(scanned) === Array.isArray(counted)) {
    const names = [...new Set([...Object.keys(scanned), ...Object.keys(counted)])];
    return names.flatMap((name) => differencesBetween(scanned[name], counted[name], path ? `${path}.${name}` : name));
  }
  return Object.is(scanned, counted) ? [] : [{ path: path || '(record)', scanned, counted }];
}

/** A ranking by inviter, each with their place, so a difference names the inviter rather than a position. */
function byInviter(ranking: readonly TopInviter[]): Record<string, TopInviter & { place: number }> {
  return Object.fromEntries(ranking.map((inviter, index) => [inviter.userId, { ...inviter, place: index + 1 }]));
}

/** Scans the table and reads what is stored (strongly consistent), for the run date `date`. */
export async function checkCounters(date: string): Promise<CountersCheck> {
  const tally = createMetricsTally(date);
  const recount = new Map<string, number>();
  // The counters name inviters by digest; the scan's members give the uids (only their own record makes an inviter rank).
  const uids = new Set<string>();
  const { pages: scanPages } = await scanCommunity((page) => {
    tally.add(page);
    for (const facts of page) {
      addInto(recount, contributionOf(facts));
      if (facts.kind === 'member') uids.add(facts.uid);
    }
  });
  const [{ counters: community }, { counters: inviters }, ranking] = await Promise.all([
    readCounters({ consistent: true }),
    readCounters({ scope: 'inviter', consistent: true }),
    readRanking({ consistent: true }),
  ]);
  const stored = new Map([...community, ...inviters]);
  const scanned = tally.finish();
  const counted = metricsFromCounters(
    date,
    community,
    ranking.slice(0, 10).map((entry) => entry.inviter),
  );
  const expectedRanking: TopInviter[] = rankedInvitersOf(
    [...recount].filter(([name]) => counterScope(name) === 'inviter'),
    uids,
  );
  return {
    date,
    scanned,
    counted,
    recordDifferences: differencesBetween(scanned, counted),
    counterDifferences: deltaOf(Object.fromEntries(stored), Object.fromEntries(recount)),
    rankingDifferences: differencesBetween(byInviter(expectedRanking), byInviter(ranking.map((entry) => entry.inviter))).map((difference) => ({
      ...difference,
      path: `ranking.${difference.path}`,
    })),
    recountRanking: expectedRanking,
    scanPages,
    counters: stored.size,
  };
}

/**
 * Moves every counter that differs by the difference (an ADD each, so what the consumer counts
 * meanwhile is kept), re-ranks every inviter the recount ranks or the stored ranking names, and drops
 * entries no inviter's record names. Exact when the table did not change between the scan and
 * now; under live writes a change caught by the scan but not yet by the stream (or the other way
 * round) can be off by that change, which a second check shows.
 */
export async function repairCounters(check: CountersCheck): Promise<void> {
  await adjustCounters(check.counterDifferences);
  const uids = new Set(check.recountRanking.map((inviter) => inviter.userId));
  for (const entry of await readRanking({ consistent: true })) uids.add(entry.inviter.userId);
  for (const uid of uids) await rerankInviter(uid);
  for (const entry of await readRanking({ consistent: true })) await dropStrayRankEntry(entry);
}
