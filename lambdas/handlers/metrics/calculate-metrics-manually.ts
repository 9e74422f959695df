import { defineCallable } from '#http/define-callable';
import { runDailyMetrics } from '#jobs/daily-metrics';

/** The dev button (dev stage and local only): runs the daily job now and returns today's record. */
export const handler = defineCallable('calculateMetricsManually', async () => runDailyMetrics());
