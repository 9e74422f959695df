import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { IncomingMessage } from 'node:http';
import { extname, join } from 'node:path';
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

/** The paths the web server hands to the gateway, as CloudFront's behaviours send them to API Gateway and the pictures bucket. */
const GATEWAY_PATHS = ['/api', '/config.json', MAILBOX_PATH, SERVED_PICTURES_PATH];

function gatewayProxy(options: WebOptions) {
  // xfwd: the proxy appends the browser's address to X-Forwarded-For, and the proxy secret
  // makes the gateway take that last entry as the client (local/api-gateway-event.ts); entries
  // a page sets itself, and X-Forwarded-For from anyone but this proxy, are not believed.
  return Object.fromEntries(
    GATEWAY_PATHS.map((path) => [path, { target: options.gatewayUrl, xfwd: true, headers: { [PROXY_SECRET_HEADER]: options.proxySecret } }]),
  );
}

function securityHeadersOf(options: WebOptions) {
  return securityHeadersPlugin({
    cognito: options.cognitoEndpoint,
    uploads: options.s3Endpoint,
    web: `http://localhost:${options.port}`,
    live: options.liveOrigin,
  });
}

function viteConfigFile(): string {
  const configFile = join(REPO_ROOT, 'web', 'vite.config.ts');
  if (!existsSync(configFile)) throw new Error(`${configFile} is missing: the SPA cannot be served`);
  return configFile;
}

/**
 * The SPA through Vite's dev server (hot reload while developing). The gateway sits behind the
 * same origin (/api, /config.json, the mailbox, served /pictures), as CloudFront puts API Gateway
 * and the pictures bucket behind the SPA's origin on AWS: no CORS anywhere but the upload's.
 * Every response carries CloudFront's security headers (local/web-security-headers.ts).
 */
export async function startWeb(options: WebOptions): Promise<WebServer> {
  // Imported on demand: integration tests run without the SPA and need not load Vite.
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: viteConfigFile(),
    clearScreen: false,
    logLevel: options.quiet ? 'warn' : 'info',
    plugins: [securityHeadersOf(options)],
    server: { port: options.port, strictPort: true, host: 'localhost', proxy: gatewayProxy(options) },
  });
  await server.listen();
  return { url: `http://localhost:${options.port}`, stop: () => server.close() };
}

/**
 * A production build of the SPA (`dist`, from web/scripts/build-web.ts) served as CloudFront
 * serves it, with the gateway behind the same origin as startWeb puts it: `/` the prerendered
 * landing, spa.html for every other path without a file extension (the SPA fallback of
 * lib/web-hosting.ts), files as they are. The e2e tests run on it: what is deployed, and a page
 * load is a dozen files instead of the dev server's hundreds of transformed modules.
 */
export async function startBuiltWeb(options: WebOptions & { dist: string }): Promise<WebServer> {
  const { preview } = await import('vite');
  const spaFallback: Plugin = {
    name: 'anchored:spa-fallback',
    configurePreviewServer(server) {
      server.middlewares.use((request: IncomingMessage, _response: unknown, next: () => void) => {
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        const toGateway = GATEWAY_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
        if (path !== '/' && !toGateway && extname(path) === '' && (request.method === 'GET' || request.method === 'HEAD')) request.url = '/spa.html';
        next();
      });
    },
  };
  const server = await preview({
    configFile: viteConfigFile(),
    clearScreen: false,
    logLevel: options.quiet ? 'warn' : 'info',
    build: { outDir: options.dist },
    plugins: [securityHeadersOf(options), spaFallback],
    preview: { port: options.port, strictPort: true, host: 'localhost', proxy: gatewayProxy(options) },
  });
  return { url: `http://localhost:${options.port}`, stop: () => server.close() };
}
