import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { toWireError } from '#contracts/protocol';
import { SERVED_PICTURES_PATH } from '#data/table';
import type { WebConfig } from '#contracts/web-config';
import { createCallableRoute } from './callable-route.ts';
import { send, sendJson } from './http-helpers.ts';
import type { JwtAuthorizer } from './jwt-authorizer.ts';
import { createLambdaInvokeRoute } from './lambda-invoke-route.ts';
import { createLiveGateway, LIVE_PATH } from './live-gateway.ts';
import { isForLocalhost, isSecret } from './local-secrets.ts';
import { readMailbox, renderMailboxPage } from './mailbox.ts';
import { createPicturesRoute } from './pictures-route.ts';

/** Everything under it is the mailbox: `{MAILBOX_PATH}/{token}/` (page), `.../messages` (JSON). */
export const MAILBOX_PATH = '/local/mailbox';
const LAMBDA_PATH = '/local/lambda';
const CONNECTIONS_PATH = '/local/connections';

/** The mailbox's page for people; its JSON (`mailboxUrl`) is `messages` beside it. */
export function mailboxPagePath(token: string): string {
  return `${MAILBOX_PATH}/${token}/`;
}

export function mailboxJsonPath(token: string): string {
  return `${mailboxPagePath(token)}messages`;
}

/** The base path of the Lambda Invoke API (an SDK's endpoint): `.../2015-03-31/functions/...` below it. */
export function lambdaBasePath(token: string): string {
  return `${LAMBDA_PATH}/${token}`;
}

/**
 * The base path of the live socket's @connections management API (LIVE_MANAGEMENT_ENDPOINT, an
 * SDK's endpoint): `.../@connections/{connectionId}` below it, as below an AWS stage's URL.
 */
export function connectionsBasePath(token: string): string {
  return `${CONNECTIONS_PATH}/${token}`;
}

export interface GatewayOptions {
  port: number;
  authorizer: JwtAuthorizer;
  webConfig: WebConfig;
  mailboxFile: string;
  /** Of this start: the web dev server's proxy sends it (X-Forwarded-For is believed only then). */
  proxySecret: string;
  /** Of this start: in the path of the mailbox (published in endpoints.json as `mailboxUrl`). */
  mailboxToken: string;
  /** Of this start: in the path of the Lambda Invoke API (cognito-local's and the handlers' endpoint). */
  lambdaToken: string;
  /** Of this start: in the path of the live socket's management API (only the backend may push). */
  connectionsToken: string;
  /** Where `GET /pictures/...` reads served pictures (s3rver and the pictures bucket). */
  pictures: { s3Endpoint: string; bucket: string };
  /** The SPA's origins (`http://localhost:<web port>`, and 127.0.0.1): the only pages that may open /live. */
  webOrigins: string[];
  log: (line: string) => void;
}

export interface Gateway {
  url: string;
  stop(): Promise<void>;
}

const CALLABLE_PATH = /^\/api\/([^/]+)$/;
/** `/local/{mailbox|lambda|connections}/{token}{rest}`. */
const LOCAL_ROUTE = /^\/local\/(mailbox|lambda|connections)\/([^/]+)(\/.*)?$/;
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;
/** Below the management endpoint; the id URL-encoded (AWS ids end in '=' and may hold '+' or '/'). */
const CONNECTION_PATH = /^\/@connections\/([^/]+)$/;

const NOT_FOUND = { error: toWireError({ status: 'not-found', message: 'Not Found' }) };
const FOREIGN_HOST = { error: toWireError({ status: 'permission-denied', message: 'The local cloud answers requests for localhost only.' }) };

/**
 * Why a handshake on /live is refused before $connect runs, if it is: a Host other than localhost
 * (DNS rebinding), or an Origin other than the SPA's. Browsers always send Origin on a WebSocket
 * handshake and a page cannot forge it, so no other site's page may hold a member's socket;
 * programs on this machine (tests, the smoke check) send none and are let through, as they could
 * reach everything here anyway.
 */
function liveHandshakeRefusal(request: IncomingMessage, webOrigins: readonly string[]): string | undefined {
  if (!isForLocalhost(request.headers.host)) return `Host ${request.headers.host ?? '(none)'} is not localhost`;
  const origin = request.headers.origin;
  if (origin !== undefined && !webOrigins.includes(origin)) return `Origin ${origin} is not the web app's`;
  return undefined;
}

