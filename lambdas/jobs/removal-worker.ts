import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { dispatchRemovalWorker, type RemovalWorkerEvent } from '#data/removal';
import { logger } from '#http/logger';
import { runRemoval, type RunReport } from '#workflows/removal-runner';
import { LEASE_GRACE_MS, WORKER_HARD_STOP_MARGIN_MS, WORKER_MIN_RUN_MS, workerBudgetMs } from '#workflows/removal-settings';
import { tracedHandler } from '#data/table';

const eventSchema = z.object({
  rootUid: z.string().min(1).max(128),
  kind: z.enum(['tree', 'self', 'member']),
  budgetMs: z.number().int().positive().optional(),
});

/** Raised when another run's lease outlasts this invocation: Lambda retries the event later. */
export class JobHeldElsewhere extends Error {
  constructor(leaseUntil: number) {
    super(`The removal job is held by another run until ${new Date(leaseUntil).toISOString()}`);
    this.name = 'JobHeldElsewhere';
  }
}

/**
 * The removal worker, invoked asynchronously by the removal callables: works on the job under its
 * budget and, while members without an error are left, invokes itself again with the same event.
 *
 * A job held by another run may be held by a dead one (a worker that crashed with its lease: this
 * invocation is then often Lambda's retry of it), which will never hand on. So the worker waits
 * for the lease to lapse — a lease is never extended, so by then its holder has released it or is
 * dead — and claims the job. Found held again after that wait, a live run took it meanwhile, and
 * that run hands on itself. A lease that would leave too little time after the wait fails the
 * invocation instead, and Lambda retries the event later (1 min, then 2 min).
 */
export const handler = tracedHandler('job removalWorker', { job: 'removalWorker' }, runWorker);

async function runWorker(
  rawEvent: unknown,
  context?: Pick<Context, 'getRemainingTimeInMillis' | 'functionName'>,
): Promise<{ complete: boolean; remaining: number } | null> {
  const event: RemovalWorkerEvent = eventSchema.parse(rawEvent);
  const key = { rootUid: event.rootUid, kind: event.kind };
  const deadline = Date.now() + (context?.getRemainingTimeInMillis() ?? 5 * 60_000);
  const budgetMs = event.budgetMs ?? workerBudgetMs();
  const run = (): Promise<RunReport | null> => {
    const hardStopMs = Math.max(1, deadline - Date.now() - WORKER_HARD_STOP_MARGIN_MS);
    return runRemoval(key, { budgetMs: Math.min(budgetMs, hardStopMs), hardStopMs, retryFailed: false });
  };

  let report = await run();
  if (report?.busy && report.leaseUntil !== undefined) {
    const waitMs = Math.max(0, report.leaseUntil - Date.now()) + LEASE_GRACE_MS;
    if (deadline - Date.now() - waitMs < WORKER_HARD_STOP_MARGIN_MS + WORKER_MIN_RUN_MS) throw new JobHeldElsewhere(report.leaseUntil);
    logger.info('Removal job held by another run; waiting for its lease', { rootUid: event.rootUid, waitMs });
    await sleep(waitMs);
    report = await run();
  }
  if (!report) return null;
  logger.info('Removal run', {
    rootUid: event.rootUid,
    totalRemoved: report.totalRemoved,
    remaining: report.remaining,
    errors: report.errors.length,
    busy: report.busy,
  });
  if (report.continueInBackground && !report.busy) await dispatchRemovalWorker(event, context?.functionName);
  return { complete: report.complete, remaining: report.remaining };
}
