import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './cloud-files.ts';
import { PROXY_SECRET_HEADER } from './api-gateway-event.ts';
import { SERVED_PICTURES_PATH } from '#data/table';
import { MAILBOX_PATH } from './gateway.ts';
import { securityHeadersPlugin } from './web-security-headers.ts';

export interface WebServer {
  url: string;
  stop(): Promise<void>;
}

export interface WebOptions {
  port: number;
  gatewayUrl: string;
  /** Of this start: the proxy sends it, so the gateway believes the X-Forwarded-For it appends. */
  proxySecret: string;
  /** cognito-local and s3rver: the browser signs in at one and uploads to the other directly, so the CSP must allow them. */
  cognitoEndpoint: string;
  s3Endpoint: string;
  /** The gateway's live socket origin (ws://localhost:<gateway>): the browser connects to it directly, as to API Gateway on AWS. */
  liveOrigin?: string;
  quiet?: boolean;
}

/**
 * The SPA through Vite's dev server (hot reload while developing). The gateway sits behind the
 * same origin (/api, /config.json, the mailbox, served /pictures), as CloudFront puts API Gateway
 * and the pictures bucket behind the SPA's origin on AWS: no CORS anywhere but the upload's.
 * Every response carries CloudFront's security headers (local/web-security-headers.ts).
 */
export async function startWeb(options: WebOptions): Promise<WebServer> {
  const configFile = join(REPO_ROOT, 'web', 'vite.config.ts');
  if (!existsSync(configFile)) throw new Error(`${configFile} is missing: the SPA cannot be served`);
  // Imported on demand: integration tests run without the SPA and need not load Vite.
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile,
    clearScreen: false,
    logLevel: options.quiet ? 'warn' : 'info',
    plugins: [
      securityHeadersPlugin({
        cognito: options.cognitoEndpoint,
        uploads: options.s3Endpoint,
        web: `http://localhost:${options.port}`,
        live: options.liveOrigin,
      }),
    ],
    server: {
      port: options.port,
      strictPort: true,
      host: 'localhost',
      // xfwd: the proxy appends the browser's address to X-Forwarded-For, and the proxy secret
      // makes the gateway take that last entry as the client (local/api-gateway-event.ts); entries
      // a page sets itself, and X-Forwarded-For from anyone but this proxy, are not believed.
      proxy: Object.fromEntries(
        ['/api', '/config.json', MAILBOX_PATH, SERVED_PICTURES_PATH].map((path) => [
          path,
          { target: options.gatewayUrl, xfwd: true, headers: { [PROXY_SECRET_HEADER]: options.proxySecret } },
        ]),
      ),
    },
  });
  await server.listen();
  return { url: `http://localhost:${options.port}`, stop: () => server.close() };
}
