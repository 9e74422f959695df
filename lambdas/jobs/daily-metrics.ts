import { countVerifiedMembers, putDailyMetrics, type DailyMetrics } from '#data/metrics';
import { logger } from '#http/logger';

/**
 * The daily community metrics job (EventBridge on AWS, the local scheduler locally). For now it
 * records only what it truly measures, the member count; the full set of rates comes later.
 */
export async function runDailyMetrics(now: Date = new Date()): Promise<DailyMetrics> {
  const metrics: DailyMetrics = {
    date: now.toISOString().slice(0, 10),
    totalUsers: await countVerifiedMembers(),
    calculatedAt: now.toISOString(),
  };
  await putDailyMetrics(metrics);
  logger.info('Daily metrics recorded', { ...metrics });
  return metrics;
}

export async function handler(): Promise<DailyMetrics> {
  return runDailyMetrics();
}
