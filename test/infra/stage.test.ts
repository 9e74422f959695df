import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp, REPO_ROOT, stackNameFor } from '../../lib/build-app.ts';
import { EXAMPLE_EDGE_CONTEXT } from '../../lib/edge-context.ts';
import { EXAMPLE_OPS_CONTEXT } from '../../lib/ops-context.ts';
import { STAGES } from '../../lib/stage.ts';
import { CDK_JSON_CONTEXT, dummyWebDist, temporaryDir } from './synth.ts';

/**
 * No synth or deploy without an explicit stage: a forgotten `-c stage=…` must not quietly build
 * (and deploy) the dev stage, whose Make Me Admin a member could use.
 */

const CHOOSE = /Choose a stage: npx cdk (synth|deploy) -c stage=dev\|prod/;

/** createApp as bin/app.ts calls it, with this context and no stage option (cheap: no nag, no bundling). */
function appWithContext(context: Record<string, unknown>) {
  return createApp({
    nag: false,
    cloudFormationValidation: false,
    webAssetPath: dummyWebDist(),
    outdir: temporaryDir('anchored-stage-'),
    context: { ...CDK_JSON_CONTEXT, 'aws:cdk:bundling-stacks': [], ...context },
  });
}

describe('the stage must be chosen', () => {
  it('cdk.json sets no stage (nor a dev admin list) that would stand in for one', () => {
    expect(CDK_JSON_CONTEXT).not.toHaveProperty('stage');
    expect(CDK_JSON_CONTEXT).not.toHaveProperty('devAdminEmails');
  });

  it('createApp without a stage throws, naming -c stage=dev|prod', () => {
    expect(() => appWithContext({})).toThrow(CHOOSE);
  });

  it.each(['', 'staging', 'Prod', 'dev,prod'])('an unknown stage %j throws, naming -c stage=dev|prod', (stage) => {
    expect(() => appWithContext({ stage })).toThrow(CHOOSE);
  });

  it.each(STAGES)('-c stage=%s synthesizes the stack of that stage', (stage) => {
    // Prod also needs the ops inbox and its domain (test/infra/observability.test.ts, edge.test.ts cover their absence).
    const { app, stack, stage: chosen } = appWithContext({ stage, ...EXAMPLE_OPS_CONTEXT, ...EXAMPLE_EDGE_CONTEXT });
    expect(chosen).toBe(stage);
    expect(stack.stackName).toBe(stackNameFor(stage));
    const assembly = app.synth();
    expect(assembly.getStackByName(stackNameFor(stage)).template).toHaveProperty('Resources');
  });

  it('bin/app.ts without a stage exits non-zero with the message and writes no template', () => {
    const outdir = temporaryDir('anchored-no-stage-');
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bin', 'app.ts')], {
      cwd: REPO_ROOT,
      // As the CDK CLI runs the app without `-c stage=…`: cdk.json's context only.
      env: { ...process.env, CDK_OUTDIR: outdir, CDK_CONTEXT_JSON: JSON.stringify(CDK_JSON_CONTEXT) },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status, result.stderr).not.toBe(0);
    expect(result.stderr).toMatch(CHOOSE);
    expect(fs.readdirSync(outdir).filter((file) => file.endsWith('.template.json'))).toEqual([]);
  });
});
