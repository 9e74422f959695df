import { createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody } from './http-helpers.ts';
import { isForLocalhost } from './local-secrets.ts';
import { checkPostPolicy, checkSignedRequest, type S3Refusal, type SigningCredentials } from './s3-signatures.ts';

/**
 * The local S3 endpoint: a guard on the public port in front of s3rver, which listens only on a
 * Unix socket in a private directory (no page can reach it). s3rver serves a request that carries
 * no signature as anonymous and checks no Signature Version 4 at all, so without the guard any
 * page that knew a key (a DNS-rebinding one included) could read a member's export. The guard
 * forwards a request only if it names localhost in Host and is signed with the local credentials
 * (local/s3-signatures.ts): an SDK call, a presigned URL in its time, or a POST upload with its
 * signed policy; CORS preflights pass, as S3 answers them from the bucket's CORS rules alone.
 */

/** The most a POST upload may carry here: the largest grant (10 MB) and its form, with room. */
const POST_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
/** Not forwarded: they describe this hop, not the request (Node writes its own). */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'expect', 'proxy-connection', 'te', 'trailer', 'upgrade']);

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** S3's error document. */
function sendRefusal(response: ServerResponse, refusal: S3Refusal): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escapeXml(refusal.code)}</Code><Message>${escapeXml(refusal.message)}</Message></Error>`;
  response.writeHead(refusal.status, { 'content-type': 'application/xml', 'content-length': String(Buffer.byteLength(body)) }).end(body);
}

function forwardedHeaders(request: IncomingMessage): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HOP_HEADERS.has(name)));
}

/** `/{bucket}` alone: where a browser POSTs a form upload. */
function bucketOfFormUpload(request: IncomingMessage): string | undefined {
  const [path = '', query] = (request.url ?? '/').split('?');
  const bucket = /^\/([^/]+)\/?$/.exec(path)?.[1];
  const isForm = /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
  return request.method === 'POST' && isForm && !query && request.headers.authorization === undefined && bucket ? decodeURIComponent(bucket) : undefined;
}

/** The form's fields (names in lower case, as S3 compares them), the file among them as ''. */
async function formFields(request: IncomingMessage, body: Buffer): Promise<Map<string, string>> {
  const form = await new Response(body, { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
  const fields = new Map<string, string>();
  for (const [name, value] of form.entries()) fields.set(name.toLowerCase(), typeof value === 'string' ? value : '');
  return fields;
}

export interface S3Guard {
  stop(): Promise<void>;
}

export async function startS3Guard(options: {
  port: number;
  upstreamSocket: string;
  credentials: SigningCredentials;
  log?: (line: string) => void;
}): Promise<S3Guard> {
  const log = options.log ?? (() => undefined);

  function forward(request: IncomingMessage, response: ServerResponse, body?: Buffer): void {
    const upstream = httpRequest(
      { socketPath: options.upstreamSocket, method: request.method, path: request.url, headers: forwardedHeaders(request) },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      log(`S3 ${request.method} ${request.url} failed: ${error.message}`);
      if (!response.headersSent) sendRefusal(response, { status: 503, code: 'ServiceUnavailable', message: 'The local S3 is not answering.' });
      else response.destroy();
    });
    if (body) upstream.end(body);
    else request.pipe(upstream);
  }

  async function guard(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!isForLocalhost(request.headers.host)) {
      sendRefusal(response, { status: 403, code: 'AccessDenied', message: 'The local S3 answers requests for localhost only.' });
      return;
    }
    if (request.method === 'OPTIONS') return forward(request, response);
    const formBucket = bucketOfFormUpload(request);
    if (formBucket !== undefined) {
      let body: Buffer;
      try {
        body = await readBody(request, POST_BODY_LIMIT_BYTES);
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error;
        sendRefusal(response, { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' });
        return;
      }
      let fields: Map<string, string>;
      try {
        fields = await formFields(request, body);
      } catch {
        sendRefusal(response, { status: 400, code: 'MalformedPOSTRequest', message: 'The body of your POST request is not well-formed multipart/form-data.' });
        return;
      }
      const refusal = checkPostPolicy({ bucket: formBucket, fields }, options.credentials);
      if (refusal) return sendRefusal(response, refusal);
      return forward(request, response, body);
    }
    const refusal = checkSignedRequest({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers }, options.credentials);
    if (refusal) {
      request.resume(); // Drain a refused body, so the refusal reaches the client.
      return sendRefusal(response, refusal);
    }
    forward(request, response);
  }

  const server: Server = createServer((request, response) => {
    guard(request, response).catch((error: unknown) => {
      log(`S3 ${request.method} ${request.url} failed: ${(error as Error).stack ?? String(error)}`);
      if (!response.headersSent) sendRefusal(response, { status: 500, code: 'InternalError', message: 'We encountered an internal error. Please try again.' });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
