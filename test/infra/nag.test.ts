import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import type { CallableName } from '../../lambdas/contracts/callables.ts';
import { callableHandlers } from '../../lambdas/callable-handlers.ts';
import { STAGES } from '../../lib/stage.ts';
import { dynamoDbClient, ensureTable, startDynamoDbLocal } from '../../local/dynamodb-local.ts';
import { LOCAL_CREDENTIALS } from '../../local/local-aws.ts';
import { pickFreePorts } from '../../local/ports.ts';
import { resourcesOf, synth, temporaryDir } from './synth.ts';

interface ReportedViolation {
  ruleName: string;
  severity?: string;
  violatingConstructs: { constructPath?: string }[];
}

/** Every violation (errors and warnings) of the report CDK writes next to the templates. */
function reportedViolations(outdir: string): string[] {
  const report = JSON.parse(fs.readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: { pluginName: string; violations: ReportedViolation[] }[];
  };
  return report.pluginReports.flatMap((plugin) =>
    plugin.violations.flatMap((v) => v.violatingConstructs.map((r) => `${plugin.pluginName} ${v.severity ?? ''} ${v.ruleName} at ${r.constructPath}`)),
  );
}

describe('cdk-nag AwsSolutions', () => {
  it('sees warnings when there are some (guards the checks below)', () => {
    const app = new App({ outdir: temporaryDir('anchored-nag-guard-'), builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'Guard');
    new dynamodb.Table(stack, 'NoPitr', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    // Under test, CDK fails synthesis on any unsuccessful plugin report, warnings included.
    expect(() => app.synth()).toThrow(/AwsSolutions-DDB3/);
    expect(reportedViolations(app.outdir).join('\n')).toMatch(/warning AwsSolutions-DDB3/);
  });

  it.each(STAGES)('has no unacknowledged error or warning on %s', (stage) => {
    // Errors would already have thrown inside synth (CDK fails synthesis on them).
    const { app, stack } = synth({ stage, nag: true });
    expect(reportedViolations(app.outdir)).toEqual([]);
    expect(new AwsSolutionsChecks().validateScope(app).violations).toEqual([]);
    // The stack's annotations include those of the constructs in its nested stacks (the areas).
    expect(Annotations.fromStack(stack).findWarning('*', Match.anyValue())).toEqual([]);
    expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
  });

  it('has none on prod in another region, with its us-east-1 edge stack', () => {
    const { app, edge } = synth({ stage: 'prod', nag: true, region: 'eu-west-1' });
    expect(edge).toBeDefined();
    expect(reportedViolations(app.outdir)).toEqual([]);
    expect(new AwsSolutionsChecks().validateScope(app).violations).toEqual([]);
  });
});

describe('bundling (esbuild, for real)', () => {
  // Bundles 44 functions through CDK for real: minutes on a busy 2-core machine.
  it('bundles every function as minified ESM with a source map, and each bundle loads', { timeout: 600_000 }, async () => {
    const { app, stack, template } = synth({ stage: 'dev', bundle: true, nag: true });
    expect(reportedViolations(app.outdir)).toEqual([]);

    const functions = [
      ...stack.api.functions.values(),
      stack.auth.preSignUp,
      stack.auth.postConfirmation,
      stack.schedule.job,
      stack.inviteLapses.job,
      stack.dueItems.job,
      stack.removal.worker,
    ];
    const resources = resourcesOf(template, 'AWS::Lambda::Function');
    const bundles = functions.map(({ function: fn }) => {
      const id = stack.getLogicalId(fn.node.defaultChild as CfnFunction);
      const key = (resources[id]?.Properties?.Code as { S3Key: string }).S3Key;
      return path.join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs');
    });

    // The SDK packages left out of the bundles come from the runtime on Lambda; here the
    // repository's node_modules stands in for the runtime's, beside the assets.
    fs.symlinkSync(path.resolve('node_modules'), path.join(app.outdir, 'node_modules'), 'dir');

    for (const bundle of bundles) {
      const code = fs.readFileSync(bundle, 'utf8');
      expect(code.startsWith("import{createRequire}from'node:module';")).toBe(true);
      expect(code.trimEnd().endsWith('//# sourceMappingURL=index.mjs.map')).toBe(true);
      expect(fs.existsSync(`${bundle}.map`)).toBe(true);
      // Minified: long lines, no indentation.
      expect(code.length / code.split('\n').length).toBeGreaterThan(1000);
    }

    // The city table rides only with the functions whose registry row names it, as a plain file.
    for (const [name, fn] of stack.api.functions) {
      const bundle = bundles[functions.indexOf(fn)] ?? '';
      const carriesTable = fs.existsSync(path.join(path.dirname(bundle), 'us-places.txt'));
      expect(carriesTable, name).toBe(Boolean(callableHandlers[name as CallableName].assets?.includes('data/places/us-places.txt')));
    }
    // The Lambda budget (docs/hardening.md): every function at most 300 KB minified (the runtime's AWS SDK is
    // left out of the bundle, see RUNTIME_SDK_PACKAGES).
    for (const [index, bundle] of bundles.entries()) {
      expect(fs.statSync(bundle).size, `${functions[index]?.node.path} bundle size`).toBeLessThanOrEqual(300 * 1024);
    }
    // One bundle answers a real call: suggestCities reads its city table from beside the bundle,
    // after the member check and the request budget have gone to a table (DynamoDB Local here).
    const suggestBundle = bundles[functions.indexOf(stack.api.functions.get('suggestCities') as (typeof functions)[number])];
    const suggest = `const { handler } = await import(process.argv[1]);
      const answer = await handler({ body: JSON.stringify({ data: { query: 'aust', state: 'TX' } }), headers: { 'content-type': 'application/json' }, requestContext: { requestId: 'infra-test-1', http: { method: 'POST', sourceIp: '127.0.0.1' }, authorizer: { jwt: { claims: { sub: 'u1', token_use: 'access' } } } } });
      if (!answer.body.includes('"Austin"')) throw new Error(answer.body);`;
    const dynamoDb = await startDynamoDbLocal({ port: (await pickFreePorts()).dynamodb });
    try {
      await ensureTable(dynamoDb.endpoint, 'bundle-test');
      const client = dynamoDbClient(dynamoDb.endpoint);
      await client.send(new PutItemCommand({ TableName: 'bundle-test', Item: { pk: { S: 'USER#u1' }, sk: { S: 'PROFILE' } } }));
      client.destroy();
      execFileSync(process.execPath, ['--input-type=module', '-e', suggest, suggestBundle ?? ''], {
        env: {
          ...process.env,
          TABLE_NAME: 'bundle-test',
          DYNAMODB_ENDPOINT: dynamoDb.endpoint,
          AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
          AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
          BUCKET_NAME: 'test',
          USER_POOL_ID: 'test',
          AWS_REGION: 'us-east-1',
          POWERTOOLS_LOG_LEVEL: 'SILENT',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } finally {
      await dynamoDb.child.stop();
    }

    // Import each bundle in a plain Node process, as Lambda would: every one exports a handler.
    const script = `for (const f of JSON.parse(process.argv[1])) { const m = await import(f); if (typeof m.handler !== 'function') throw new Error(f); }`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(bundles)], {
      env: { ...process.env, TABLE_NAME: 'test', BUCKET_NAME: 'test', USER_POOL_ID: 'test', AWS_REGION: 'us-east-1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  });
});
