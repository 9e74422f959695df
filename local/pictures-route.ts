import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, type GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { SERVED_PICTURE_KEY } from '#data/table';
import { send } from './http-helpers.ts';
import { s3Client } from './s3-local.ts';

export interface PicturesRoute {
  serve(request: IncomingMessage, response: ServerResponse, path: string): Promise<void>;
  stop(): void;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

function notFound(response: ServerResponse, head: boolean): void {
  send(response, 404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, head ? '' : 'Not Found');
}

/** What S3 (through CloudFront) sends with an object: its type, length, caching and validators. */
function objectHeaders(object: Pick<GetObjectCommandOutput, 'ContentType' | 'ContentLength' | 'CacheControl' | 'ETag' | 'LastModified'>) {
  return {
    'content-type': object.ContentType ?? 'application/octet-stream',
    ...(object.ContentLength !== undefined && { 'content-length': String(object.ContentLength) }),
    ...(object.CacheControl && { 'cache-control': object.CacheControl }),
    ...(object.ETag && { etag: object.ETag }),
    ...(object.LastModified && { 'last-modified': object.LastModified.toUTCString() }),
  };
}

/**
 * GET and HEAD of `/pictures/{uid}/{version}.{ext}`, read from s3rver with the S3 SDK. Only a path
 * that is exactly a served key (SERVED_PICTURE_KEY) reaches the bucket: anything else, a staged
 * upload, another prefix, a folder (no listing) or a path with `..` or encoded separators, is 404,
 * as is a key that holds nothing. Unlike CloudFront there is no edge cache: a deleted key is gone
 * at once.
 */
export function createPicturesRoute(options: { s3Endpoint: string; bucket: string }): PicturesRoute {
  const client = s3Client(options.s3Endpoint);
  return {
    async serve(request, response, path) {
      const head = request.method === 'HEAD';
      const key = path.slice(1);
      if (!SERVED_PICTURE_KEY.test(key)) {
        notFound(response, head);
        return;
      }
      try {
        if (head) {
          const object = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: key }));
          response.writeHead(200, { 'x-content-type-options': 'nosniff', ...objectHeaders(object) }).end();
          return;
        }
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        response.writeHead(200, { 'x-content-type-options': 'nosniff', ...objectHeaders(object) });
        const body = object.Body as Readable | undefined;
        if (!body) {
          response.end();
          return;
        }
        body.on('error', () => response.destroy());
        body.pipe(response);
      } catch (error) {
        if (!isMissing(error)) throw error;
        notFound(response, head);
      }
    },
    stop: () => client.destroy(),
  };
}
