import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws.ts';
import { startS3Guard } from './s3-guard.ts';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

export function s3Client(endpoint: string): S3Client {
  // Path-style: s3rver serves buckets under its one host name, not as sub-domains.
  return new S3Client({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
}

/**
 * s3rver runs inside our process: it is plain Node, so a child would only add start-up time. It
 * listens on a Unix socket in a directory only this user may enter; the port is its guard's
 * (local/s3-guard.ts), which forwards only signed requests for localhost.
 */
export async function startS3Local(options: { port: number; directory: string }): Promise<S3Local> {
  mkdirSync(options.directory, { recursive: true });
  // mkdtemp makes the directory 0700; under the system's temp dir the socket's path stays short.
  const socketDirectory = mkdtempSync(join(tmpdir(), 'anchored-s3-'));
  const upstreamSocket = join(socketDirectory, 's3rver.sock');
  const s3rver = new S3rver({ directory: options.directory, silent: true, vhostBuckets: false });
  let server: Server | undefined;
  try {
    server = await s3rver.listen(upstreamSocket);
    const guard = await startS3Guard({ port: options.port, upstreamSocket, credentials: LOCAL_CREDENTIALS });
    const upstream = server;
    return {
      endpoint: `http://localhost:${options.port}`,
      stop: async () => {
        await guard.stop();
        await new Promise<void>((resolve) => upstream.close(() => resolve()));
        rmSync(socketDirectory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    server?.close();
    rmSync(socketDirectory, { recursive: true, force: true });
    throw error;
  }
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
