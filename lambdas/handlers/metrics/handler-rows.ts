import { PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';
import type { CallableName } from '#contracts/callables';

/** Server rows of the metrics callables: handler module and least-privilege grants (see handler-row.ts). */
export const metricsHandlers = {
  // readWrite: scans the whole table and writes the day's METRICS record (and drops zero counters), as the daily job does.
  // 29 s, just inside API Gateway's 30 s: the scan grows with the table (the daily job has 5 min).
  // AdminGetUser: the devAdminEmails gate reads the caller's verified email (lambdas/http/dev-admin-gate.ts).
  calculateMetricsManually: {
    entry: 'handlers/metrics/calculate-metrics-manually.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.dailyMetrics, PARTITIONS.metricsCounters], userPoolActions: ['cognito-idp:AdminGetUser'] },
    timeoutSeconds: 29,
  },
  getCommunityMetrics: { entry: 'handlers/metrics/get-community-metrics.ts', permissions: { table: 'read' } },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
