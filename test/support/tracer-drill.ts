import { createRequire } from 'node:module';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { callableHandlers, jobHandlers } from '../../lambdas/callable-handlers.ts';
import { s3, inSubsegment } from '#data/table';
import { liveHandlers } from '../../lambdas/live/handler-rows.ts';
import { TTL_DELETION_IDENTITY } from '../../lambdas/streams/stream-mapping.ts';

/**
 * A child process of test/unit/lambdas/tracer.test.ts: runs a callable, a live route and a stream
 * batch the way Lambda would (the parent sets the environment: in or out of Lambda, the X-Ray
 * daemon's address), prints one JSON line with their answers and whether the X-Ray SDK was loaded.
 * A process of its own: the tracer reads its environment once, and the SDK, once loaded, stays.
 *
 *   node --import tsx test/support/tracer-drill.ts '{"sub":"…","email":"…"}'   (the callable's caller)
 */

type Handler = (...args: unknown[]) => Promise<unknown>;
const load = async (entry: string): Promise<Handler> => ((await import(`../../lambdas/${entry}`)) as { handler: Handler }).handler;

async function main(): Promise<void> {
  const caller = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
  const getFeed = await load(callableHandlers.getFeed.entry);
  const message = await load(liveHandlers.message.entry);
  const tableStream = await load(jobHandlers.tableStream.entry);

  const callable = (await getFeed({
    body: JSON.stringify({ data: {} }),
    headers: { 'content-type': 'application/json' },
    requestContext: {
      requestId: 'tracer-drill-1',
      http: { method: 'POST', sourceIp: '127.0.0.1' },
      authorizer: { jwt: { claims: { ...caller, token_use: 'access' } } },
    },
  })) as { statusCode: number; body: string };
  const live = await message({ requestContext: { connectionId: 'drill-connection' }, body: '{"action":"ping"}' });
  // A batch of one TTL deletion: skipped whatever the reactions do, so no table is needed.
  const stream = await tableStream({
    Records: [
      {
        eventName: 'REMOVE',
        userIdentity: { ...TTL_DELETION_IDENTITY },
        dynamodb: { Keys: { pk: { S: 'RATE#u1' }, sk: { S: 'w' } }, SequenceNumber: '1' },
      },
    ],
  });

  // An S3 call on one of the caller's keys (nothing listens at S3_ENDPOINT: it fails), inside a subsegment.
  const s3Call = await inSubsegment('drill s3', {}, () =>
    s3()
      .send(new HeadObjectCommand({ Bucket: 'drill-bucket', Key: `pictures/${caller.sub}/1.jpg` }))
      .then(
        () => 'answered',
        (error: Error) => error.name,
      ),
  );

  const xrayLoaded = Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('aws-xray-sdk-core'));
  process.stdout.write(
    `${JSON.stringify({ callable: { statusCode: callable.statusCode, body: JSON.parse(callable.body) as unknown }, live, stream, s3Call, xrayLoaded })}\n`,
  );
}

await main();
