import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AnchoredStack } from './anchored-stack.ts';
import { callablesFor, API_PATH_PREFIX } from './callable-api.ts';
import type { CloudFrontFirewallProps } from './cloudfront-firewall.ts';
import { EDGE_REGION, EdgeStack } from './edge-stack.ts';
import { devAdminEmailsFromContext, stageFromContext, type Stage } from './stage.ts';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

export interface CreateAppOptions {
  /** @default the `stage` context value (`-c stage=dev|prod`); with neither, createApp throws */
  readonly stage?: Stage;
  /** The built SPA. @default web/dist, built with `npm run build:web` when it is missing */
  readonly webAssetPath?: string;
  /** Context for the App (tests pass cdk.json's feature flags and skip bundling here). */
  readonly context?: Record<string, unknown>;
  readonly outdir?: string;
  /** cdk-nag AwsSolutions checks. @default true */
  readonly nag?: boolean;
  /**
   * CDK's built-in CloudFormation template validation (a WASM engine, seconds to start); tests
   * of single constructs turn it off. @default true
   */
  readonly cloudFormationValidation?: boolean;
  /**
   * The region the app deploys to. @default CDK_DEFAULT_REGION, which the CDK CLI sets from
   * AWS_REGION or the profile; without any, the stack stays region-agnostic and deploys only to
   * us-east-1 (a template rule says so), where CloudFront's web ACL must live.
   */
  readonly region?: string;
}

export interface AnchoredApp {
  readonly app: App;
  readonly stack: AnchoredStack;
  readonly stage: Stage;
  /** `Anchored-<stage>-edge` in us-east-1, when the app's region is another. */
  readonly edge?: EdgeStack;
}

export function stackNameFor(stage: Stage): string {
  return `Anchored-${stage}`;
}

/** The files every build of the SPA has (web/scripts/build-web.ts). */
const WEB_BUILD_FILES = ['index.html', 'spa.html'];

/** Builds web/dist unless it is already there, so `cdk synth` works from a clean clone. */
export function ensureWebBuild(dist: string = WEB_DIST): string {
  const built = () => WEB_BUILD_FILES.every((file) => fs.existsSync(path.join(dist, file)));
  if (built()) return dist;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The CDK CLI reads nothing from the app's stdout, but keep the build's chatter on stderr.
  execFileSync(npm, ['run', 'build:web'], { cwd: REPO_ROOT, stdio: ['ignore', process.stderr, process.stderr] });
  if (!built()) throw new Error(`npm run build:web did not produce ${WEB_BUILD_FILES.join(' and ')} in ${dist}`);
  return dist;
}

/** The CDK app exactly as bin/app.ts runs it; the infra tests build it the same way. */
export function createApp(options: CreateAppOptions = {}): AnchoredApp {
  const app = new App({
    context: options.context,
    outdir: options.outdir,
    builtinCloudFormationValidation: options.cloudFormationValidation ?? true,
  });
  // No default: a forgotten `-c stage=…` must not build (and deploy) dev and its Make Me Admin.
  const stage = stageFromContext(options.stage ?? app.node.tryGetContext('stage'));
  // Who may use Make Me Admin on a deployed dev stage (`-c devAdminEmails=…`); prod has no such callable.
  const devAdminEmails = stage === 'dev' ? devAdminEmailsFromContext(app.node.tryGetContext('devAdminEmails')) : [];

  const region = options.region ?? process.env.CDK_DEFAULT_REGION;
  const firewall: CloudFrontFirewallProps = {
    publicCallablePaths: callablesFor(stage)
      .filter((callable) => callable.access === 'public')
      .map((callable) => `${API_PATH_PREFIX}/${callable.name}`),
    metricPrefix: `anchored-${stage}`,
  };
  // CloudFront's web ACL lives in us-east-1: in the app's own stack there, else in a small edge stack.
  const edge =
    region !== undefined && region !== EDGE_REGION
      ? new EdgeStack(app, `${stackNameFor(stage)}-edge`, { firewall, description: `anchored, CloudFront's web ACL (${stage})` })
      : undefined;
  const stack = new AnchoredStack(app, stackNameFor(stage), {
    ...(region !== undefined && { env: { region } }),
    crossRegionReferences: edge !== undefined,
    cloudFrontFirewall: edge ? { webAclArn: edge.firewall.webAcl.attrArn } : firewall,
    stage,
    devAdminEmails,
    webAssetPath: options.webAssetPath ?? ensureWebBuild(),
    description: `anchored, an invite-only social network (${stage})`,
  });
  Tags.of(app).add('project', 'anchored');
  Tags.of(app).add('stage', stage);

  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, stage, edge };
}
