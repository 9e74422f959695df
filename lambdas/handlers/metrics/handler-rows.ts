import type { CallableHandlerEntry } from '../../handler-row.ts';
import type { CallableName } from '#contracts/callables';

/** Server rows of the metrics callables: handler module and least-privilege grants (see handler-row.ts). */
export const metricsHandlers = {
  // readWrite: scans the whole table and writes the day's METRICS record, as the daily job does.
  // 29 s, just inside API Gateway's 30 s: the scan grows with the table (the daily job has 5 min).
  calculateMetricsManually: { entry: 'handlers/metrics/calculate-metrics-manually.ts', permissions: { table: 'readWrite' }, timeoutSeconds: 29 },
  getCommunityMetrics: { entry: 'handlers/metrics/get-community-metrics.ts', permissions: { table: 'read' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
