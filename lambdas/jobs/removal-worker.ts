import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { dispatchRemovalWorker, type RemovalWorkerEvent } from '#data/removal-dispatch';
import { logger } from '#http/logger';
import { runRemoval } from './removal-runner.ts';
import { WORKER_HARD_STOP_MARGIN_MS, workerBudgetMs } from './removal-settings.ts';

const eventSchema = z.object({
  rootUid: z.string().min(1).max(128),
  kind: z.enum(['tree', 'self']),
  budgetMs: z.number().int().positive().optional(),
});

/**
 * The removal worker, invoked asynchronously by the removal callables: works on the job under its
 * budget and, while members without an error are left, invokes itself again with the same event.
 * A run that finds the job held by another run stops (that run carries on); one that crashes is
 * retried by Lambda (asynchronous invokes are retried twice), after its lease has lapsed.
 */
export async function handler(rawEvent: unknown, context?: Pick<Context, 'getRemainingTimeInMillis' | 'functionName'>): Promise<{ complete: boolean; remaining: number } | null> {
  const event: RemovalWorkerEvent = eventSchema.parse(rawEvent);
  const remainingMs = context?.getRemainingTimeInMillis() ?? 5 * 60_000;
  const budgetMs = event.budgetMs ?? workerBudgetMs();
  const report = await runRemoval(
    { rootUid: event.rootUid, kind: event.kind },
    { budgetMs, hardStopMs: Math.max(1, remainingMs - WORKER_HARD_STOP_MARGIN_MS), retryFailed: false },
  );
  if (!report) return null;
  logger.info('Removal run', { rootUid: event.rootUid, totalRemoved: report.totalRemoved, remaining: report.remaining, errors: report.errors.length });
  if (report.continueInBackground && !report.busy) await dispatchRemovalWorker(event, context?.functionName);
  return { complete: report.complete, remaining: report.remaining };
}
