import { METRICS_RANGES } from '#contracts/metrics';
import { latestDailyMetrics } from '#data/metrics';
import { defineCallable } from '#http/define-callable';

/** The /metrics page: the latest 24 / 7 / 30 daily records, newest first (one Query). */
export const handler = defineCallable('getCommunityMetrics', async ({ range }) => ({
  records: await latestDailyMetrics(METRICS_RANGES[range]),
}));
