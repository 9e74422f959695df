import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { invokeHandler } from '../support/invoke-handler.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { decodeJwtPayload } from '../support/local-cloud-tokens.ts';

/**
 * The product's figures leave a callable as one CloudWatch EMF line on stdout (Powertools Metrics,
 * lambdas/data/table/product-metrics.ts), which Lambda hands to CloudWatch. The tests and the local cloud
 * turn them off (POWERTOOLS_METRICS_DISABLED); this file turns them on in its own process and runs
 * the callables in process against the local cloud's table. Not run here: CloudWatch reading the
 * lines into metrics (no emulator has it), which the dashboard and LivePushesFailed rely on.
 */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const saved = { disabled: process.env.POWERTOOLS_METRICS_DISABLED, stage: process.env.STAGE };
process.env.POWERTOOLS_METRICS_DISABLED = 'false';
process.env.STAGE = 'local';
afterAll(() => {
  for (const [key, value] of [
    ['POWERTOOLS_METRICS_DISABLED', saved.disabled],
    ['STAGE', saved.stage],
  ] as const) {
    if (value === undefined) Reflect.deleteProperty(process.env, key);
    else process.env[key] = value;
  }
});

interface EmfLine {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}

/** What `work` printed to stdout as EMF (JSON lines carrying `_aws`), the rest left untouched. */
async function emfOf(work: () => Promise<unknown>): Promise<EmfLine[]> {
  const lines: EmfLine[] = [];
  const write = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = String(chunk);
    if (text.includes('"_aws"')) {
      lines.push(
        ...text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as EmfLine),
      );
      return true;
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

let author: TestMember;
let claims: Record<string, unknown>;
beforeAll(async () => {
  author = await createMember(endpoints, 'metrics-author');
  claims = decodeJwtPayload(author.accessToken);
});
afterEach(() => vi.restoreAllMocks());

describe('product metrics (EMF)', () => {
  it('createPost emits Posts: 1 in the Anchored namespace, with the service and stage dimensions, once per call', async () => {
    let status = 0;
    const lines = await emfOf(async () => {
      status = (await invokeHandler('createPost', claims, { content: 'Counted on the dashboard', privacy: 'anchors' })).status;
    });
    expect(status).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines as [EmfLine];
    expect(line._aws.CloudWatchMetrics).toEqual([{ Namespace: 'Anchored', Dimensions: [['service', 'stage']], Metrics: [{ Name: 'Posts', Unit: 'Count' }] }]);
    expect(line).toMatchObject({ Posts: 1, service: 'anchored', stage: 'local' });
  });

  it('a like counts when it is set, not when it is repeated; a call that counts nothing prints nothing', async () => {
    let postId = '';
    await emfOf(async () => {
      const post = await invokeHandler('createPost', claims, { content: 'Like me', privacy: 'anchors' });
      postId = (post.body as { result: { postId: string } }).result.postId;
    });
    const first = await emfOf(() => invokeHandler('togglePostLike', claims, { postId, liked: true }));
    expect(first.map((line) => line.Likes)).toEqual([1]);
    expect(await emfOf(() => invokeHandler('togglePostLike', claims, { postId, liked: true }))).toEqual([]);
    expect(await emfOf(() => invokeHandler('getMe', claims))).toEqual([]);
  });

  it('a metrics flush that throws never fails the callable', async () => {
    vi.spyOn(Metrics.prototype, 'publishStoredMetrics').mockImplementation(() => {
      throw new Error('EMF is down');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await invokeHandler('createPost', claims, { content: 'Still posted', privacy: 'anchors' });
    expect(answer.status).toBe(200);
    expect(warn).toHaveBeenCalledWith('Product metrics not published: EMF is down');
  });
});
