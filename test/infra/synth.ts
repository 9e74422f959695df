import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createApp, REPO_ROOT, type AnchoredApp } from '../../lib/build-app.ts';
import { EXAMPLE_EDGE_CONTEXT } from '../../lib/edge-context.ts';
import { EXAMPLE_OPS_CONTEXT } from '../../lib/ops-context.ts';
import type { Stage } from '../../lib/stage.ts';

/** cdk.json's feature flags, so tests synthesize exactly what `cdk synth` does. */
export const CDK_JSON_CONTEXT: Record<string, unknown> = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')).context;

// Removed when the worker exits, not after each file: the infra project runs its files in one
// module graph (isolate: false, vitest.config.ts), so a synth cached by one file serves the next.
const temporaryDirs: string[] = [];
process.once('exit', () => {
  for (const dir of temporaryDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A directory removed when the test worker exits. */
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
  /** More context, as `-c key=value` gives it (e.g. devAdminEmails). Prod gets EXAMPLE_OPS_CONTEXT and EXAMPLE_EDGE_CONTEXT under it (its opsEmail and domain are required). */
  readonly context?: Record<string, unknown>;
  /** The app's region (createApp's). @default none: region-agnostic, as the tests always were */
  readonly region?: string;
}

export interface Synthesized extends AnchoredApp {
  /**
   * The stack and its nested stacks read as one template (flattenedTemplate): what the tests
   * assert on, wherever a resource lives.
   */
  readonly template: Template;
  /** Each stack's own template (the stack, then its nested stacks), by construct path. */
  readonly templates: ReadonlyMap<string, Template>;
}

const cache = new Map<string, Synthesized>();

/**
 * Builds the app as bin/app.ts does (with a dummy SPA, bundling skipped unless asked). The stage is
 * always explicit: createApp has no default (test/infra/stage.test.ts).
 */
export function synth({ stage, bundle = false, nag = false, context = {}, region }: SynthOptions): Synthesized {
  const key = `${stage}:${bundle}:${nag}:${JSON.stringify(context)}:${region ?? ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const built = createApp({
    stage,
    region,
    nag,
    cloudFormationValidation: nag,
    webAssetPath: dummyWebDist(),
    outdir: temporaryDir('anchored-cdk-out-'),
    context: {
      ...CDK_JSON_CONTEXT,
      ...(stage === 'prod' ? { ...EXAMPLE_OPS_CONTEXT, ...EXAMPLE_EDGE_CONTEXT } : {}),
      ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...context,
    },
  });
  const templates = new Map(stacksOf(built.stack).map((stack) => [stack.node.path, Template.fromStack(stack)]));
  const result = { ...built, template: flattenedTemplate(built.stack), templates };
  cache.set(key, result);
  return result;
}

/** The stack and every stack nested in it, parents before children. */
export function stacksOf(stack: Stack): Stack[] {
  return [stack, ...nestedIn(stack).flatMap(stacksOf)];
}

/** The stacks nested directly in `stack`. */
function nestedIn(stack: Stack): NestedStack[] {
  return stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);
}

type Json = Record<string, unknown>;

/** `value` with every `{ Ref: name }` of `values` replaced by its value, and every `{ 'Fn::GetAtt': [id, 'Outputs.X'] }` of `outputs[id]` by X's value. */
function substitute(value: unknown, values: Json, outputs: Record<string, Json>): unknown {
  if (Array.isArray(value)) return value.map((item) => substitute(item, values, outputs));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const [key, argument] = entries[0] ?? [];
  if (entries.length === 1 && key === 'Ref' && typeof argument === 'string' && argument in values) return values[argument];
  if (entries.length === 1 && key === 'Fn::GetAtt' && Array.isArray(argument)) {
    const [id, attribute] = argument as [string, string];
    const output = attribute.startsWith('Outputs.') ? outputs[id]?.[attribute.slice('Outputs.'.length)] : undefined;
    if (output !== undefined) return output;
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, substitute(v, values, outputs)]));
}

/**
 * The stack as if its nested stacks were part of it: their resources join the stack's (logical
 * IDs are their own templates'; the same ID in two stacks fails here), a nested stack's parameters
 * read as the values the parent passes, and the parent's `Outputs.X` of a nested stack as the
 * value X has in it. So a route leads to its integration, a function to its role and the table,
 * across the stacks as within one; the stacks' sizes are in `Synthesized.templates`.
 */
export function flattenedTemplate(stack: Stack): Template {
  return Template.fromJSON(flattenedJson(stack));
}

function flattenedJson(stack: Stack): { Resources: Record<string, Json>; Outputs?: Record<string, Json>; [key: string]: unknown } {
  const template = Template.fromStack(stack).toJSON() as { Resources: Record<string, Json>; Outputs?: Record<string, Json> };
  const resources: Record<string, Json> = { ...template.Resources };
  const outputsOfNested: Record<string, Json> = {};
  for (const child of nestedIn(stack)) {
    if (!child.nestedStackResource) throw new Error(`${child.node.path} has no resource in ${stack.node.path}`);
    const resourceId = stack.getLogicalId(child.nestedStackResource);
    const parameters = ((resources[resourceId]?.Properties as Json | undefined)?.Parameters ?? {}) as Json;
    const flat = flattenedJson(child);
    for (const [id, resource] of Object.entries(flat.Resources)) {
      // Version reporting's CDKMetadata is in every stack; one stands for all here.
      if (resource.Type === 'AWS::CDK::Metadata') continue;
      if (id in resources) throw new Error(`${id} is in ${stack.node.path} and in ${child.node.path}`);
      resources[id] = substitute(resource, parameters, {}) as Json;
    }
    outputsOfNested[resourceId] = Object.fromEntries(
      Object.entries(flat.Outputs ?? {}).map(([name, output]) => [name, substitute(output.Value, parameters, {})]),
    );
  }
  for (const [id, resource] of Object.entries(resources)) resources[id] = substitute(resource, {}, outputsOfNested) as Json;
  return { ...template, Resources: resources };
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

/** An IAM policy statement as CloudFormation holds it. */
export interface PolicyStatement {
  readonly Action: string | string[];
  readonly Resource?: unknown;
  readonly Condition?: Record<string, Record<string, unknown>>;
  readonly Effect?: string;
}

/** Every statement of the inline policies attached to a role. */
export function statementsOfRole(template: Template, roleId: string): PolicyStatement[] {
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy')).flatMap((policy) => {
    const roles = (policy.Properties?.Roles ?? []) as unknown[];
    if (!roles.some((role) => referencedId(role) === roleId)) return [];
    return (policy.Properties?.PolicyDocument as { Statement: PolicyStatement[] }).Statement;
  });
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
