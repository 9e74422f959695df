import * as fs from 'node:fs';
import * as path from 'node:path';
import { createApp, REPO_ROOT, type AnchoredApp } from '../../lib/build-app.ts';
import type { Stage } from '../../lib/stage.ts';

/**
 * The example context of a prod synth: reserved names (example.com, account 123456789012), never a
 * real inbox, domain or certificate. It lives in its own file, not in cdk.json, where it would
 * silently satisfy a real `cdk deploy -c stage=prod` that forgot a value.
 */
export const PROD_EXAMPLE_CONTEXT_FILE = path.join(REPO_ROOT, 'config', 'prod.example-context.json');

/** The context each stage is synthesized with offline: the stage, and prod's example values. */
export function exampleContext(stage: Stage): Record<string, unknown> {
  if (stage === 'dev') return { stage };
  return JSON.parse(fs.readFileSync(PROD_EXAMPLE_CONTEXT_FILE, 'utf8')) as Record<string, unknown>;
}

/** cdk.json's feature flags, which the CDK CLI would hand the app. */
function cdkJsonContext(): Record<string, unknown> {
  return (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
}

export interface ExampleSynthOptions {
  readonly stage: Stage;
  readonly outdir: string;
  /** The built SPA. @default web/dist, built when missing (as `cdk synth` does) */
  readonly webAssetPath?: string;
  /** Bundle the functions with esbuild (what a deploy uploads). @default true */
  readonly bundle?: boolean;
  /** cdk-nag and CloudFormation's template validation, as `cdk synth` runs them. @default true */
  readonly validations?: boolean;
}

/**
 * Synthesizes a stage into `outdir` as `npx cdk synth -c stage=…` would with the example context:
 * cdk.json's flags, construct paths in the templates, cdk-nag and CloudFormation's validation. No
 * AWS call and no credentials: the stacks are region-agnostic unless CDK_DEFAULT_REGION is set.
 */
export function synthExample({ stage, outdir, webAssetPath, bundle = true, validations = true }: ExampleSynthOptions): AnchoredApp {
  const built = createApp({
    stage,
    outdir,
    webAssetPath,
    nag: validations,
    cloudFormationValidation: validations,
    context: {
      ...cdkJsonContext(),
      'aws:cdk:enable-path-metadata': true,
      ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...exampleContext(stage),
    },
  });
  built.app.synth();
  return built;
}
