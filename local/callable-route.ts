import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { callableHandlers } from '#lambdas/callable-handlers';
import { callables, isCallableName, type CallableContract } from '#contracts/callables';
import { apiGatewayEvent } from './api-gateway-event.ts';
import { BodyTooLargeError, readBody, send, sendAuthorizerRefusal, sendJson, sendProtocolError } from './http-helpers.ts';
import type { JwtAuthorizer } from './jwt-authorizer.ts';
import { lambdaContext, loadHandler } from './lambda-modules.ts';

/** API Gateway's HTTP API payload limit. */
export const API_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** API Gateway's HTTP API integration timeout. */
const INTEGRATION_TIMEOUT_MS = 30_000;

export interface CallableRouteOptions {
  authorizer: JwtAuthorizer;
  /** Sent by the web dev server's proxy: its X-Forwarded-For is believed (api-gateway-event.ts). */
  proxySecret: string;
  /** Where refusals and crashes are reported (the terminal of `npm start`). */
  log: (line: string) => void;
}

function isStructuredResult(value: unknown): value is APIGatewayProxyStructuredResultV2 {
  return typeof value === 'object' && value !== null && 'statusCode' in value;
}

function writeLambdaResult(response: ServerResponse, result: unknown): void {
  // Payload format 2.0: anything but a {statusCode, ...} object is taken as a JSON body with 200.
  if (!isStructuredResult(result)) {
    sendJson(response, 200, result);
    return;
  }
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]));
  if (result.cookies?.length) response.setHeader('set-cookie', result.cookies);
  send(response, result.statusCode ?? 200, { 'cache-control': 'no-store', ...headers }, body);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('deadline-exceeded')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `POST /api/{callable}`: what API Gateway does in front of each callable's Lambda. The route
 * exists only for names in the registry; the JWT authorizer guards every route but the public
 * ones and refuses a missing or bad token with its own 401 `{"message":"Unauthorized"}`; the
 * Lambda gets a payload 2.0 event (the protocol's request rules are its to check) and its answer
 * goes back unchanged.
 */
export function createCallableRoute({ authorizer, proxySecret, log }: CallableRouteOptions) {
  return async (request: IncomingMessage, response: ServerResponse, name: string, rawPath: string): Promise<void> => {
    const requestId = randomUUID();
    if (!isCallableName(name)) {
      sendProtocolError(response, 'not-found', `There is no function named "${name}".`, requestId);
      return;
    }

    let body: Buffer;
    try {
      body = await readBody(request, API_BODY_LIMIT_BYTES);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      response.setHeader('connection', 'close');
      sendProtocolError(response, 'invalid-argument', 'The request is too large.', requestId, 413);
      return;
    }

    const contract: CallableContract = callables[name];
    const isPublic = contract.access === 'public';
    const authorization = await authorizer.authorize(request.headers.authorization);
    if (!authorization.ok && !isPublic) {
      // API Gateway's own answer, not the protocol's: clients map a bare 401 to unauthenticated.
      log(`POST ${rawPath} 401 (${authorization.reason})`);
      sendAuthorizerRefusal(response, request.headers.authorization?.trim() ? authorization.reason : undefined);
      return;
    }

    const routeKey = `POST /api/${name}`;
    const claims = authorization.ok ? authorization.claims : null;
    const event = apiGatewayEvent({ request, requestId, routeKey, rawPath, body, claims, proxySecret });
    const started = Date.now();
    try {
      const handler = await loadHandler(callableHandlers[name].entry);
      const result = await withTimeout(handler(event, lambdaContext(name, INTEGRATION_TIMEOUT_MS)), INTEGRATION_TIMEOUT_MS);
      writeLambdaResult(response, result);
      log(`POST ${rawPath} ${response.statusCode} ${Date.now() - started} ms`);
    } catch (error) {
      if ((error as Error).message === 'deadline-exceeded') {
        log(`POST ${rawPath} timed out after ${INTEGRATION_TIMEOUT_MS / 1000} s`);
        sendProtocolError(response, 'deadline-exceeded', 'The request took too long. Please try again.', requestId);
        return;
      }
      // What Lambda does with an unhandled error: API Gateway answers 500 and the cause stays in the logs.
      log(`POST ${rawPath} crashed: ${(error as Error).stack ?? String(error)}`);
      sendProtocolError(response, 'internal', 'Something went wrong. Please try again.', requestId);
    }
  };
}
