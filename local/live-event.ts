import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LiveEvent } from '#lambdas/live/live-event';
import { sourceIpOf } from './api-gateway-event.ts';

/** The WebSocket API's stage; on AWS the stage name is the URL's path, `wss://{apiId}.execute-api.{region}.amazonaws.com/live`. */
export const LIVE_STAGE = 'live';

/**
 * A connection id in AWS's shape: 16 characters of base64 ending in '=' (e.g. `L0SM9cOFvHcCIhw=`).
 * Standard base64, so some carry '+' or '/', which the @connections path must survive encoded.
 */
export function newConnectionId(): string {
  return randomBytes(11).toString('base64');
}

/** What every route's event shares: the connection as API Gateway describes it. */
export interface LiveConnectionInfo {
  connectionId: string;
  connectedAt: number;
  domainName: string;
  sourceIp: string;
  userAgent: string;
}

/** API Gateway's CLF-style request time, `09/Apr/2015:12:34:56 +0000`. */
function requestTime(date: Date): string {
  const [, day, month, year, time] = /^\w+, (\d+) (\w+) (\d+) ([\d:]+)/.exec(date.toUTCString()) ?? [];
  return `${day?.padStart(2, '0')}/${month}/${year}:${time} +0000`;
}

function requestContext(connection: LiveConnectionInfo, routeKey: string, eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT') {
  const now = new Date();
  return {
    routeKey,
    eventType,
    extendedRequestId: randomUUID(),
    requestTime: requestTime(now),
    messageDirection: 'IN' as const,
    stage: LIVE_STAGE,
    connectedAt: connection.connectedAt,
    requestTimeEpoch: now.getTime(),
    identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
    requestId: randomUUID(),
    domainName: connection.domainName,
    connectionId: connection.connectionId,
    apiId: 'local',
  };
}

/** The connection a handshake would open: its id, time and the client as API Gateway reports it. */
export function connectionOf(request: IncomingMessage, proxySecret: string): LiveConnectionInfo {
  return {
    connectionId: newConnectionId(),
    connectedAt: Date.now(),
    domainName: request.headers.host ?? 'localhost',
    sourceIp: sourceIpOf(request, proxySecret),
    userAgent: request.headers['user-agent'] ?? '',
  };
}

/** $connect: the handshake's headers and query string, as API Gateway passes them. */
export function connectEvent(request: IncomingMessage, connection: LiveConnectionInfo): LiveEvent {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  const keys = [...new Set(url.searchParams.keys())];
  return {
    headers,
    ...(keys.length > 0 && {
      queryStringParameters: Object.fromEntries(keys.map((key) => [key, url.searchParams.getAll(key).at(-1) ?? ''])),
      multiValueQueryStringParameters: Object.fromEntries(keys.map((key) => [key, url.searchParams.getAll(key)])),
    }),
    requestContext: requestContext(connection, '$connect', 'CONNECT'),
    isBase64Encoded: false,
  } as LiveEvent;
}

/** $default: one frame; text as it came, a binary frame base64-encoded. */
export function messageEvent(connection: LiveConnectionInfo, data: Buffer, isBinary: boolean): LiveEvent {
  return {
    requestContext: { ...requestContext(connection, '$default', 'MESSAGE'), messageId: randomUUID() },
    body: data.toString(isBinary ? 'base64' : 'utf8'),
    isBase64Encoded: isBinary,
  } as LiveEvent;
}

/** $disconnect: the close code and reason, nothing of what $connect knew. */
export function disconnectEvent(connection: LiveConnectionInfo, code: number, reason: string): LiveEvent {
  return {
    requestContext: { ...requestContext(connection, '$disconnect', 'DISCONNECT'), disconnectStatusCode: code, disconnectReason: reason },
    isBase64Encoded: false,
  } as LiveEvent;
}
