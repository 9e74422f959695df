import { budgetFromEnv } from '#domain/removal-budget';
import { functionEnv } from '#data/table';

/**
 * Time budgets of removal runs, counted from the start of the invocation (walking and freezing a
 * tree included). The callable answers through API Gateway, which cuts a request at 30 s (its
 * Lambda has 29 s): it starts no member after REMOVAL_BUDGET_MS (default 8 s) and no step after
 * 12 s, so it answers well inside those limits and the worker does the rest. The worker's budget
 * (REMOVAL_WORKER_BUDGET_MS, default 2 min) stays well below its 5-minute timeout; its hard stop is
 * its remaining time less a margin.
 */
export const CALLABLE_HARD_STOP_MS = 12_000;
export const WORKER_HARD_STOP_MARGIN_MS = 60_000;
/** A worker that waits for another run's lease to lapse does so only if this much work time is left after. */
export const WORKER_MIN_RUN_MS = 30_000;
/** Waited beyond a lapsing lease, so the claim does not race the holder's clock. */
export const LEASE_GRACE_MS = 1_000;

export function callableBudgetMs(): number {
  return budgetFromEnv(functionEnv('REMOVAL_BUDGET_MS'), 8_000);
}

export function workerBudgetMs(): number {
  return budgetFromEnv(functionEnv('REMOVAL_WORKER_BUDGET_MS'), 120_000);
}
