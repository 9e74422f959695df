import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { jobHandlers } from '#lambdas/callable-handlers';
import { dynamo, tableName, keys } from '#data/table';
import { lambdaContext, loadHandler } from './lambda-modules.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Just after midnight UTC, when the day the job records has ended for everyone. */
const RUN_AT_UTC_MINUTES = 5;

export interface MetricsScheduler {
  stop(): void;
}

function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function msUntilNextRun(now = new Date()): number {
  const next = new Date(now);
  next.setUTCHours(0, RUN_AT_UTC_MINUTES, 0, 0);
  if (next.getTime() <= now.getTime()) next.setTime(next.getTime() + DAY_MS);
  return next.getTime() - now.getTime();
}

/** The event EventBridge's scheduled rule delivers. */
function scheduledEvent() {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString(),
    region: process.env.AWS_REGION,
    resources: ['arn:aws:events:local:000000000000:rule/daily-metrics'],
    detail: {},
  };
}

export async function runMetricsJob(): Promise<void> {
  const handler = await loadHandler(jobHandlers.dailyMetrics.entry);
  await handler(scheduledEvent(), lambdaContext('dailyMetrics', 60_000));
}

async function hasTodaysMetrics(): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.metrics(today()) }));
  return Item !== undefined;
}

/**
 * EventBridge's daily rule, locally: a laptop is rarely on at the scheduled minute, so the job
 * also runs at start when today has no record yet; then once a day while the cloud runs. The job
 * reads the counters the table stream's consumer keeps, so the run at start waits for
 * `streamCaughtUp` (the changes made while the cloud started, a first start's founder among them).
 */
export async function startMetricsScheduler(log: (line: string) => void, streamCaughtUp: () => Promise<void>): Promise<MetricsScheduler> {
  const run = async (why: string) => {
    try {
      await runMetricsJob();
      log(`Daily metrics job ran (${why}).`);
    } catch (error) {
      log(`Daily metrics job failed (${why}): ${(error as Error).stack ?? String(error)}`);
    }
  };
  if (!(await hasTodaysMetrics())) {
    await streamCaughtUp();
    await run('no record for today yet');
  }

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void run('daily schedule').finally(schedule);
    }, msUntilNextRun());
    timer.unref(); // The servers keep the process alive; the timer alone must not.
  };
  schedule();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** EventBridge's hourly rule for held invites (lib/anchored-stack.ts), locally: at start, then every hour. */
export const INVITE_LAPSE_INTERVAL_MS = 60 * 60 * 1000;

export function startInviteLapseScheduler(log: (line: string) => void): MetricsScheduler {
  const run = async () => {
    try {
      const handler = await loadHandler(jobHandlers.inviteLapses.entry);
      await handler(scheduledEvent(), lambdaContext('inviteLapses', 60_000));
    } catch (error) {
      log(`Held-invite lapse job failed: ${(error as Error).message}`);
    }
  };
  void run();
  const timer = setInterval(() => void run(), INVITE_LAPSE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** EventBridge's minute rule for due items (lib/anchored-stack.ts), locally: at start, then every minute. */
export const DUE_ITEMS_INTERVAL_MS = 60 * 1000;

/** One sweep of due items now, through the module and scopes the deployed job has (a run takes at most its 55 s). */
export async function runDueItemsSweep(): Promise<void> {
  const handler = await loadHandler(jobHandlers.dueItemsSweep.entry);
  await handler(scheduledEvent(), lambdaContext('dueItemsSweep', 55_000));
}

export function startDueItemsScheduler(log: (line: string) => void): MetricsScheduler {
  // A run still going when the minute comes round is not joined by a second: EventBridge's runs
  // may overlap, which the sweep tolerates, but a laptop gains nothing from it.
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await runDueItemsSweep();
    } catch (error) {
      log(`Due-items sweep: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), DUE_ITEMS_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
