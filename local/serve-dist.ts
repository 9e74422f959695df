import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { securityHeaders } from '../lib/security-headers.ts';
import { contentSecurityPolicy } from '../lib/web-hosting.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** The production header set, with the Cognito and pictures bucket of a us-east-1 stage. */
export const PRODUCTION_HEADERS = securityHeaders(contentSecurityPolicy('us-east-1', 'https://anchored-pictures.s3.us-east-1.amazonaws.com'));

/**
 * A production build of the SPA served as CloudFront serves it (lib/web-hosting.ts): the
 * prerendered landing at `/`, spa.html for other extension-less paths (SPA_FALLBACK_CODE), files
 * as they are, gzip for text, long-lived hashed assets, the production security headers and CSP.
 * For the web bench and the production-build e2e test; listens on a free loopback port.
 */
export function serveWebDist(dist: string): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const wanted = normalize(join(dist, decodeURIComponent(url.pathname)));
    const inside = wanted.startsWith(dist + sep);
    const fallback = url.pathname === '/' ? 'index.html' : 'spa.html';
    const file = inside && existsSync(wanted) && statSync(wanted).isFile() ? wanted : join(dist, fallback);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    let body = readFileSync(file);
    const headers: Record<string, string> = {
      ...PRODUCTION_HEADERS,
      'content-type': type,
      'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (/text|javascript|json|svg/.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding']))) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    response.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
