import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callableHandlers, jobHandlers } from '../../lambdas/callable-handlers.ts';
import { bundleLikeLambda } from '../../local/lambda-bundle.ts';
import { temporaryDir } from './synth.ts';

/**
 * What the local cloud adds to the data layer's clients stays local: fault injection lives in
 * local/fault-injection.ts, which the local cloud installs as it starts (decorateNewClients), so no
 * function bundled as CDK bundles it carries it.
 */
describe('a deployed bundle', () => {
  // A callable that touches DynamoDB, S3 and Cognito, and the worker that touches the most.
  const entries = { resolveReport: callableHandlers.resolveReport.entry, removalWorker: jobHandlers.removalWorker.entry };

  it.each(Object.entries(entries))('carries no fault injection and nothing of local/: %s', async (_name, entry) => {
    const outfile = path.join(temporaryDir('anchored-bundle-'), 'index.mjs');
    const metafile = await bundleLikeLambda(entry, outfile);
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((input) => input.startsWith('lambdas/data/table/aws-clients'))).toBe(true);
    expect(inputs.filter((input) => /fault-injection|(^|\/)local\//.test(input))).toEqual([]);
    expect(fs.readFileSync(outfile, 'utf8')).not.toContain('Injected fault');
  });
});
