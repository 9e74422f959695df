import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/build-app.ts';
import { EXAMPLE_EDGE_CONTEXT } from '../../lib/edge-context.ts';
import { acknowledgeGuard, guardFindings } from '../../lib/guard.ts';
import { EXAMPLE_OPS_CONTEXT } from '../../lib/ops-context.ts';
import { exampleContext, synthExample } from '../../local/synth/example-synth.ts';
import { dummyWebDist, temporaryDir } from './synth.ts';

describe('npm run synth:prod', () => {
  it('reads the example context from its own file, the values the infra tests use, never from cdk.json', () => {
    expect(exampleContext('prod')).toEqual({ stage: 'prod', ...EXAMPLE_OPS_CONTEXT, ...EXAMPLE_EDGE_CONTEXT });
    const cdkJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
    for (const key of Object.keys(exampleContext('prod'))) expect(cdkJson.context, key).not.toHaveProperty(key);
  });

  it('synthesizes the prod stage offline into an empty directory, validations included', { timeout: 120_000 }, () => {
    const outdir = path.join(temporaryDir('anchored-synth-prod-'), 'cdk.out');
    const { stack } = synthExample({ stage: 'prod', outdir, bundle: false, webAssetPath: dummyWebDist() });
    const template = JSON.parse(fs.readFileSync(path.join(outdir, stack.templateFile), 'utf8')) as {
      Resources: Record<string, { Type: string; Properties?: unknown }>;
    };
    const distribution = Object.values(template.Resources).find((resource) => resource.Type === 'AWS::CloudFront::Distribution');
    expect(JSON.stringify(distribution?.Properties)).toContain(EXAMPLE_EDGE_CONTEXT.domainName);
    expect(fs.readdirSync(outdir).filter((file) => file.endsWith('.nested.template.json')).length).toBeGreaterThan(0);
  });
});

describe('the Control Tower guard (npm run guard)', () => {
  it('reports a finding, and leaves it out once acknowledged on its resource with the reason', { timeout: 60_000 }, async () => {
    const app = new App({ outdir: temporaryDir('anchored-guard-'), context: { 'aws:cdk:enable-path-metadata': true } });
    const stack = new Stack(app, 'Guarded');
    new s3.Bucket(stack, 'Plain');
    const acknowledged = new s3.Bucket(stack, 'Acknowledged');
    acknowledgeGuard(acknowledged, 'CT.S3.PR.9', 'a test bucket that holds nothing to lock');
    app.synth();

    const findings = await guardFindings(app.outdir);
    const objectLock = (list: { rule: string; constructPath?: string }[]) => list.filter((f) => f.rule === 'CT.S3.PR.9').map((f) => f.constructPath);
    expect(objectLock(findings.unacknowledged)).toEqual(['Guarded/Plain/Resource']);
    expect(objectLock(findings.acknowledged)).toEqual(['Guarded/Acknowledged/Resource']);
    expect(findings.acknowledged[0]?.reason).toBe('a test bucket that holds nothing to lock');
  });
});
