import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_DATA_DIR, readJson, writeJson, type Founder } from '../cloud-files.ts';
import { FOUNDER_EMAIL } from '../seed-founder.ts';
import { ensureFounder, OtherFounderError, type FounderOutcome } from './ensure-founder.ts';
import { ArgumentError, parseFounderArguments } from './founder-arguments.ts';
import { deployedTargets, localTargets, TargetError, type StageTargets } from './stage-targets.ts';

/** Set by a developer's shell for the local cloud; never wanted on a deployed stage. */
const EMULATOR_VARIABLES = ['DYNAMODB_ENDPOINT', 'COGNITO_ENDPOINT', 'S3_ENDPOINT', 'LAMBDA_ENDPOINT'];

/** The data layer reads its table (and the emulators' endpoints) from the environment, as a function does on AWS. */
function useEnvironment(environment: Record<string, string>): void {
  for (const name of EMULATOR_VARIABLES) Reflect.deleteProperty(process.env, name);
  Object.assign(process.env, environment);
}

/** What the operator reads: the invite code, and how to sign in; a password only when this run set it. */
function report(targets: StageTargets, outcome: FounderOutcome, print: (line: string) => void): void {
  print(`Founder on ${targets.description}: ${outcome.email}`);
  print(outcome.changes.length > 0 ? `Changed: ${outcome.changes.join('; ')}.` : 'Nothing to change: the founder was complete.');
  print(`Invite code: ${outcome.inviteCode}`);
  if (outcome.passwordSet) {
    print(`Sign in at ${targets.webUrl} as ${outcome.email} with this password, shown once: ${outcome.passwordSet}`);
    print('Then change it in Settings (Change password).');
  } else {
    print(`Sign in at ${targets.webUrl} as ${outcome.email} with the password already set ("Forgot password?" on the sign-in page emails a code to reset it).`);
  }
}

/** The local founder's files sit beside the endpoints file: founder.json stays true when this run set its password. */
function keepFounderFile(endpointsFile: string, outcome: FounderOutcome): void {
  if (!outcome.passwordSet) return;
  const founder: Founder = { email: outcome.email, password: outcome.passwordSet, userId: outcome.userId, inviteCode: outcome.inviteCode };
  writeJson(join(dirname(endpointsFile), 'founder.json'), founder, 0o600);
}

/**
 * `npm run founder -- --stage prod --email …`: creates or repairs the first admin and superuser of
 * a stage and prints their invite code (local/founder/ensure-founder.ts, the local seed's path).
 * Answers the exit code: 0 done, 1 refused or failed, 2 bad arguments.
 */
export async function runFounder(argv: readonly string[], print: (line: string) => void = console.log, printError = console.error): Promise<number> {
  let targets: StageTargets | undefined;
  try {
    const args = parseFounderArguments(argv);
    const endpointsFile = args.stage === 'local' ? (args.endpoints ?? join(DEFAULT_DATA_DIR, 'endpoints.json')) : '';
    targets = args.stage === 'local' ? localTargets(endpointsFile) : await deployedTargets(args.stage, args.region);
    useEnvironment(targets.environment);
    const email = args.email ?? readJson<Founder>(join(dirname(endpointsFile), 'founder.json'))?.email ?? FOUNDER_EMAIL;
    const outcome = await ensureFounder(targets, { email, displayName: args.name });
    if (args.stage === 'local') keepFounderFile(endpointsFile, outcome);
    report(targets, outcome, print);
    return 0;
  } catch (error) {
    if (error instanceof ArgumentError) {
      printError(error.message);
      return 2;
    }
    if (error instanceof TargetError || error instanceof OtherFounderError) printError(error.message);
    // An AWS refusal names itself; the stack trace would add nothing an operator can act on.
    else printError(`The founder was not made: ${(error as Error).name}: ${(error as Error).message}`);
    return 1;
  } finally {
    targets?.cognito.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runFounder(process.argv.slice(2));
}
