import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

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
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  // Node already lower-cases names; repeated headers are joined with a comma, as API Gateway does.
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /^(text\/|application\/(json|.*\+json|x-www-form-urlencoded|xml|javascript))/i.test(contentType);
}

const LOOPBACK = /^(127\.|::1$|localhost$)/;

/**
 * The client's address as API Gateway reports it in `sourceIp`. Locally a loopback peer is a proxy
 * in front of the gateway (Vite's dev server, a test standing in for many clients), so the address
 * that proxy appended to X-Forwarded-For, the last one, is the client. Earlier entries are whatever
 * the client itself sent, so they are never believed (Vite's proxy appends with `xfwd`).
 */
export function sourceIpOf(request: IncomingMessage, headers: Record<string, string>): string {
  const peer = request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  const forwarded = headers['x-forwarded-for']?.split(',').at(-1)?.trim();
  return LOOPBACK.test(peer) && forwarded ? forwarded : peer;
}

/** The payload format 2.0 event API Gateway's HTTP API would send for this request. */
export function apiGatewayEvent({ request, requestId, routeKey, rawPath, body, claims }: EventInput): APIGatewayProxyEventV2WithJWTAuthorizer {
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
        sourceIp: sourceIpOf(request, headers),
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
