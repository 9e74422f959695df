import { STORED_TOP_INVITERS, type CommunityMetrics } from '#contracts/metrics';
import { metricsFromCounters } from '#domain/metrics-counters';
import { readTopInviters, putDailyMetrics, dropZeroCounters, readCounters } from '#data/metrics';
import { logger } from '#http/logger';

/**
 * The daily community metrics job (EventBridge at 00:05 UTC on AWS, the local scheduler locally,
 * and the dev button `calculateMetricsManually`). It reads what the table stream's consumer keeps:
 * the community's counters (one Query of their partition, paged: a counter per figure, day and
 * city, never the members) and the first 10 entries of the champions' ranking, and writes ONE
 * record keyed by the run's UTC date. Every time window is measured from that date (not the
 * clock), and no timestamp is stored, so two runs of one day over the same counters write the
 * identical record; a later run that day replaces the earlier one. Counters read at zero are
 * dropped afterwards, so the partition keeps what is counted, not everything ever counted.
 */
export async function runDailyMetrics(now: Date = new Date(), options: { pageLimit?: number } = {}): Promise<CommunityMetrics> {
  // pageLimit (counters read per Query page) lets tests prove the paging on a small partition.
  const [{ counters, pages }, topInviters] = await Promise.all([readCounters({ pageLimit: options.pageLimit }), readTopInviters(STORED_TOP_INVITERS)]);
  const metrics = metricsFromCounters(now.toISOString().slice(0, 10), counters, topInviters);
  await putDailyMetrics(metrics);
  const zeros = [...counters].filter(([, count]) => count === 0).map(([name]) => name);
  const dropped = zeros.length > 0 ? await dropZeroCounters(zeros) : 0;
  logger.info('Daily metrics recorded', {
    date: metrics.date,
    totalUsers: metrics.totalUsers,
    activeUsers: metrics.activeUsers,
    counters: counters.size,
    pages,
    dropped,
  });
  return metrics;
}
