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
