import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { CORRELATION_HEADER, ERROR_HTTP_STATUS, toWireError, type CallableError } from '#contracts/protocol';

function json(statusCode: number, body: unknown, correlationId: string, extraHeaders: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      [CORRELATION_HEADER]: correlationId,
      ...extraHeaders,
    },
    body: JSON.stringify(body),
  };
}

export function resultResponse(result: unknown, correlationId: string): APIGatewayProxyStructuredResultV2 {
  return json(200, { result }, correlationId);
}

/**
 * The refusal in the protocol's form: its HTTP status, the canonical upper-case status name on the
 * wire, the correlation id in the details. `retryAfterSeconds` (a rate limit's refusal) becomes the
 * standard Retry-After header.
 */
export function errorResponse(error: CallableError, correlationId: string, retryAfterSeconds?: number): APIGatewayProxyStructuredResultV2 {
  const details = { ...error.details, correlationId };
  const headers: Record<string, string> = retryAfterSeconds === undefined ? {} : { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  return json(ERROR_HTTP_STATUS[error.status], { error: toWireError({ ...error, details }) }, correlationId, headers);
}

/** Below this a body is sent as is: gzip's header and the CPU would buy nothing. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * A body the client accepts gzipped (Accept-Encoding), past COMPRESS_MIN_BYTES, goes gzipped: API
 * Gateway's HTTP APIs and CloudFront's uncached behaviours pass bodies through as they are, so the
 * function compresses (a feed page of ~90 KB of JSON shrinks several times); API Gateway and the
 * local gateway decode the base64 and send the bytes with their Content-Encoding.
 */
export function compressedFor(acceptEncoding: string | undefined, response: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 {
  const body = response.body;
  if (!body || response.isBase64Encoded || !acceptsGzip(acceptEncoding) || Buffer.byteLength(body) < COMPRESS_MIN_BYTES) return response;
  return {
    ...response,
    headers: { ...response.headers, 'content-encoding': 'gzip', vary: 'accept-encoding' },
    body: gzipSync(body).toString('base64'),
    isBase64Encoded: true,
  };
}

/** Whether an Accept-Encoding header takes gzip (not refused with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [coding = '', ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    return (coding.trim() === 'gzip' || coding.trim() === '*') && !refused;
  });
}
