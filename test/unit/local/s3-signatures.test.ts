import type { IncomingHttpHeaders } from 'node:http';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/local-aws.ts';
import { checkPostPolicy, checkSignedRequest, type SigningCredentials } from '../../../local/s3-signatures.ts';

/**
 * The guard in front of s3rver checks signatures as S3 does (local/s3-signatures.ts): here against
 * what the AWS SDK itself signs (header, presigned URL, presigned POST), and against the same
 * requests tampered with, signed with another key, expired or unsigned.
 */
const ENDPOINT = 'http://localhost:4569';
const OTHER_KEY = { accessKeyId: LOCAL_CREDENTIALS.accessKeyId, secretAccessKey: 'not-the-local-secret' };

interface Captured {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** What the SDK would send for a command, captured before the network. */
async function signedBySdk(
  command: GetObjectCommand | PutObjectCommand | ListObjectsV2Command,
  credentials: SigningCredentials = LOCAL_CREDENTIALS,
): Promise<Captured> {
  let captured: Captured | undefined;
  const client = new S3Client({
    endpoint: ENDPOINT,
    region: LOCAL_REGION,
    credentials,
    forcePathStyle: true,
    requestHandler: {
      handle: (request: { method: string; path: string; query: Record<string, string | string[] | null>; headers: Record<string, string> }) => {
        const query = Object.entries(request.query)
          .flatMap(([name, value]) => (Array.isArray(value) ? value.map((one) => [name, one] as const) : [[name, value] as const]))
          .map(([name, value]) => (value === null ? encodeURIComponent(name) : `${encodeURIComponent(name)}=${encodeURIComponent(value)}`))
          .join('&');
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
        captured = { method: request.method, url: query ? `${request.path}?${query}` : request.path, headers };
        return Promise.reject(new Error('captured'));
      },
    },
  });
  await client.send(command as never).catch(() => undefined);
  client.destroy();
  if (!captured) throw new Error('Nothing was sent');
  return captured;
}

function asRequest(url: string, method = 'GET', headers: IncomingHttpHeaders = {}): Captured {
  const parsed = new URL(url);
  return { method, url: `${parsed.pathname}${parsed.search}`, headers: { host: parsed.host, ...headers } };
}

async function presigned(seconds: number, key = 'exports/member/abc.zip'): Promise<string> {
  const client = new S3Client({ endpoint: ENDPOINT, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
  return getSignedUrl(client, new GetObjectCommand({ Bucket: 'bucket', Key: key, ResponseContentDisposition: 'attachment; filename="anchored-data.zip"' }), {
    expiresIn: seconds,
  });
}

describe('a request signed in its Authorization header (the SDK’s calls)', () => {
  it('passes as the SDK signs it: GET, a PUT with a body, a query with spaces and odd characters', async () => {
    for (const command of [
      new GetObjectCommand({ Bucket: 'bucket', Key: 'pictures/u1/v1.png' }),
      new PutObjectCommand({ Bucket: 'bucket', Key: "uploads/u1/it's (1)!.png", Body: 'bytes', ContentType: 'image/png' }),
      new ListObjectsV2Command({ Bucket: 'bucket', Prefix: 'pictures/a b~c*/' }),
    ]) {
      const request = await signedBySdk(command);
      expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
      expect(checkSignedRequest(request, LOCAL_CREDENTIALS)).toBeUndefined();
    }
  });

  it('is refused when anything signed was changed: the path, the query, a signed header, the method', async () => {
    const request = await signedBySdk(new GetObjectCommand({ Bucket: 'bucket', Key: 'pictures/u1/v1.png' }));
    for (const changed of [
      { ...request, url: request.url.replace('v1.png', 'v2.png') },
      { ...request, url: `${request.url}${request.url.includes('?') ? '&' : '?'}versionId=1` },
      { ...request, headers: { ...request.headers, host: 'localhost:1' } },
      { ...request, method: 'DELETE' },
    ]) {
      expect(checkSignedRequest(changed, LOCAL_CREDENTIALS)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    }
  });

  it('is refused when signed with another secret, another access key, or too long ago', async () => {
    const other = await signedBySdk(new GetObjectCommand({ Bucket: 'bucket', Key: 'k' }), OTHER_KEY);
    expect(checkSignedRequest(other, LOCAL_CREDENTIALS)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const stranger = await signedBySdk(new GetObjectCommand({ Bucket: 'bucket', Key: 'k' }), { accessKeyId: 'AKIASTRANGER', secretAccessKey: 'x' });
    expect(checkSignedRequest(stranger, LOCAL_CREDENTIALS)).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    const request = await signedBySdk(new GetObjectCommand({ Bucket: 'bucket', Key: 'k' }));
    expect(checkSignedRequest(request, LOCAL_CREDENTIALS, Date.now() + 16 * 60_000)).toMatchObject({ status: 403, code: 'RequestTimeTooSkewed' });
  });

  it('is refused without a signature at all, or with a Signature Version 2 one (anonymous, as s3rver took them)', () => {
    expect(checkSignedRequest(asRequest(`${ENDPOINT}/bucket/exports/member/abc.zip`), LOCAL_CREDENTIALS)).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(checkSignedRequest(asRequest(`${ENDPOINT}/bucket?list-type=2`), LOCAL_CREDENTIALS)).toMatchObject({ status: 403, code: 'AccessDenied' });
    const v2 = asRequest(`${ENDPOINT}/bucket/k`, 'GET', { authorization: 'AWS S3RVER:c2lnbmF0dXJl', date: new Date().toUTCString() });
    expect(checkSignedRequest(v2, LOCAL_CREDENTIALS)).toMatchObject({ status: 403, code: 'AccessDenied' });
    const v2Query = asRequest(`${ENDPOINT}/bucket/k?AWSAccessKeyId=S3RVER&Expires=9999999999&Signature=abc`);
    expect(checkSignedRequest(v2Query, LOCAL_CREDENTIALS)).toMatchObject({ status: 403, code: 'AccessDenied' });
  });
});

describe('a presigned URL (the data export’s download link)', () => {
  it('passes within its time, with the query the SDK wrote', async () => {
    expect(checkSignedRequest(asRequest(await presigned(60)), LOCAL_CREDENTIALS)).toBeUndefined();
  });

  it('is refused once expired, tampered with (another key, another disposition), or signed with another secret', async () => {
    const url = await presigned(60);
    expect(checkSignedRequest(asRequest(url), LOCAL_CREDENTIALS, Date.now() + 61_000)).toMatchObject({ status: 403, message: 'Request has expired' });
    expect(checkSignedRequest(asRequest(url.replace('abc.zip', 'abd.zip')), LOCAL_CREDENTIALS)).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(checkSignedRequest(asRequest(url.replace('anchored-data.zip', 'evil.html')), LOCAL_CREDENTIALS)).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(checkSignedRequest(asRequest(url.replace(/X-Amz-Expires=\d+/, 'X-Amz-Expires=604800')), LOCAL_CREDENTIALS)).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    expect(checkSignedRequest(asRequest(url.replace(/X-Amz-Signature=[0-9a-f]+/, `X-Amz-Signature=${'0'.repeat(64)}`)), LOCAL_CREDENTIALS)).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    expect(checkSignedRequest(asRequest(url, 'PUT'), LOCAL_CREDENTIALS)).toMatchObject({ code: 'SignatureDoesNotMatch' });
  });
});

describe('a presigned POST (the browser’s picture upload)', () => {
  async function grant(credentials: SigningCredentials = LOCAL_CREDENTIALS, expires = 300) {
    const client = new S3Client({ endpoint: ENDPOINT, region: LOCAL_REGION, credentials, forcePathStyle: true });
    const { fields } = await createPresignedPost(client, {
      Bucket: 'bucket',
      Key: 'uploads/u1/profile',
      Conditions: [
        ['content-length-range', 1, 1024],
        ['starts-with', '$Content-Type', 'image/'],
      ],
      Fields: { 'Content-Type': 'image/png' },
      Expires: expires,
    });
    return new Map(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]));
  }

  it('passes with the fields the grant gave, the file beside them', async () => {
    const fields = await grant();
    expect(checkPostPolicy({ bucket: 'bucket', fields: new Map([...fields, ['file', '']]) }, LOCAL_CREDENTIALS)).toBeUndefined();
  });

  it('is refused for another key, another type, another bucket, an extra field, once expired, or signed with another secret', async () => {
    const fields = await grant();
    const refusedWith = (changes: [string, string][], bucket = 'bucket', now = Date.now()) =>
      checkPostPolicy({ bucket, fields: new Map([...fields, ...changes]) }, LOCAL_CREDENTIALS, now);
    expect(refusedWith([['key', 'pictures/someone-else/v1.png']])).toMatchObject({ status: 403, message: expect.stringContaining('"key"') });
    expect(refusedWith([['content-type', 'text/html']])).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(refusedWith([], 'another-bucket')).toMatchObject({ status: 403, message: expect.stringContaining('"bucket"') });
    expect(refusedWith([['success_action_redirect', 'https://evil.example']])).toMatchObject({ message: expect.stringContaining('Extra input fields') });
    expect(refusedWith([], 'bucket', Date.now() + 301_000)).toMatchObject({ message: 'Invalid according to Policy: Policy expired.' });
    const forged = await grant(OTHER_KEY);
    expect(checkPostPolicy({ bucket: 'bucket', fields: forged }, LOCAL_CREDENTIALS)).toMatchObject({ code: 'SignatureDoesNotMatch' });
  });

  it('is refused without a policy and signature (an anonymous form post)', () => {
    const fields = new Map([
      ['key', 'exports/member/abc.zip'],
      ['file', ''],
    ]);
    expect(checkPostPolicy({ bucket: 'bucket', fields }, LOCAL_CREDENTIALS)).toMatchObject({ status: 403, code: 'AccessDenied' });
  });
});
