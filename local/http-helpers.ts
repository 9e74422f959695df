import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORRELATION_HEADER, ERROR_HTTP_STATUS, toWireError, type ErrorStatus } from '#contracts/protocol';

/** Sent on everything the gateway answers: nothing it serves is meant to be sniffed or framed. */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

export function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-length': String(Buffer.byteLength(body)), ...headers });
  response.end(body);
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  send(response, status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }, JSON.stringify(body));
}

/** An error in the callable protocol's shape, for failures the gateway itself decides (404, 413, 500, 504). */
export function sendProtocolError(
  response: ServerResponse,
  status: ErrorStatus,
  message: string,
  correlationId: string,
  httpStatus: number = ERROR_HTTP_STATUS[status],
): void {
  sendJson(response, httpStatus, { error: toWireError({ status, message, details: { correlationId } }) }, { [CORRELATION_HEADER]: correlationId });
}

/** What API Gateway's JWT authorizer answers for a missing or bad token: its own body, not the protocol's. */
export const AUTHORIZER_REFUSAL = { message: 'Unauthorized' } as const;

/**
 * API Gateway's JWT authorizer refusal: 401 `{"message":"Unauthorized"}`; for a token it could not
 * accept, a `www-authenticate` header naming the flaw (as API Gateway's does), none without a token.
 */
export function sendAuthorizerRefusal(response: ServerResponse, flaw?: string): void {
  const description = flaw?.replace(/[^\x20-\x7e]|["\\]/g, ' ').slice(0, 200);
  const headers: Record<string, string> =
    description === undefined ? {} : { 'www-authenticate': `Bearer scope="" error="invalid_token" error_description="${description}"` };
  sendJson(response, 401, AUTHORIZER_REFUSAL, headers);
}

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`Body larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads the whole body, refusing one beyond `limit` bytes without buffering it. A refused body is
 * still read to its end before the promise settles: answering 413 while the client is still
 * writing makes Node close the socket under it (EPIPE on the client) instead of delivering the 413.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = Number(request.headers['content-length'] ?? 0) > limit ? limit + 1 : 0;
    request.on('data', (chunk: Buffer) => {
      if (size > limit) return; // Draining a refused body.
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    });
    request.on('end', () => (size > limit ? reject(new BodyTooLargeError(limit)) : resolve(Buffer.concat(chunks))));
    request.on('error', reject);
  });
}
