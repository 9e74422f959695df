import type { CommunityMetrics } from '#contracts/metrics';
import { tracedHandler } from '#data/table';
import { runDailyMetrics } from '#workflows/daily-metrics';

/** The daily community metrics job's entry point; the run itself is lambdas/workflows/daily-metrics.ts. */
export const handler = tracedHandler('job dailyMetrics', { job: 'dailyMetrics' }, (): Promise<CommunityMetrics> => runDailyMetrics());
