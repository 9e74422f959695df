import { defineCallable } from '#http/define-callable';
import { requireDevAdmin } from '#http/dev-admin-gate';
import { runDailyMetrics } from '#workflows/daily-metrics';

/**
 * The dev button (dev stage and local only): runs the daily job now and returns today's record. On
 * a deployed dev stage only for the devAdminEmails list, as Make Me Admin: the job reads the whole
 * community.
 */
export const handler = defineCallable('calculateMetricsManually', async (_input, { caller }) => {
  await requireDevAdmin(caller);
  return runDailyMetrics();
});
