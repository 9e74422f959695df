import type { CallableHandlerEntry } from '../../callable-handlers.ts';
import type { metricsCallables } from '#contracts/metrics';

/** Server rows of the metrics callables: handler module and least-privilege grants (see callable-handlers.ts). */
export const metricsHandlers: Record<keyof typeof metricsCallables, CallableHandlerEntry> = {
  // readWrite: scans the whole table and writes the day's METRICS record, as the daily job does.
  // 29 s, just inside API Gateway's 30 s: the scan grows with the table (the daily job has 5 min).
  calculateMetricsManually: { entry: 'handlers/metrics/calculate-metrics-manually.ts', permissions: { table: 'readWrite' }, timeoutSeconds: 29 },
  getCommunityMetrics: { entry: 'handlers/metrics/get-community-metrics.ts', permissions: { table: 'read' } },
};
