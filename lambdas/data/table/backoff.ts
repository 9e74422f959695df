import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The one retry policy of the data layer: at most 12 tries, and before try n+1 a pause drawn at
 * random from [0, min(20 ms · 2^(n-1), 640 ms)) ("full jitter", so racing callers spread out).
 * A transaction's conflicts (conditional.ts) and BatchWrite's or BatchGet's unprocessed items use
 * it, and so does http/backend-faults.ts' throughFaults (the removal worker's lease wait aside,
 * nothing else sleeps).
 */
export const BACKOFF = { maxAttempts: 12, baseDelayMs: 20, maxDelayMs: 640 } as const;

/** The pause before retry number `retry` (1 for the second try). */
export function backoffDelayMs(retry: number, random: number = Math.random()): number {
  return random * Math.min(BACKOFF.maxDelayMs, BACKOFF.baseDelayMs * 2 ** Math.max(0, retry - 1));
}

/** What a step returns to be tried again; `cause` is thrown if no try is left. */
export class Retry {
  constructor(readonly cause: unknown) {}
}

/**
 * Runs `step` until it returns an answer (or throws). A step asks for another try by returning
 * `retry(cause)`; after BACKOFF.maxAttempts tries the last `cause` is thrown. `attempt` counts
 * from 1.
 */
export async function withBackoff<T>(step: (retry: (cause: unknown) => Retry, attempt: number) => Promise<T | Retry>): Promise<T> {
  const retry = (cause: unknown) => new Retry(cause);
  for (let attempt = 1; ; attempt++) {
    const outcome = await step(retry, attempt);
    if (!(outcome instanceof Retry)) return outcome;
    if (attempt >= BACKOFF.maxAttempts) throw outcome.cause;
    await sleep(backoffDelayMs(attempt));
  }
}
