import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { CORRELATION_HEADER, ERROR_HTTP_STATUS, type CallableError } from '#contracts/protocol';

function json(statusCode: number, body: unknown, correlationId: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      [CORRELATION_HEADER]: correlationId,
    },
    body: JSON.stringify(body),
  };
}

export function resultResponse(result: unknown, correlationId: string): APIGatewayProxyStructuredResultV2 {
  return json(200, { result }, correlationId);
}

export function errorResponse(error: CallableError, correlationId: string): APIGatewayProxyStructuredResultV2 {
  const details = { ...error.details, correlationId };
  return json(ERROR_HTTP_STATUS[error.status], { error: { ...error, details } }, correlationId);
}
