import type { CommunityMetrics } from '../../lambdas/contracts/metrics.ts';
import { scanCommunity } from '../../lambdas/data/metrics.ts';
import { adjustCounters, readCounters } from '../../lambdas/data/metrics-counters.ts';
import { createMetricsTally } from '../../lambdas/domain/community-metrics.ts';
import { addInto, contributionOf, deltaOf, metricsFromCounters, type Counts } from '../../lambdas/domain/metrics-counters.ts';

/**
 * The operator's check of the stream's counters (npm run metrics:verify, bench:live): a full scan
 * of the table into the tally the job used to run, and into a recount of every counter (each
 * record's contribution, summed), beside the counters as stored. The daily job never scans; this
 * is what shows whether the counters still say what the table says.
 */

export interface CountersCheck {
  date: string;
  /** The record a full scan gives (createMetricsTally). */
  scanned: CommunityMetrics;
  /** The record the job gives from the stored counters. */
  counted: CommunityMetrics;
  /** Where the two records differ: a path and both values. */
  recordDifferences: RecordDifference[];
  /** recount − stored for every counter that differs (zero counters and absent ones are alike). */
  counterDifferences: Counts;
  scanPages: number;
  counters: number;
}

export interface RecordDifference {
  path: string;
  scanned: unknown;
  counted: unknown;
}

/** Every leaf where two JSON values differ (objects by key, arrays by index). */
export function differencesBetween(scanned: unknown, counted: unknown, path = ''): RecordDifference[] {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
  if (isObject(scanned) && isObject(counted) && Array.isArray(scanned) === Array.isArray(counted)) {
    const names = [...new Set([...Object.keys(scanned), ...Object.keys(counted)])];
    return names.flatMap((name) => differencesBetween(scanned[name], counted[name], path ? `${path}.${name}` : name));
  }
  return Object.is(scanned, counted) ? [] : [{ path: path || '(record)', scanned, counted }];
}

/** Scans the table and reads the counters (strongly consistent), for the run date `date`. */
export async function checkCounters(date: string): Promise<CountersCheck> {
  const tally = createMetricsTally(date);
  const recount = new Map<string, number>();
  const { pages: scanPages } = await scanCommunity((page) => {
    tally.add(page);
    for (const facts of page) addInto(recount, contributionOf(facts));
  });
  const { counters } = await readCounters({ consistent: true });
  const scanned = tally.finish();
  const counted = metricsFromCounters(date, counters);
  return {
    date,
    scanned,
    counted,
    recordDifferences: differencesBetween(scanned, counted),
    counterDifferences: deltaOf(Object.fromEntries(counters), Object.fromEntries(recount)),
    scanPages,
    counters: counters.size,
  };
}

/**
 * Moves every counter that differs by the difference (an ADD each, so what the consumer counts
 * meanwhile is kept). Exact when the table did not change between the scan and now; under live
 * writes a change caught by the scan but not yet by the stream (or the other way round) can be off
 * by that change, which a second check shows.
 */
export async function repairCounters(check: CountersCheck): Promise<void> {
  await adjustCounters(check.counterDifferences);
}
