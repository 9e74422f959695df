import { expect, it } from 'vitest';
import { stackNameFor } from '../../lib/build-app.ts';
import { stackNameOf } from '../../local/founder/stage-targets.ts';

// npm run founder finds a stage's outputs by stack name without loading the CDK app (seconds).
it('npm run founder looks for the stack cdk deploys for each stage', () => {
  expect(stackNameOf('prod')).toBe(stackNameFor('prod'));
  expect(stackNameOf('dev')).toBe(stackNameFor('dev'));
});
