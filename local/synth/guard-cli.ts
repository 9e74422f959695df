import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFinding, guardFindings, type GuardFinding } from '../../lib/guard.ts';
import { isStage, STAGES, type Stage } from '../../lib/stage.ts';
import { synthExample } from './example-synth.ts';

/**
 * `npm run guard`: AWS Control Tower's proactive controls (cfn-guard, bundled with
 * @cdklabs/cdk-validator-cfnguard) against both stages, synthesized offline with the example context.
 * Prints every finding no construct acknowledges (and, with --acknowledged, those it does and why);
 * exits 1 if any is left. `--stage dev|prod` guards one stage; without it, each in a process of its own.
 */

/** A stand-in SPA: the templates do not depend on its contents, and the guard needs no vite build. */
function placeholderWeb(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const file of ['index.html', 'spa.html']) fs.writeFileSync(path.join(dir, file), '<!doctype html><div id="root"></div>');
  return dir;
}

export async function guardStage(
  stage: Stage,
  workDir: string,
): Promise<{ unacknowledged: GuardFinding[]; acknowledged: (GuardFinding & { reason: string })[] }> {
  const outdir = path.join(workDir, `cdk.out-${stage}`);
  // cdk-nag has its own test (test/infra/nag.test.ts); the guard reads only the templates.
  synthExample({ stage, outdir, bundle: false, validations: false, webAssetPath: placeholderWeb(path.join(workDir, 'web')) });
  return guardFindings(outdir);
}

/** Runs one stage's guard in a child process, so both stages synthesize at once on two cores. */
function guardInChild(stage: Stage, showAcknowledged: boolean): Promise<{ output: string; failed: boolean }> {
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--stage', stage, ...(showAcknowledged ? ['--acknowledged'] : [])];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ output: `${stdout}${stderr}`, failed: error !== null });
    });
  });
}

async function guardOneStage(stage: Stage, showAcknowledged: boolean): Promise<number> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anchored-guard-'));
  try {
    const started = Date.now();
    const { unacknowledged, acknowledged } = await guardStage(stage, workDir);
    console.log(`${stage}: ${unacknowledged.length} unacknowledged, ${acknowledged.length} acknowledged (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    for (const finding of unacknowledged) console.log(`  ${describeFinding(finding)}`);
    if (showAcknowledged) for (const finding of acknowledged) console.log(`  acknowledged ${describeFinding(finding)}\n    because ${finding.reason}`);
    return unacknowledged.length;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const showAcknowledged = process.argv.includes('--acknowledged');
  const stageIndex = process.argv.indexOf('--stage');
  if (stageIndex >= 0) {
    const stage = process.argv[stageIndex + 1];
    if (!isStage(stage)) throw new Error(`--stage must be one of ${STAGES.join(', ')}`);
    if ((await guardOneStage(stage, showAcknowledged)) > 0) process.exitCode = 1;
    return;
  }
  const results = await Promise.all(STAGES.map((stage) => guardInChild(stage, showAcknowledged)));
  for (const { output } of results) process.stdout.write(output);
  if (results.some((result) => result.failed)) process.exitCode = 1;
}

await main();
