import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

/**
 * `npm test`: the four vitest projects in two steps. First unit and infra in one vitest run (two
 * workers); then integration in two shards and e2e, the three side by side, each in a vitest
 * process of its own, each line of its output prefixed with its name (`[integration 1/2]`).
 *
 * Integration and e2e each run one file at a time against a local cloud (one stream poller, whose
 * fan-out a second file's writes slowed past the first file's waits; one Chromium), and in a single
 * vitest run they would also run one after the other (Vitest puts the projects with file parallelism
 * off in one sequential group). Integration files mostly wait (leases, the stream, request chains:
 * about half a core each), so they run in two shards (`--shard i/2`, split by the files' time:
 * test/support/lane-sequencer.ts), each a vitest process with a local cloud of its own, beside e2e.
 * E2e stays one shard: Chromium and Vite keep a core busy, and two e2e shards beside the rest missed
 * the live pages' time limits. Not beside unit and infra: their two busy workers slowed the
 * stream's fan-out past the tests' waits.
 * Any arguments (`npm test -- test/unit/foo.test.ts`, `--project unit`) run one plain `vitest run`.
 */

const VITEST = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

interface Run {
  name: string;
  args: string[];
}

/** Steps one after another; the runs of a step at the same time. Every step runs, whatever failed before. */
const STEPS: Run[][] = [
  [{ name: 'unit+infra', args: ['--project', 'unit', '--project', 'infra'] }],
  [
    { name: 'integration 1/2', args: ['--project', 'integration', '--shard', '1/2'] },
    { name: 'integration 2/2', args: ['--project', 'integration', '--shard', '2/2'] },
    { name: 'e2e', args: ['--project', 'e2e'] },
  ],
];

/**
 * Lines of a lane that name a failure: vitest's `FAIL <project> <file> > <test>` (a test, or a
 * suite whose hook failed) and its count of unhandled errors, which no test owns.
 */
function isFailureLine(line: string): boolean {
  return /^\s*FAIL\s/.test(line) || /unhandled errors? during the test run/i.test(line);
}

/** The line of vitest's report under a FAIL line that says why (the error and its message). */
function isErrorLine(line: string): boolean {
  return /^(\w*Error|Error)\b/.test(line) || /^Unhandled/i.test(line);
}

/** How many lines under a FAIL line may hold its error (vitest prints it right below). */
const ERROR_LOOKAHEAD = 6;

/** One `vitest run`; resolves with its exit code. Prefixed output, and failures collected, when a lane name is given. */
function vitestRun(args: string[], prefix?: string, failures: string[] = []): Promise<number> {
  const child = spawn(process.execPath, [VITEST, 'run', ...args], { stdio: ['inherit', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'] });
  if (prefix) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      if (!stream) continue;
      let errorLookahead = 0;
      createInterface({ input: stream }).on('line', (line) => {
        out.write(`[${prefix}] ${line}\n`);
        const plain = stripVTControlCharacters(line).trim();
        if (isFailureLine(plain)) {
          if (!failures.includes(plain)) failures.push(plain);
          errorLookahead = ERROR_LOOKAHEAD;
        } else if (errorLookahead > 0) {
          errorLookahead--;
          // The why, under its FAIL line, so CI's tail says what failed and why.
          if (isErrorLine(plain)) {
            failures.push(`  ${plain.slice(0, 400)}`);
            errorLookahead = 0;
          }
        }
      });
    }
  }
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

interface RunResult {
  run: Run;
  code: number;
  seconds: number;
  failures: string[];
}

async function timedRun(run: Run): Promise<RunResult> {
  const started = Date.now();
  const failures: string[] = [];
  const code = await vitestRun(run.args, run.name, failures);
  return { run, code, seconds: (Date.now() - started) / 1000, failures };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length) return vitestRun(args);
  const results: RunResult[] = [];
  for (const step of STEPS) results.push(...(await Promise.all(step.map(timedRun))));
  // Last, so CI's tail shows them: a lane's own summary may have scrolled away behind another lane's lines.
  for (const { run, code, failures } of results) {
    if (code === 0) continue;
    console.log(`\n${run.name} failed:`);
    for (const failure of failures) console.log(`  ${failure}`);
    if (failures.length === 0) console.log(`  no FAIL line: see the lines prefixed [${run.name}]`);
  }
  for (const { run, code, seconds } of results) {
    console.log(`${run.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`);
  }
  return results.every(({ code }) => code === 0) ? 0 : 1;
}

process.exitCode = await main();
