import type { CommunityMetrics } from '#contracts/metrics';
import { createMetricsTally } from '#domain/community-metrics';
import { putDailyMetrics, scanCommunity } from '#data/metrics';
import { logger } from '#http/logger';

/**
 * The daily community metrics job (EventBridge at 00:05 UTC on AWS, the local scheduler locally,
 * and the dev button `calculateMetricsManually`). It scans the table page by page into a tally of
 * counters and writes ONE record keyed by the run's UTC date. Every time window is measured from
 * that date (not the clock), and no timestamp is stored, so two runs of one day over the same data
 * write the identical record; a later run that day replaces the earlier one.
 */
export async function runDailyMetrics(now: Date = new Date(), options: { pageLimit?: number } = {}): Promise<CommunityMetrics> {
  const tally = createMetricsTally(now.toISOString().slice(0, 10));
  // pageLimit (items read per Scan page) lets tests prove the paging on a small table.
  const { pages } = await scanCommunity((page) => tally.add(page), options.pageLimit);
  const metrics = tally.finish();
  await putDailyMetrics(metrics);
  logger.info('Daily metrics recorded', { date: metrics.date, totalUsers: metrics.totalUsers, activeUsers: metrics.activeUsers, pages });
  return metrics;
}

export async function handler(): Promise<CommunityMetrics> {
  return runDailyMetrics();
}
