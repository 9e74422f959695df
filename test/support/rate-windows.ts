import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { rateWindowOf, type RateLimit } from '../../lambdas/domain/abuse-limits.ts';
import { expectRefusal, type ApiAnswer } from './callable-client.ts';

/**
 * Budgets count in fixed windows (lambdas/domain/abuse-limits.ts): calls that straddle a window's
 * end are counted in two windows, so a test that must exhaust a budget inside one window first
 * waits out a window about to close (at most `marginSeconds` + 1 s).
 */
export async function awayFromWindowEnd(limit: RateLimit, marginSeconds = 40): Promise<void> {
  const left = rateWindowOf(limit, new Date()).end - Date.now() / 1000;
  if (left < marginSeconds) await sleep((left + 1) * 1000);
}

/** 429 RESOURCE_EXHAUSTED with the budget's message, and Retry-After to the end of its window. */
export function expectBudgetRefusal(answer: ApiAnswer, message: string, limit: RateLimit): void {
  expectRefusal(answer, 429, 'RESOURCE_EXHAUSTED', message);
  const retryAfter = Number(answer.headers.get('retry-after'));
  const windowLeft = rateWindowOf(limit, new Date()).end - Math.floor(Date.now() / 1000);
  // Seconds to the window's end as the server saw it (a few seconds before this check, at most).
  expect(retryAfter).toBeGreaterThanOrEqual(Math.max(1, windowLeft));
  expect(retryAfter).toBeLessThanOrEqual(Math.min(limit.windowSeconds, windowLeft + 10));
}
