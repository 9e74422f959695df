import { pathToFileURL } from 'node:url';
import { parseSmokeArguments, SmokeArgumentError } from './smoke-arguments.ts';
import { runSmokeChecks, type CheckResult } from './smoke-checks.ts';

function line(result: CheckResult): string {
  const label = result.status === 'ok' ? 'ok    ' : result.status === 'failed' ? 'failed' : 'failed (skipped)';
  return `${label}  ${result.name}: ${result.detail}`;
}

/**
 * `npm run smoke -- --url … --email …` (SMOKE_PASSWORD in the environment): checks a stage end to
 * end through its public contracts (landing page, config.json, the founder's sign-in, getMe, the
 * public callable, the live socket), prints each check with ok or failed, and answers the exit
 * code: 0 all ok, 1 a check failed, 2 bad arguments.
 */
export async function runSmoke(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
  printError = console.error,
): Promise<number> {
  let args;
  try {
    args = parseSmokeArguments(argv, env);
  } catch (error) {
    if (!(error instanceof SmokeArgumentError)) throw error;
    printError(error.message);
    return 2;
  }
  print(`Smoke test of ${args.url.origin} as ${args.email}`);
  const results = await runSmokeChecks(args, (result) => print(line(result)));
  const failed = results.filter((result) => result.status !== 'ok').length;
  print(failed === 0 ? `All ${results.length} checks ok.` : `${failed} of ${results.length} checks failed.`);
  return failed === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runSmoke(process.argv.slice(2));
}
