import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * An operator's script (npm run founder, npm run migrate) run by a test: in a process of its own as
 * the operator runs it, or its main function in this process (milliseconds rather than tsx's
 * seconds).
 */

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A script's main function: its arguments, where it prints, and its exit code. */
export type CliMain = (argv: readonly string[], print: (line: string) => void, printError: (line: string) => void) => Promise<number>;

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The script at `cli` in its own process, with only PATH and HOME of this environment. */
export async function runCliProcess(cli: string, args: readonly string[]): Promise<CliRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `main` in this process, each printed line ending in a newline; the environment it sets is put back afterwards. */
export async function runCliInProcess(main: CliMain, args: readonly string[]): Promise<CliRun> {
  const environment = { ...process.env };
  const out: string[] = [];
  const err: string[] = [];
  try {
    const code = await main(
      args,
      (line) => out.push(`${line}\n`),
      (line) => err.push(`${line}\n`),
    );
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in environment)) Reflect.deleteProperty(process.env, name);
    Object.assign(process.env, environment);
  }
}