/**
 * The local stand-in for API Gateway (and, for cognito-local's triggers, for the Lambda service;
 * for served pictures, for CloudFront's `/pictures/*`). Handlers run in this process, as the very
 * modules CDK deploys.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const callableRoute = createCallableRoute({ authorizer: options.authorizer, proxySecret: options.proxySecret, log: options.log });
  const invokeRoute = createLambdaInvokeRoute(options.log);
  const live = createLiveGateway({ proxySecret: options.proxySecret, log: options.log });
  const pictures = createPicturesRoute(options.pictures);

  async function mailboxRoute(response: ServerResponse, url: URL, rest: string): Promise<void> {
    const to = url.searchParams.get('to') ?? undefined;
    if (rest === '/messages') {
      sendJson(response, 200, await readMailbox(options.mailboxFile, to));
      return;
    }
    if (rest !== '' && rest !== '/') {
      sendJson(response, 404, NOT_FOUND);
      return;
    }
    const html = renderMailboxPage(await readMailbox(options.mailboxFile, to), to, mailboxJsonPath(options.mailboxToken));
    send(
      response,
      200,
      {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      },
      html,
    );
  }

  /**
   * The mailbox, the Lambda Invoke API and the live socket's management API are this machine's
   * alone (whoever holds the last could push to any member's pages): they answer only a request
   * for localhost (not a DNS-rebinding page's) whose path carries this start's token (which no
   * other page or program knows). Anything else learns nothing and runs nothing.
   */
  async function localRoute(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const local = LOCAL_ROUTE.exec(url.pathname);
    if (!local) {
      sendJson(response, 404, NOT_FOUND);
      return;
    }
    if (!isForLocalhost(request.headers.host)) {
      options.log(`${request.method} ${local[1]} refused: Host ${request.headers.host ?? '(none)'} is not localhost`);
      sendJson(response, 403, { error: toWireError({ status: 'permission-denied', message: 'Local routes answer requests for localhost only.' }) });
      return;
    }
    const [, name, token, rest = ''] = local;
    const method = request.method ?? 'GET';
    if (name === 'mailbox' && isSecret(token, options.mailboxToken) && (method === 'GET' || method === 'HEAD')) {
      return mailboxRoute(response, url, rest);
    }
    const invoke = INVOKE_PATH.exec(rest);
    if (name === 'lambda' && isSecret(token, options.lambdaToken) && invoke && method === 'POST') {
      return invokeRoute(request, response, decodeURIComponent(invoke[1] ?? ''));
    }
    const connection = CONNECTION_PATH.exec(rest);
    if (name === 'connections' && isSecret(token, options.connectionsToken) && connection) {
      return live.manage(request, response, connection[1] ?? '');
    }
    sendJson(response, 404, NOT_FOUND);
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const method = request.method ?? 'GET';
    if (!isForLocalhost(request.headers.host)) {
      // A DNS-rebinding page (its domain pointed at 127.0.0.1) would read the API and config as its own origin's.
      options.log(`${method} ${path} refused: Host ${request.headers.host ?? '(none)'} is not localhost`);
      sendJson(response, 403, FOREIGN_HOST);
      return;
    }

    const callable = CALLABLE_PATH.exec(path);
    if (callable && method === 'POST') return callableRoute(request, response, decodeURIComponent(callable[1] ?? ''), path);

    if (path === '/local' || path.startsWith('/local/')) return localRoute(request, response, url);

    if (path.startsWith(`${SERVED_PICTURES_PATH}/`) && (method === 'GET' || method === 'HEAD')) return pictures.serve(request, response, path);

    if (method !== 'GET' && method !== 'HEAD') {
      // API Gateway's answer for a route that does not exist (e.g. GET /api/getMe), in protocol form.
      sendJson(response, 404, NOT_FOUND);
      return;
    }
    if (path === '/config.json') {
      sendJson(response, 200, options.webConfig);
      return;
    }
    if (path === '/health') {
      sendJson(response, 200, { ok: true });
      return;
    }
    sendJson(response, 404, NOT_FOUND);
  }

  const server: Server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      options.log(`${request.method} ${request.url} failed: ${(error as Error).stack ?? String(error)}`);
      if (!response.headersSent) sendJson(response, 500, { error: toWireError({ status: 'internal', message: 'Something went wrong. Please try again.' }) });
      else response.destroy();
    });
  });
  // The live socket: GET /live with Upgrade: websocket. Any other upgrade is not served (as API Gateway's HTTP API).
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node leaves an upgraded socket's errors to us: a client that resets it must not end the cloud.
    socket.on('error', () => undefined);
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== LIVE_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const refusal = liveHandshakeRefusal(request, options.webOrigins);
    if (refusal) {
      options.log(`GET ${LIVE_PATH} refused: ${refusal}`);
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    live.upgrade(request, socket, head).catch((error: unknown) => {
      options.log(`GET ${LIVE_PATH} failed: ${(error as Error).stack ?? String(error)}`);
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://localhost:${options.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        live.stop();
        pictures.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
