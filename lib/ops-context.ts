import { isPlainEmail } from '../lambdas/domain/dev-admins.ts';
import { StageError, type Stage } from './stage.ts';

/**
 * A context value that is missing or malformed. It extends StageError so that bin/app.ts prints its
 * one sentence alone, as it does for a forgotten stage, instead of a stack trace.
 */
export class OpsContextError extends StageError {
  constructor(message: string) {
    super(message);
    this.name = 'OpsContextError';
  }
}

/** The monthly AWS Budgets threshold when `monthlyBudgetUsd` is not given (docs/costs.md: fixed ≈ $10, 1,000 members ≈ $13 of use). */
export const DEFAULT_MONTHLY_BUDGET_USD = 50;

/**
 * Values an example prod synth uses (tests, benches, `synth:prod`): never a real inbox. A deploy
 * names its own with `-c opsEmail=…`.
 */
export const EXAMPLE_OPS_CONTEXT = { opsEmail: 'ops@example.com' } as const;

const OPS_EMAIL_HOW = 'name the inbox that receives alarms: npx cdk deploy -c stage=prod -c opsEmail=ops@yourdomain.example';

/**
 * The `opsEmail` context value: where the ops topic's alarms are mailed. Required on prod (an alarm
 * nobody reads pages nobody); optional on dev, whose topic then has no subscription. One address,
 * trimmed and lower-cased.
 */
export function opsEmailFromContext(stage: Stage, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') {
    if (stage === 'prod') throw new OpsContextError(`No opsEmail given: the prod stage pages someone when it breaks; ${OPS_EMAIL_HOW}.`);
    return undefined;
  }
  const email = typeof value === 'string' ? value.trim().toLowerCase() : null;
  if (email === null || !isPlainEmail(email)) {
    throw new OpsContextError(`opsEmail must be one email address, not ${JSON.stringify(value)}; ${OPS_EMAIL_HOW}.`);
  }
  return email;
}

/**
 * The `monthlyBudgetUsd` context value: the AWS Budgets monthly cost threshold in US dollars, a
 * number from 1 to 1,000,000 (`-c monthlyBudgetUsd=120`; the CLI passes it as a string).
 */
export function monthlyBudgetUsdFromContext(value: unknown): number {
  if (value === undefined || value === null || value === '') return DEFAULT_MONTHLY_BUDGET_USD;
  const amount = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(\.\d{1,2})?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(amount) || amount < 1 || amount > 1_000_000) {
    throw new OpsContextError(`monthlyBudgetUsd must be an amount of US dollars from 1 to 1000000 (-c monthlyBudgetUsd=120), not ${JSON.stringify(value)}.`);
  }
  return amount;
}
