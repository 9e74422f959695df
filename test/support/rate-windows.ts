import { setTimeout as sleep } from 'node:timers/promises';
import { rateWindowOf, type RateLimit } from '../../lambdas/domain/abuse-limits.ts';

/**
 * Budgets count in fixed windows (lambdas/domain/abuse-limits.ts): calls that straddle a window's
 * end are counted in two windows, so a test that must exhaust a budget inside one window first
 * waits out a window about to close (at most `marginSeconds` + 1 s).
 */
export async function awayFromWindowEnd(limit: RateLimit, marginSeconds = 40): Promise<void> {
  const left = rateWindowOf(limit, new Date()).end - Date.now() / 1000;
  if (left < marginSeconds) await sleep((left + 1) * 1000);
}
