import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeFinding, guardFindings, type GuardFinding } from '../../lib/guard.ts';
import { STAGES, type Stage } from '../../lib/stage.ts';
import { synthExample } from './example-synth.ts';

/**
 * `npm run guard`: AWS Control Tower's proactive controls (cfn-guard, bundled with
 * @cdklabs/cdk-validator-cfnguard) against both stages, synthesized offline with the example context.
 * Prints every finding no construct acknowledges (and, with --acknowledged, those it does and why);
 * exits 1 if any is left.
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

async function main(): Promise<void> {
  const showAcknowledged = process.argv.includes('--acknowledged');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anchored-guard-'));
  let left = 0;
  try {
    for (const stage of STAGES) {
      const started = Date.now();
      const { unacknowledged, acknowledged } = await guardStage(stage, workDir);
      left += unacknowledged.length;
      console.log(`${stage}: ${unacknowledged.length} unacknowledged, ${acknowledged.length} acknowledged (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      for (const finding of unacknowledged) console.log(`  ${describeFinding(finding)}`);
      if (showAcknowledged) for (const finding of acknowledged) console.log(`  acknowledged ${describeFinding(finding)}\n    because ${finding.reason}`);
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  if (left > 0) process.exitCode = 1;
}

await main();
