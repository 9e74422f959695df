import { RemovalPolicy } from 'aws-cdk-lib';
import { ANYONE, isPlainEmail, splitEmailList } from '../lambdas/domain/dev-admins.ts';

/** Deployment stages. `dev` carries the dev-only callables; `prod` never does. */
export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

/** What every synth and deploy must say: there is no default stage. */
export const CHOOSE_STAGE = `Choose a stage: npx cdk synth -c stage=${STAGES.join('|')} (or npx cdk deploy -c stage=${STAGES.join('|')}).`;

/** A stage that is missing or unknown: bin/app.ts prints its message alone. */
export class StageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StageError';
  }
}

/**
 * The stage of a synth: the `stage` context value (`-c stage=dev|prod`), which must be given. A
 * forgotten one must not quietly build the dev stage and its Make Me Admin.
 */
export function stageFromContext(value: unknown): Stage {
  if (value === undefined || value === null) throw new StageError(`No stage given. ${CHOOSE_STAGE}`);
  if (!isStage(value)) throw new StageError(`Unknown stage ${JSON.stringify(value)}. ${CHOOSE_STAGE}`);
  return value;
}

/**
 * The `devAdminEmails` context value (`-c devAdminEmails=a@example.com,b@example.com`, or a list in
 * cdk.context.json): the emails that may use Make Me Admin on a deployed dev stage, trimmed and
 * lower-cased. Absent or empty: nobody may. '*' (anyone) is the local cloud's alone and refused here.
 */
export function devAdminEmailsFromContext(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const entries =
    typeof value === 'string'
      ? splitEmailList(value)
      : Array.isArray(value) && value.every((entry) => typeof entry === 'string')
        ? value.flatMap(splitEmailList)
        : null;
  if (entries === null) {
    throw new StageError(
      `devAdminEmails must be a comma-separated list of emails (-c devAdminEmails=a@example.com,b@example.com), not ${JSON.stringify(value)}.`,
    );
  }
  if (entries.includes(ANYONE)) {
    throw new StageError(`devAdminEmails cannot be '${ANYONE}': a deployed dev stage names the emails that may use Make Me Admin.`);
  }
  const invalid = entries.filter((entry) => !isPlainEmail(entry));
  if (invalid.length > 0) {
    throw new StageError(`devAdminEmails holds ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}, not an email; separate emails with commas.`);
  }
  return [...new Set(entries)];
}

/** Members' data outlives a stack deletion on prod; dev is disposable. */
export function removalPolicyFor(stage: Stage): RemovalPolicy {
  return stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}
