import { parseArgs } from 'node:util';
import * as z from 'zod';
import { displayNameSchema } from '#contracts/profile';

export const FOUNDER_USAGE =
  'Usage: npm run founder -- --stage prod|dev --email you@example.org [--name "Your Name"] [--region eu-west-1]\n' +
  '       npm run founder -- --stage local [--email founder@anchored.local] [--endpoints .local/endpoints.json]';

export type FounderArguments =
  | { stage: 'dev' | 'prod'; email: string; name: string; region: string | undefined }
  | { stage: 'local'; email: string | undefined; name: string; endpoints: string | undefined };

/** Bad arguments: the message is one sentence naming the argument, then the usage. */
export class ArgumentError extends Error {
  constructor(sentence: string) {
    super(`${sentence}\n${FOUNDER_USAGE}`);
    this.name = 'ArgumentError';
  }
}

const STAGES = ['local', 'dev', 'prod'] as const;
const DEFAULT_NAME = 'Founder';

function checkedEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!z.email().safeParse(email).success) throw new ArgumentError(`--email ${JSON.stringify(value)} is not an email address.`);
  return email;
}

function checkedName(value: string | undefined): string {
  if (value === undefined) return DEFAULT_NAME;
  const name = displayNameSchema.safeParse(value);
  if (!name.success) throw new ArgumentError(`--name ${JSON.stringify(value)} is refused: ${name.error.issues[0]?.message ?? 'not a name'}.`);
  return name.data;
}

/** `npm run founder -- …`'s arguments, checked: a missing or malformed one stops with a sentence naming it. */
export function parseFounderArguments(argv: readonly string[]): FounderArguments {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { stage: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, region: { type: 'string' }, endpoints: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // Node's own sentences name the argument ("Unknown option '--emial'", "Option '--email <value>' argument missing").
    throw new ArgumentError(`${(error as Error).message.replace(/\.$/, '')}.`);
  }
  const { stage } = values;
  if (stage === undefined) throw new ArgumentError('--stage is missing: choose local, dev or prod.');
  if (!(STAGES as readonly string[]).includes(stage)) throw new ArgumentError(`--stage ${JSON.stringify(stage)} is not a stage: choose local, dev or prod.`);
  const name = checkedName(values.name);

  if (stage === 'local') {
    if (values.region !== undefined) throw new ArgumentError('--region is for a deployed stage (dev or prod), not --stage local.');
    return { stage, email: values.email === undefined ? undefined : checkedEmail(values.email), name, endpoints: values.endpoints };
  }
  if (values.endpoints !== undefined) throw new ArgumentError(`--endpoints is for --stage local; ${stage} is found from its stack's outputs.`);
  if (values.email === undefined) throw new ArgumentError(`--email is missing: the founder's sign-in email on ${stage}.`);
  if (values.region !== undefined && !/^[a-z]{2}(-[a-z]+)+-\d$/.test(values.region)) {
    throw new ArgumentError(`--region ${JSON.stringify(values.region)} is not an AWS region (for example eu-west-1).`);
  }
  return { stage: stage as 'dev' | 'prod', email: checkedEmail(values.email), name, region: values.region };
}
