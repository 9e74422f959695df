import { parseArgs } from 'node:util';

export const MIGRATE_USAGE =
  'Usage: npm run migrate -- --stage dev|prod [--dry-run] [--region eu-west-1]\n' +
  '       npm run migrate -- --stage local [--dry-run] [--endpoints .local/endpoints.json]';

export type MigrateArguments =
  { stage: 'dev' | 'prod'; dryRun: boolean; region: string | undefined } | { stage: 'local'; dryRun: boolean; endpoints: string | undefined };

/** Bad arguments: one sentence naming the argument, then the usage. */
export class MigrateArgumentError extends Error {
  constructor(sentence: string) {
    super(`${sentence}\n${MIGRATE_USAGE}`);
    this.name = 'MigrateArgumentError';
  }
}

const STAGES = ['local', 'dev', 'prod'] as const;
const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;

/** `npm run migrate -- …`'s arguments, checked: a missing or unknown one stops with a sentence naming it. */
export function parseMigrateArguments(argv: readonly string[]): MigrateArguments {
  let values: { stage?: string; 'dry-run'?: boolean; region?: string; endpoints?: string };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { stage: { type: 'string' }, 'dry-run': { type: 'boolean' }, region: { type: 'string' }, endpoints: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // Node's own sentences name the argument ("Unknown option '--dryrun'", "Option '--stage <value>' argument missing").
    throw new MigrateArgumentError(`${(error as Error).message.replace(/\.$/, '')}.`);
  }
  const { stage } = values;
  const dryRun = values['dry-run'] === true;
  if (stage === undefined) throw new MigrateArgumentError('--stage is missing: choose local, dev or prod.');
  if (!(STAGES as readonly string[]).includes(stage))
    throw new MigrateArgumentError(`--stage ${JSON.stringify(stage)} is not a stage: choose local, dev or prod.`);
  if (stage === 'local') {
    if (values.region !== undefined) throw new MigrateArgumentError('--region is for a deployed stage (dev or prod), not --stage local.');
    return { stage, dryRun, endpoints: values.endpoints };
  }
  if (values.endpoints !== undefined) throw new MigrateArgumentError(`--endpoints is for --stage local; ${stage} is found from its stack's outputs.`);
  if (values.region !== undefined && !REGION.test(values.region)) {
    throw new MigrateArgumentError(`--region ${JSON.stringify(values.region)} is not an AWS region (for example eu-west-1).`);
  }
  return { stage: stage as 'dev' | 'prod', dryRun, region: values.region };
}
