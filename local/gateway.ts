import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { WebConfig } from '#contracts/web-config';
import { createCallableRoute } from './callable-route.ts';
import { send, sendJson } from './http-helpers.ts';
import type { JwtAuthorizer } from './jwt-authorizer.ts';
import { createLambdaInvokeRoute } from './lambda-invoke-route.ts';
import { readMailbox, renderMailboxPage } from './mailbox.ts';

export const MAILBOX_PAGE_PATH = '/local/mailbox';
export const MAILBOX_JSON_PATH = '/local/mailbox/messages';

export interface GatewayOptions {
  port: number;
  authorizer: JwtAuthorizer;
  webConfig: WebConfig;
  mailboxFile: string;
  log: (line: string) => void;
}

export interface Gateway {
  url: string;
  stop(): Promise<void>;
}

const CALLABLE_PATH = /^\/api\/([^/]+)$/;
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/**
 * The local stand-in for API Gateway (and, for cognito-local's triggers, for the Lambda service).
 * Handlers run in this process, as the very modules CDK deploys.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const callableRoute = createCallableRoute({ authorizer: options.authorizer, log: options.log });
  const invokeRoute = createLambdaInvokeRoute(options.log);

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const method = request.method ?? 'GET';

    const callable = CALLABLE_PATH.exec(path);
    if (callable && method === 'POST') return callableRoute(request, response, decodeURIComponent(callable[1] ?? ''), path);

    const invoke = INVOKE_PATH.exec(path);
    if (invoke && method === 'POST') return invokeRoute(request, response, decodeURIComponent(invoke[1] ?? ''));

    if (method !== 'GET' && method !== 'HEAD') {
      // API Gateway's answer for a route that does not exist (e.g. GET /api/getMe), in protocol form.
      sendJson(response, 404, { error: { status: 'not-found', message: 'Not Found' } });
      return;
    }
    if (path === '/config.json') {
      sendJson(response, 200, options.webConfig);
      return;
    }
    if (path === MAILBOX_JSON_PATH) {
      sendJson(response, 200, await readMailbox(options.mailboxFile, url.searchParams.get('to') ?? undefined));
      return;
    }
    if (path === MAILBOX_PAGE_PATH || path === `${MAILBOX_PAGE_PATH}/`) {
      const to = url.searchParams.get('to') ?? undefined;
      const html = renderMailboxPage(await readMailbox(options.mailboxFile, to), to, MAILBOX_JSON_PATH);
      send(response, 200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      }, html);
      return;
    }
    if (path === '/health') {
      sendJson(response, 200, { ok: true });
      return;
    }
    sendJson(response, 404, { error: { status: 'not-found', message: 'Not Found' } });
  }

  const server: Server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      options.log(`${request.method} ${request.url} failed: ${(error as Error).stack ?? String(error)}`);
      if (!response.headersSent) sendJson(response, 500, { error: { status: 'internal', message: 'Something went wrong. Please try again.' } });
      else response.destroy();
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
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
