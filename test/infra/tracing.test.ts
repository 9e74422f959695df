import * as fs from 'node:fs';
import * as path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { callableHandlers, jobHandlers, triggerHandlers } from '../../lambdas/callable-handlers.ts';
import { liveHandlers } from '../../lambdas/live/handler-rows.ts';
import { AppFunction } from '../../lib/app-function.ts';
import { POWERTOOLS_LAYER_PACKAGES, POWERTOOLS_VERSION } from '../../lib/powertools-layer.ts';
import { REPO_ROOT } from '../../lib/build-app.ts';
import { callablesFor } from '../../lib/callable-api.ts';
import { bundleLikeLambda } from '../../local/lambda-bundle.ts';
import { STAGES, type Stage } from '../../lib/stage.ts';
import { synth, temporaryDir } from './synth.ts';

/**
 * Tracing: every function of the product is traced by X-Ray and carries the
 * AWS Powertools layer, whose packages (and the X-Ray SDK) stay out of the bundles.
 */

const LAYER_SUFFIX = ':094274105915:layer:AWSLambdaPowertoolsTypeScriptV2:51';
const XRAY_ACTIONS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];

function appFunctions(stack: Stack): AppFunction[] {
  // The construct tree holds the nested stacks' constructs too (the callable areas).
  return stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction);
}

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

function roleStatements(fn: AppFunction): Statement[] {
  const policy = fn.function.role?.node.tryFindChild('DefaultPolicy') as iam.Policy | undefined;
  if (!policy) return [];
  return (Stack.of(fn).resolve(policy.document.toJSON()) as { Statement: Statement[] }).Statement;
}

/** The functions the registries deploy on a stage (dev-only callables are not on prod). */
function registryRows(stage: Stage): number {
  return callablesFor(stage).length + Object.keys({ ...triggerHandlers, ...jobHandlers, ...liveHandlers }).length;
}

describe.each(STAGES)('tracing on %s', (stage) => {
  const { stack } = synth({ stage });
  const functions = appFunctions(stack);

  it('finds every function of the registries', () => {
    expect(functions.length).toBeGreaterThanOrEqual(registryRows(stage));
  });

  it('turns active X-Ray tracing on and adds the Powertools layer (2.36.0, in the stack region) to every function', () => {
    for (const fn of functions) {
      const cfn = fn.function.node.defaultChild as CfnFunction;
      const resolve = (value: unknown) => Stack.of(cfn).resolve(value);
      expect(resolve(cfn.tracingConfig), fn.node.path).toEqual({ mode: 'Active' });
      expect(resolve(cfn.layers), fn.node.path).toEqual([{ 'Fn::Join': ['', ['arn:aws:lambda:', { Ref: 'AWS::Region' }, LAYER_SUFFIX]] }]);
    }
  });

  it('grants each function X-Ray writes, the only actions it holds on `*` besides the stream poller’s ListStreams', () => {
    for (const fn of functions) {
      // CDK merges the statements on `*` of one role (the stream consumer's ListStreams joins the X-Ray writes).
      const onEverything = roleStatements(fn)
        .filter((s) => s.Effect === 'Allow' && [s.Resource].flat().includes('*'))
        .flatMap((s) => [s.Action].flat());
      expect(onEverything, fn.node.path).toEqual(expect.arrayContaining(XRAY_ACTIONS));
      for (const action of onEverything) expect(['dynamodb:ListStreams', ...XRAY_ACTIONS], `${fn.node.path} ${action}`).toContain(action);
    }
  });
});

describe('the Powertools layer', () => {
  it('names the region of a stack that has one', () => {
    const { stack } = synth({ stage: 'prod', region: 'eu-west-1' });
    for (const fn of appFunctions(stack)) {
      const cfn = fn.function.node.defaultChild as CfnFunction;
      expect(Stack.of(cfn).resolve(cfn.layers)).toEqual([`arn:aws:lambda:eu-west-1${LAYER_SUFFIX}`]);
    }
  });

  it('holds the version package.json pins for every Powertools package (bump the layer with them)', () => {
    const packageJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const pinned = Object.entries(packageJson.dependencies).filter(([name]) => name.startsWith('@aws-lambda-powertools/'));
    expect(pinned.map(([name]) => name).sort()).toEqual(POWERTOOLS_LAYER_PACKAGES.filter((name) => !name.endsWith('/commons')));
    for (const [name, version] of pinned) expect(version, name).toBe(POWERTOOLS_VERSION);
    for (const name of POWERTOOLS_LAYER_PACKAGES) {
      const installed = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      expect(installed.version, name).toBe(POWERTOOLS_VERSION);
    }
  });
});

describe('the bundles', () => {
  // One of each kind: the largest callable, a trigger, a job, the stream consumer and a live route.
  const entries = {
    resolveReport: callableHandlers.resolveReport.entry,
    preSignUp: triggerHandlers.preSignUp.entry,
    removalWorker: jobHandlers.removalWorker.entry,
    tableStream: jobHandlers.tableStream.entry,
    connect: liveHandlers.connect.entry,
  };

  it.each(Object.entries(entries))('leave Powertools and the X-Ray SDK to the layer: %s', async (_name, entry) => {
    const outdir = temporaryDir('anchored-tracing-bundle-');
    const metafile = await bundleLikeLambda(entry, path.join(outdir, 'index.mjs'));
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((input) => /@aws-lambda-powertools|aws-xray-sdk|cls-hooked/.test(input))).toEqual([]);
    // The logger is imported from the layer; the tracer is required from it only on Lambda (lambdas/data/table/tracer.ts).
    const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
    expect(imports).toContainEqual(expect.objectContaining({ path: '@aws-lambda-powertools/logger', external: true }));
    expect(fs.readFileSync(path.join(outdir, 'index.mjs'), 'utf8')).toContain('"@aws-lambda-powertools/tracer"');
  });
});
