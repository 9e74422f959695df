import { mkdirSync } from 'node:fs';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws.ts';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

export function s3Client(endpoint: string): S3Client {
  // Path-style: s3rver serves buckets under its one host name, not as sub-domains.
  return new S3Client({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
}

/** s3rver runs inside our process: it is plain Node, so a child would only add start-up time. */
export async function startS3Local(options: { port: number; directory: string }): Promise<S3Local> {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory: options.directory,
    silent: true,
    vhostBuckets: false,
  });
  await server.run();
  return { endpoint: `http://localhost:${options.port}`, stop: () => server.close() };
}

/**
 * The pictures bucket, created once and given CORS for the SPA's origin on every start: the
 * browser uploads straight to it with a presigned POST, as it does to S3 on AWS. Nothing else: the
 * page shows pictures from its own origin (`/pictures`, the gateway), never from the bucket.
 */
export async function ensureBucket(endpoint: string, bucket: string, webOrigins: string[]): Promise<void> {
  const client = s3Client(endpoint);
  try {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      if ((error as Error).name !== 'NotFound' && (error as Error).name !== 'NoSuchBucket') throw error;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    }
    await client.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: webOrigins,
              AllowedMethods: ['POST'],
              AllowedHeaders: ['*'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  } finally {
    client.destroy();
  }
}
