import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { inSubsegment, isTracing, tracedClient, tracingWanted } from '#data/table';

/**
 * The handlers' tracer (lambdas/data/table/tracer.ts): off outside Lambda without ever loading the X-Ray
 * SDK, and inside Lambda one subsegment a call, batch or route, annotated with names only. The
 * Lambda case runs in a child process (test/support/tracer-drill.ts) with Lambda's environment and
 * a UDP socket of this test standing in for the X-Ray daemon: what would reach X-Ray is read there.
 * Not run here: X-Ray itself (sampling, the service map), which no emulator offers.
 */

const DRILL = fileURLToPath(new URL('../../support/tracer-drill.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CALLER = { sub: 'drill-member-4f1c9', email: 'drill.member@example.com' };
const LAMBDA_ENV = {
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
  AWS_LAMBDA_FUNCTION_NAME: 'anchored-tracer-drill',
  AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
  LAMBDA_TASK_ROOT: REPO_ROOT,
  _X_AMZN_TRACE_ID: 'Root=1-6745a1b2-0123456789abcdef01234567;Parent=53995c3f42cd8ad8;Sampled=1',
};

interface DrillAnswer {
  callable: { statusCode: number; body: unknown };
  live: unknown;
  stream: unknown;
  s3Call: string;
  xrayLoaded: boolean;
}

interface Document {
  name?: string;
  aws?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  parent_id?: string;
  namespace?: string;
}

/** Runs the drill with `env` over the test's own environment, a UDP socket listening as X-Ray's daemon. */
async function drill(env: Record<string, string | undefined>): Promise<{ answer: DrillAnswer; datagrams: string[] }> {
  const socket = createSocket('udp4');
  const datagrams: string[] = [];
  socket.on('message', (message) => datagrams.push(message.toString('utf8')));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  try {
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      STAGE: 'dev',
      TABLE_NAME: 'tracer-drill',
      // Nothing listens there: the data layer's first read fails at once, and the callable answers 503.
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:1',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'drill',
      AWS_SECRET_ACCESS_KEY: 'drill',
      AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${socket.address().port}`,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) Reflect.deleteProperty(childEnv, key);
      else childEnv[key] = value;
    }
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', DRILL, JSON.stringify(CALLER)], { cwd: REPO_ROOT, env: childEnv });
    // Datagrams are sent as each subsegment closes, before the child exits; one beat for the socket.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = stdout.trim().split('\n').at(-1) ?? '';
    return { answer: JSON.parse(line) as DrillAnswer, datagrams };
  } finally {
    socket.close();
  }
}

/** The JSON documents of the datagrams (each is a header line, then the segment document). */
function documents(datagrams: string[]): Document[] {
  return datagrams.map((datagram) => JSON.parse(datagram.split('\n')[1] ?? '{}') as Document);
}

describe('tracingWanted', () => {
  it('is true only inside Lambda, unless POWERTOOLS_TRACE_ENABLED is false', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ STAGE: 'local', POWERTOOLS_TRACE_ENABLED: 'true' })).toBe(false);
    expect(tracingWanted({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x' })).toBe(true);
    expect(tracingWanted({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', POWERTOOLS_TRACE_ENABLED: 'FALSE' })).toBe(false);
  });
});

describe('outside Lambda (vitest, the local cloud)', () => {
  it('runs the work with a span that does nothing and leaves clients as they are', async () => {
    expect(isTracing()).toBe(false);
    const client = { send: () => 'sent' };
    expect(tracedClient(client)).toBe(client);
    const result = await inSubsegment('unit', { callable: 'getFeed' }, async (span) => {
      span.annotate('outcome', 'ok');
      span.recordError(new Error('ignored'));
      return 42;
    });
    expect(result).toBe(42);
    await expect(inSubsegment('unit', {}, () => Promise.reject(new Error('thrown on')))).rejects.toThrow('thrown on');
  });

  it('answers, sends nothing and never loads the X-Ray SDK, even without POWERTOOLS_TRACE_ENABLED', { timeout: 60_000 }, async () => {
    const { answer, datagrams } = await drill({ POWERTOOLS_TRACE_ENABLED: undefined, AWS_EXECUTION_ENV: undefined });
    expect(answer.callable.statusCode).toBe(503);
    expect(answer.live).toEqual({ statusCode: 200 });
    expect(answer.stream).toEqual({ batchItemFailures: [] });
    expect(answer.xrayLoaded).toBe(false);
    expect(datagrams).toEqual([]);
  });
});

describe('inside Lambda (active tracing)', () => {
  it('sends one annotated subsegment a call, route and batch, with the SDK calls under it, and nothing of the caller', { timeout: 60_000 }, async () => {
    const { answer, datagrams } = await drill({ ...LAMBDA_ENV, POWERTOOLS_TRACE_ENABLED: undefined });
    expect(answer.xrayLoaded).toBe(true);
    // The handlers answer as they do untraced.
    expect(answer.callable.statusCode).toBe(503);
    expect(answer.live).toEqual({ statusCode: 200 });
    expect(answer.stream).toEqual({ batchItemFailures: [] });

    const docs = documents(datagrams);
    const named = (name: string) => docs.find((doc) => doc.name === name);
    expect(named('## callable getFeed')?.annotations).toEqual({ ColdStart: true, Service: 'anchored', callable: 'getFeed', outcome: 'unavailable' });
    expect(named('## live $default')?.annotations).toEqual({ ColdStart: false, Service: 'anchored', route: '$default' });
    expect(named('## stream batch')?.annotations).toEqual({ ColdStart: false, Service: 'anchored', records: 1, failed: false });
    // The data layer's DynamoDB client is captured: its failed call sits under the callable's subsegment.
    const callableId = (docs.find((doc) => doc.name === '## callable getFeed') as { id?: string } | undefined)?.id;
    expect(docs).toContainEqual(expect.objectContaining({ name: 'DynamoDB', namespace: 'aws', parent_id: callableId }));
    // S3 calls are recorded by operation and bucket, never by key (keys hold member ids).
    expect(docs).toContainEqual(
      expect.objectContaining({ name: 'S3', aws: expect.objectContaining({ operation: 'HeadObject', bucket_name: 'drill-bucket' }) }),
    );
    expect(docs.find((doc) => doc.name === 'S3')?.aws).not.toHaveProperty('key');
    // Annotations are searchable in X-Ray: no member id or email there, nor anywhere else in the trace.
    for (const datagram of datagrams) {
      expect(datagram).not.toContain(CALLER.sub);
      expect(datagram).not.toContain(CALLER.email);
    }
  });

  it('stays off where POWERTOOLS_TRACE_ENABLED is false', { timeout: 60_000 }, async () => {
    const { answer, datagrams } = await drill({ ...LAMBDA_ENV, POWERTOOLS_TRACE_ENABLED: 'false' });
    expect(answer.xrayLoaded).toBe(false);
    expect(answer.callable.statusCode).toBe(503);
    expect(datagrams).toEqual([]);
  });
});
