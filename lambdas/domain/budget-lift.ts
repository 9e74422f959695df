/**
 * The local cloud's one way round the abuse budgets (lambdas/http/rate-limit.ts): a benchmark's
 * members make hundreds of calls in minutes (npm run bench:feed reads one feed 320 times through
 * the gateway), which the per-member budget of 300 requests / 5 min rightly refuses.
 * `startLocalCloud({ budgets: 'lifted' })` sets LOCAL_LIFT_BUDGETS=1 in its process; a lifted
 * budget still counts every call (the same counter write as on AWS, so a benchmark measures it)
 * but refuses nobody. Honoured only where STAGE is 'local', which only local/cloud.ts sets: CDK
 * gives every function STAGE dev or prod and never this variable
 * (test/infra/local-only-settings.test.ts), so on AWS nothing can lift a budget.
 */
export const LIFT_BUDGETS_ENV = 'LOCAL_LIFT_BUDGETS';

/** The only stage where the lift counts: the local cloud's (never a deployed one). */
export const LIFT_BUDGETS_STAGE = 'local';

/** True only on the local cloud (STAGE local) started with `budgets: 'lifted'`. */
export function budgetsLifted(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.STAGE === LIFT_BUDGETS_STAGE && env[LIFT_BUDGETS_ENV] === '1';
}
