import type { Context } from 'aws-lambda';
import { completeDueItem, DUE_QUEUES, dueItemsIn, recordDueItemFailure, type DueItem } from '#data/due';
import { tracedHandler } from '#data/table';
import { logger } from '#http/logger';
import { DUE_WORK, type DueWork } from '#workflows/due-work';

/** Items read from one queue shard a run: a backlog larger than this drains over the next minutes. */
export const DUE_ITEMS_PER_QUEUE = 100;
/** Items worked on at once: each is a few reads and one transaction, so eight keep a run short without a burst. */
export const DUE_WORK_CONCURRENCY = 8;
/** What a run leaves of its function's time (55 s, lib/anchored-stack.ts): no item starts in the last 15 s, so one started finishes. */
const STOP_BEFORE_TIMEOUT_MS = 15_000;
/**
 * Failed attempts an item gets before it is parked: a failure is retried every minute, and most (a
 * throttled table, a conflict) pass; one that failed 60 runs (an hour) will not pass alone, so it
 * is taken out of the queue and its run fails once, for an operator. Failing every run instead
 * would keep the account's Lambda errors alarm firing, which canary deploys roll back on, so not
 * even the fix could be deployed.
 */
export const FAILURES_BEFORE_PARKING = 60;

export interface SweepReport {
  /** Items whose work succeeded (each then deleted, unless it was rescheduled meanwhile: then it stays for its new time). */
  done: number;
  /** Items whose work failed: left in place, the next run tries again. */
  failed: number;
  /** Of those, items at their FAILURES_BEFORE_PARKING-th failure: parked out of the queue, and the run fails. */
  stuck: number;
  /** Items not started before the run's time ran out: left for the next run. */
  left: number;
}

export interface SweepOptions {
  /** The work by kind (default DUE_WORK). */
  work?: Readonly<Record<string, DueWork>>;
  /** No item starts at or after this time (epoch ms). */
  stopAt?: number;
  /**
   * Which of the due items this run takes: integration tests share one table across files, so a
   * test's run takes only its own items.
   */
  select?: (item: DueItem) => boolean;
}

/**
 * One sweep: every queue shard's items due by `now` (a Query each), oldest first, each handed to the
 * work of its kind, at most DUE_WORK_CONCURRENCY at once, and deleted once its work succeeded. The
 * delete is conditioned on the due time the sweep read, so an item rescheduled while its work ran
 * stays for its new time. A failure (or a kind nobody handles) is logged and the item left: the next
 * minute tries again (the work is safe to repeat); one that failed FAILURES_BEFORE_PARKING runs is
 * parked out of the queue and fails the run.
 */
export async function sweepDueItems(now: Date = new Date(), options: SweepOptions = {}): Promise<SweepReport> {
  const work = options.work ?? DUE_WORK;
  const stopAt = options.stopAt ?? Number.POSITIVE_INFINITY;
  const shards = await Promise.all(DUE_QUEUES.map((queue) => dueItemsIn(queue, now, DUE_ITEMS_PER_QUEUE)));
  const items = shards
    .flat()
    .filter(options.select ?? (() => true))
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt));

  const report: SweepReport = { done: 0, failed: 0, stuck: 0, left: 0 };
  let next = 0;
  const worker = async () => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) {
      if (Date.now() >= stopAt) {
        report.left++;
        continue;
      }
      try {
        const handle = work[item.dueKind];
        if (!handle) throw new Error(`No work is registered for due items of kind ${item.dueKind}`);
        await handle(item.subjectId, now);
        await completeDueItem(item);
        report.done++;
      } catch (error) {
        report.failed++;
        const message = (error as Error).message;
        const outcome = await recordDueItemFailure(item, message, now, FAILURES_BEFORE_PARKING).catch(() => 'not counted' as const);
        if (outcome === 'parked') report.stuck++;
        logger.error(outcome === 'parked' ? 'A due item kept failing: parked out of the queue' : 'A due item failed; the next sweep tries again', {
          ...item,
          outcome,
          error: message,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DUE_WORK_CONCURRENCY, items.length) }, worker));
  if (items.length > 0) logger.info('Due items swept', { ...report });
  return report;
}

export const handler = tracedHandler('job dueItemsSweep', { job: 'dueItemsSweep' }, sweepAndReport);

async function sweepAndReport(_event: unknown, context: Context): Promise<SweepReport> {
  const report = await sweepDueItems(new Date(), { stopAt: Date.now() + context.getRemainingTimeInMillis() - STOP_BEFORE_TIMEOUT_MS });
  // A failed item stays for the next minute. A parked one fails this run once (Lambda's retries no
  // longer see it), so the job's dead-letter queue and its alarm tell an operator.
  if (report.stuck > 0) throw new Error(`${report.stuck} due items kept failing and were parked out of the queue (parkedAt, lastError)`);
  return report;
}
