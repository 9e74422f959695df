import { randomBytes } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrations } from '../../lambdas/migrations/registry.ts';
import { MigrationRunError, runMigrations } from '../../lambdas/migrations/run-migrations.ts';
import { DEFAULT_DATA_DIR } from '../cloud-files.ts';
import { deployedTargets, localTargets, TargetError, type StageTargets } from '../founder/stage-targets.ts';
import { MigrateArgumentError, parseMigrateArguments } from './migrate-arguments.ts';

/** Set by a developer's shell for the local cloud; never wanted on a deployed stage. */
const EMULATOR_VARIABLES = ['DYNAMODB_ENDPOINT', 'COGNITO_ENDPOINT', 'S3_ENDPOINT', 'LAMBDA_ENDPOINT'];

/** The data layer reads its table (and the emulators' endpoints) from the environment, as a function does on AWS. */
function useEnvironment(environment: Record<string, string>): void {
  for (const name of EMULATOR_VARIABLES) Reflect.deleteProperty(process.env, name);
  Object.assign(process.env, environment);
}

/** Who runs, on the lease and each record: enough to find them when the lease is held. */
function runOwner(): string {
  let user = 'someone';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (some containers): the host and tag still tell runs apart.
  }
  return `${user}@${hostname()} #${randomBytes(3).toString('hex')}`;
}

/**
 * `npm run migrate -- --stage local|dev|prod [--dry-run]`: the stage's pending migrations
 * (lambdas/migrations/registry.ts) on its table, found as npm run founder finds it
 * (local/founder/stage-targets.ts). Answers the exit code: 0 done, 1 bad input, refused or failed.
 */
export async function runMigrate(argv: readonly string[], print: (line: string) => void = console.log, printError = console.error): Promise<number> {
  let targets: StageTargets | undefined;
  try {
    const args = parseMigrateArguments(argv);
    targets =
      args.stage === 'local' ? localTargets(args.endpoints ?? join(DEFAULT_DATA_DIR, 'endpoints.json')) : await deployedTargets(args.stage, args.region);
    useEnvironment(targets.environment);
    print(`${args.dryRun ? 'Dry run on' : 'Migrating'} ${targets.description} (table ${targets.tableName}): ${migrations.length} migrations known.`);
    await runMigrations(migrations, { dryRun: args.dryRun, owner: runOwner(), print });
    return 0;
  } catch (error) {
    if (error instanceof MigrateArgumentError || error instanceof TargetError || error instanceof MigrationRunError) printError(error.message);
    // An AWS refusal names itself; the stack trace would add nothing an operator can act on.
    else printError(`The migrations stopped: ${(error as Error).name}: ${(error as Error).message}`);
    return 1;
  } finally {
    targets?.cognito.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runMigrate(process.argv.slice(2));
}
