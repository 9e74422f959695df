import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll } from 'vitest';
import { createApp, REPO_ROOT, type AnchoredApp } from '../../lib/build-app.ts';
import type { Stage } from '../../lib/stage.ts';

/** cdk.json's feature flags, so tests synthesize exactly what `cdk synth` does. */
export const CDK_JSON_CONTEXT: Record<string, unknown> = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8'),
).context;

const temporaryDirs: string[] = [];
afterAll(() => {
  for (const dir of temporaryDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A directory removed after the test file. */
export function temporaryDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

/** A stand-in for web/dist: the tests never need vite. */
export function dummyWebDist(): string {
  const dir = temporaryDir('anchored-web-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-x1.js"></script><div id="root">Anchored</div>');
  fs.writeFileSync(path.join(dir, 'spa.html'), '<!doctype html><script type="module" src="/assets/index-x1.js"></script><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-x1.js'), 'console.log("anchored")');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export interface SynthOptions {
  readonly stage: Stage;
  /** Run esbuild for every function (slow). @default false */
  readonly bundle?: boolean;
  /**
   * cdk-nag and CDK's CloudFormation validation, as bin/app.ts runs them. @default false: most
   * tests check constructs; test/infra/nag.test.ts runs the validations.
   */
  readonly nag?: boolean;
  /** More context, as `-c key=value` gives it (e.g. devAdminEmails). */
  readonly context?: Record<string, unknown>;
}

export interface Synthesized extends AnchoredApp {
  readonly template: Template;
}

const cache = new Map<string, Synthesized>();

/**
 * Builds the app as bin/app.ts does (with a dummy SPA, bundling skipped unless asked). The stage is
 * always explicit: createApp has no default (test/infra/stage.test.ts).
 */
export function synth({ stage, bundle = false, nag = false, context = {} }: SynthOptions): Synthesized {
  const key = `${stage}:${bundle}:${nag}:${JSON.stringify(context)}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const built = createApp({
    stage,
    nag,
    cloudFormationValidation: nag,
    webAssetPath: dummyWebDist(),
    outdir: temporaryDir('anchored-cdk-out-'),
    context: { ...CDK_JSON_CONTEXT, ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }), ...context },
  });
  const result = { ...built, template: Template.fromStack(built.stack) };
  cache.set(key, result);
  return result;
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown }>;

export function resourcesOf(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** The logical id an `{"Fn::GetAtt": [id, ...]}` or `{"Ref": id}` points at. */
export function referencedId(value: unknown): string {
  const v = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  const id = v.Ref ?? v['Fn::GetAtt']?.[0];
  if (!id) throw new Error(`Not a reference: ${JSON.stringify(value)}`);
  return id;
}

/** Every IAM action granted to a role by the inline policies attached to it. */
export function actionsOfRole(
  template: Template,
  roleId: string,
  include: (statement: { Action: string | string[]; Condition?: unknown }) => boolean = () => true,
): string[] {
  const actions: string[] = [];
  for (const policy of Object.values(resourcesOf(template, 'AWS::IAM::Policy'))) {
    const roles = (policy.Properties?.Roles ?? []) as unknown[];
    if (!roles.some((role) => referencedId(role) === roleId)) continue;
    const document = policy.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Condition?: unknown }[] };
    for (const statement of document.Statement) if (include(statement)) actions.push(...[statement.Action].flat());
  }
  return actions;
}
