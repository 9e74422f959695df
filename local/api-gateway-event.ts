import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { isSecret } from './local-secrets.ts';

/**
 * Sent by the web dev server's proxy (local/web.ts) with the proxy secret of this start: the
 * gateway believes X-Forwarded-For only beside it. Never passed on to the handlers.
 */
export const PROXY_SECRET_HEADER = 'x-local-proxy-secret';

type Claims = APIGatewayProxyEventV2WithJWTAuthorizer['requestContext']['authorizer']['jwt']['claims'];

/**
 * API Gateway hands claims to the Lambda as strings; a list claim such as `cognito:groups`
 * becomes "[admin other]". Handlers are written against that format, so we reproduce it.
 */
export function claimsAsApiGatewayPassesThem(payload: JwtPayload): Claims {
  const claims: Claims = {};
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    claims[name] = Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return claims;
}

export interface EventInput {
  request: IncomingMessage;
  requestId: string;
  routeKey: string;
  rawPath: string;
  body: Buffer;
  claims: JwtPayload | null;
  /** The proxy secret of this start; without it (in-process test events) no proxy is believed. */
  proxySecret?: string;
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  // Node already lower-cases names; repeated headers are joined with a comma, as API Gateway does.
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && name !== PROXY_SECRET_HEADER) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /^(text\/|application\/(json|.*\+json|x-www-form-urlencoded|xml|javascript))/i.test(contentType);
}

/**
 * The client's address as API Gateway reports it in `sourceIp`: the peer of the connection, unless
 * the peer is the web dev server's proxy, which proves it with PROXY_SECRET_HEADER. Then the
 * client is the browser's address that proxy appended to X-Forwarded-For, the last entry (Vite's
 * proxy appends with `xfwd`); earlier entries are whatever the browser itself sent. Anyone else's
 * X-Forwarded-For is never believed: a script could otherwise name a fresh address on every call
 * and never run out of a per-address budget.
 */
export function sourceIpOf(request: IncomingMessage, proxySecret: string | undefined): string {
  const peer = request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  const presented = request.headers[PROXY_SECRET_HEADER];
  if (typeof presented !== 'string' || !isSecret(presented, proxySecret)) return peer;
  const forwarded = request.headers['x-forwarded-for'];
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').at(-1)?.trim();
  return last || peer;
}

/** The payload format 2.0 event API Gateway's HTTP API would send for this request. */
export function apiGatewayEvent({ request, requestId, routeKey, rawPath, body, claims, proxySecret }: EventInput): APIGatewayProxyEventV2WithJWTAuthorizer {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const headers = headersOf(request);
  const now = new Date();
  const method = request.method ?? 'GET';
  const textual = isTextual(headers['content-type']);
  const cookies = headers.cookie?.split(/;\s*/).filter(Boolean);
  const queryStringParameters = url.searchParams.size
    ? Object.fromEntries([...url.searchParams.keys()].map((key) => [key, url.searchParams.getAll(key).join(',')]))
    : undefined;
  const scope = claims?.scope;
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies,
    headers,
    queryStringParameters,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      requestId,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      http: {
        method,
        path: rawPath,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: sourceIpOf(request, proxySecret),
        userAgent: headers['user-agent'] ?? '',
      },
      // A route without an authorizer (public callables called without a token) gets none at all.
      ...(claims && {
        authorizer: {
          principalId: '',
          integrationLatency: 0,
          jwt: {
            claims: claimsAsApiGatewayPassesThem(claims),
            scopes: typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [],
          },
        },
      }),
    },
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}
