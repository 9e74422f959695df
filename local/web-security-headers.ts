import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { buildContentSecurityPolicy, securityHeaders } from '../lib/security-headers.ts';

export interface LocalCspOrigins {
  /** cognito-local's endpoint: Amplify signs in there instead of cognito-idp.<region>.amazonaws.com. */
  cognito: string;
  /** s3rver's endpoint: presigned POST uploads go there instead of to the bucket's regional S3 endpoint. */
  uploads: string;
  /** The dev server's own origin (http://localhost:<port>): its HMR socket is ws:// on the same port. */
  web: string;
  /** The gateway's live socket origin (ws://localhost:<gateway>), standing in for API Gateway's wss:// one. */
  live?: string;
}

/** The `'sha256-…'` source of each inline <script> in an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The CloudFront policy with the local cloud's stand-ins, and exactly two dev-only additions:
 * the hash of the React Refresh preamble Vite's React plugin inlines into index.html (hot reload;
 * a hash, not 'unsafe-inline', so any other inline script is still refused), and the ws:// origin
 * of Vite's HMR socket.
 */
export function localContentSecurityPolicy(origins: LocalCspOrigins, scriptHashes: readonly string[]): string {
  return buildContentSecurityPolicy({
    cognito: origins.cognito,
    uploads: origins.uploads,
    live: origins.live,
    extraScript: scriptHashes,
    extraConnect: [origins.web.replace(/^http/, 'ws')],
  });
}

/** The headers, applied before anything is written and again right before the head goes (override: true). */
function headersMiddleware(headers: () => Promise<Record<string, string>>) {
  return (_request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => {
    headers().then(
      (values) => {
        const apply = () => {
          for (const [name, value] of Object.entries(values)) response.setHeader(name, value);
        };
        apply();
        // Like CloudFront's `override: true`: what a proxied origin (the gateway) sets is replaced
        // just before the head is written (Node's implicit head goes through writeHead too).
        const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => typeof response;
        response.writeHead = ((...args: unknown[]) => {
          if (!response.headersSent) apply();
          return writeHead(...args);
        }) as typeof response.writeHead;
        next();
      },
      (error: unknown) => next(error),
    );
  };
}

/**
 * Sends the production security headers on every response of the web server — the dev server
 * (`npm start`) or the built SPA's preview server (the e2e tests) — the SPA, its modules, and what
 * it proxies (/api, /config.json), as CloudFront adds them in front of S3 and API Gateway.
 * Registered before Vite's own middlewares (proxy included), so nothing leaves without them, and
 * they replace the gateway's own baseline headers as CloudFront's policy (override: true) does.
 * The policy's script hashes are those of the pages served: the dev server's transformed
 * index.html (the React Refresh preamble), or the built index.html and spa.html.
 */
export function securityHeadersPlugin(origins: LocalCspOrigins): Plugin {
  let headers: Promise<Record<string, string>> | undefined;
  async function devHeaders(server: ViteDevServer): Promise<Record<string, string>> {
    const indexHtml = await readFile(join(server.config.root, 'index.html'), 'utf8');
    const served = await server.transformIndexHtml('/', indexHtml);
    return securityHeaders(localContentSecurityPolicy(origins, inlineScriptHashes(served)));
  }
  async function builtHeaders(outDir: string): Promise<Record<string, string>> {
    const pages = await Promise.all(['index.html', 'spa.html'].map((page) => readFile(join(outDir, page), 'utf8')));
    return securityHeaders(localContentSecurityPolicy(origins, [...new Set(pages.flatMap(inlineScriptHashes))]));
  }
  return {
    name: 'anchored:security-headers',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(headersMiddleware(() => (headers ??= devHeaders(server))));
    },
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use(headersMiddleware(() => (headers ??= builtHeaders(outDir))));
    },
  };
}
