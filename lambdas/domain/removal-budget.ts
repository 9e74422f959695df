/**
 * When a removal run stops and hands the rest on. Two limits:
 * - the budget: no new member is started after it (the callable's ~8 s keeps API Gateway's 30 s
 *   cut far away; the worker's is well below its Lambda timeout);
 * - the hard stop: even inside one member (one with thousands of posts) work stops before each
 *   step and between posts once it is reached; the member is picked up again by the next run,
 *   whose steps find done work already gone.
 * A run always starts at least one member, so any budget, however small, makes progress.
 */
export interface RunBudget {
  /** Whether another member may be started, given how many this run has started. */
  mayStartMember(startedThisRun: number): boolean;
  /** Whether work inside a member must stop now. */
  mustStopNow(): boolean;
}

export interface BudgetOptions {
  budgetMs: number;
  /** Time after which nothing more may be done, measured from the run's start (≥ budgetMs). */
  hardStopMs: number;
  /** When the invocation began (its budget counts from there, walk included); default: now. */
  startedAt?: number;
  /** The clock, for tests. */
  now?: () => number;
}

export function createRunBudget({ budgetMs, hardStopMs, startedAt: start, now = Date.now }: BudgetOptions): RunBudget {
  const startedAt = start ?? now();
  return {
    mayStartMember: (startedThisRun) => startedThisRun === 0 || now() - startedAt < budgetMs,
    mustStopNow: () => now() - startedAt >= Math.max(hardStopMs, budgetMs),
  };
}

/** The budget a run gets from its environment: a positive whole number of ms, else the default. */
export function budgetFromEnv(raw: string | undefined, fallbackMs: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallbackMs;
}

/** Thrown inside a member's steps when the hard stop is reached; the run stops without an error. */
export class OutOfTime extends Error {
  constructor() {
    super('Out of time for this run');
    this.name = 'OutOfTime';
  }
}
