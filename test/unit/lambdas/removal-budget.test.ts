import { describe, expect, it } from 'vitest';
import { budgetFromEnv, createRunBudget } from '../../../lambdas/domain/removal-budget.ts';

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('a removal run budget', () => {
  it('starts members until the budget is spent, and always the first one', () => {
    const time = clock();
    const budget = createRunBudget({ budgetMs: 100, hardStopMs: 150, now: time.now });
    expect(budget.mayStartMember(0)).toBe(true);
    time.advance(99);
    expect(budget.mayStartMember(3)).toBe(true);
    time.advance(1);
    expect(budget.mayStartMember(3)).toBe(false);
    // However late, a run that has started nobody starts one: any budget makes progress.
    expect(budget.mayStartMember(0)).toBe(true);
  });

  it('stops inside a member only at the hard stop', () => {
    const time = clock();
    const budget = createRunBudget({ budgetMs: 100, hardStopMs: 150, now: time.now });
    time.advance(149);
    expect(budget.mustStopNow()).toBe(false);
    time.advance(1);
    expect(budget.mustStopNow()).toBe(true);
  });

  it('never stops inside a member before the budget, even with a shorter hard stop', () => {
    const time = clock();
    const budget = createRunBudget({ budgetMs: 100, hardStopMs: 10, now: time.now });
    time.advance(50);
    expect(budget.mustStopNow()).toBe(false);
    time.advance(50);
    expect(budget.mustStopNow()).toBe(true);
  });

  it('takes a positive whole number of ms from the environment, else the default', () => {
    expect(budgetFromEnv('250', 20_000)).toBe(250);
    expect(budgetFromEnv(undefined, 20_000)).toBe(20_000);
    expect(budgetFromEnv('', 20_000)).toBe(20_000);
    expect(budgetFromEnv('0', 20_000)).toBe(20_000);
    expect(budgetFromEnv('-5', 20_000)).toBe(20_000);
    expect(budgetFromEnv('1.5', 20_000)).toBe(20_000);
    expect(budgetFromEnv('soon', 20_000)).toBe(20_000);
  });
});

describe('a budget that counts from the start of the invocation', () => {
  it('includes the time spent before the run (walking the tree)', () => {
    const time = clock(10_000);
    const budget = createRunBudget({ budgetMs: 100, hardStopMs: 150, startedAt: 9_920, now: time.now });
    expect(budget.mayStartMember(1)).toBe(true);
    time.advance(20);
    expect(budget.mayStartMember(1)).toBe(false);
    time.advance(50);
    expect(budget.mustStopNow()).toBe(true);
  });
});
