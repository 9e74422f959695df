import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contentSecurityPolicy } from '../../lib/web-hosting.ts';
import { HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY, REFERRER_POLICY } from '../../lib/security-headers.ts';
import { pickFreePorts } from '../../local/ports.ts';
import { startWeb, type WebServer } from '../../local/web.ts';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';

/**
 * The local web servers send CloudFront's security headers on everything they serve: the e2e tests'
 * server (the production build of the SPA, as deployed) and `npm start`'s Vite dev server, started
 * here on the same cloud. Their CSP differs from the deployed one only by the local stand-ins, the
 * dev server's HMR socket and the hashes of the inline scripts each serves (the dev server's React
 * Refresh preamble; the build has none). A real Chromium then walks through sign-in under that
 * policy without a single violation.
 */

const endpoints = inject('endpoints');
const founder = inject('founder');
const newContext = useBrowserContexts(endpoints.webUrl);

type Csp = Record<string, string[]>;

function parseCsp(value: string): Csp {
  return Object.fromEntries(
    value.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

async function headersOf(base: string, path: string, init?: RequestInit): Promise<Headers> {
  const response = await fetch(new URL(path, base), init);
  await response.arrayBuffer();
  return response.headers;
}

function expectSecurityHeaders(headers: Headers, what: string): void {
  expect(headers.get('strict-transport-security'), what).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`);
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe(REFERRER_POLICY);
  expect(headers.get('permissions-policy'), what).toBe(PERMISSIONS_POLICY);
  const csp = parseCsp(headers.get('content-security-policy') ?? '');
  expect(csp['frame-ancestors'], what).toEqual(["'none'"]);
  expect(csp['object-src'], what).toEqual(["'none'"]);
  expect(csp['script-src']?.[0], what).toBe("'self'");
  expect(csp['script-src'], what).not.toContain("'unsafe-inline'");
  expect(csp['script-src'], what).not.toContain("'unsafe-eval'");
}

/** `npm start`'s web server on this cloud: the Vite dev server, on a port of its own. */
async function startDevServer(): Promise<WebServer> {
  const gatewayUrl = endpoints.apiUrl.replace(/\/api$/, '');
  return startWeb({
    port: (await pickFreePorts()).web,
    gatewayUrl,
    proxySecret: inject('localCloudSecrets').proxySecret,
    cognitoEndpoint: endpoints.cognito.endpoint,
    s3Endpoint: endpoints.s3.endpoint,
    liveOrigin: new URL(endpoints.live.url).origin,
    quiet: true,
  });
}

let devServer: WebServer | undefined;
beforeAll(async () => {
  devServer = await startDevServer();
});
afterAll(async () => {
  await devServer?.stop();
});

/** The first script the built SPA shell loads: a hashed asset. */
async function builtAssetPath(): Promise<string> {
  const shell = await (await fetch(new URL('/dashboard', endpoints.webUrl))).text();
  const src = /<script[^>]+src="([^"]+\.js)"/.exec(shell)?.[1];
  expect(src).toMatch(/^\/assets\//);
  return src ?? '';
}

function deployedWithStandIns(): { local: (sources: string[] | undefined) => string[]; deployed: Csp } {
  const deployed = parseCsp(contentSecurityPolicy('us-east-1', 'https://uploads.example', 'wss://live.example'));
  const standIns: Record<string, string> = {
    // Uploads go to s3rver instead of the bucket's regional endpoint; pictures are 'self' in both.
    'https://uploads.example': endpoints.s3.endpoint,
    'https://cognito-idp.us-east-1.amazonaws.com': endpoints.cognito.endpoint,
    // The live socket: the gateway's ws:// origin for API Gateway's wss:// one.
    'wss://live.example': new URL(endpoints.live.url).origin,
  };
  return { deployed, local: (sources) => (sources ?? []).map((source) => standIns[source] ?? source) };
}

describe('security headers of the local web servers', () => {
  it('both send them on the SPA, its scripts, client routes, config.json and the proxied API', async () => {
    const servers: [string, string, string][] = [
      ['the production build', endpoints.webUrl, await builtAssetPath()],
      ['the dev server', devServer?.url ?? '', '/src/main.tsx'],
    ];
    for (const [server, base, script] of servers) {
      const targets: [string, RequestInit?][] = [
        ['/'],
        ['/dashboard'],
        [script],
        ['/config.json'],
        ['/api/getMe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
        ['/api/nope'],
      ];
      for (const [path, init] of targets) expectSecurityHeaders(await headersOf(base, path, init), `${server}: ${path}`);
    }
  });

  it("keep CloudFront's CSP but for the local stand-ins, the HMR socket and the inline scripts' hashes (the dev server's preamble only)", async () => {
    const { deployed, local: swap } = deployedWithStandIns();
    for (const [server, base, inlineScripts] of [
      ['the production build', endpoints.webUrl, 0],
      ['the dev server', devServer?.url ?? '', 1],
    ] as const) {
      const local = parseCsp((await headersOf(base, '/')).get('content-security-policy') ?? '');
      expect(Object.keys(local).toSorted(), server).toEqual(Object.keys(deployed).toSorted());
      for (const name of Object.keys(deployed)) {
        if (name === 'script-src' || name === 'connect-src') continue;
        expect(local[name], `${server}: ${name}`).toEqual(swap(deployed[name]));
      }
      expect(local['connect-src'], server).toEqual([...swap(deployed['connect-src']), base.replace(/^http/, 'ws')]);
      // Inline scripts are allowed only by hash: the dev server's React Refresh preamble; the build has none.
      const extraScripts = local['script-src']?.slice(1) ?? [];
      expect(extraScripts, server).toHaveLength(inlineScripts);
      for (const source of extraScripts) expect(source, server).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    }
  });

  it('lets the app load and sign in with no CSP violation, and refuses an injected inline script', async () => {
    const context = await newContext();
    try {
      const page: Page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await signInThroughUi(page, founder.email, founder.password);
      await page.goto('/profile/setup').catch(() => undefined);
      await page.goto('/settings');
      await page.getByRole('tab').first().waitFor();
      expect(violations).toEqual([]);

      // The policy is live, not just a header: an inline script added now does not run.
      const ran = await page.evaluate(`(() => {
        window.__inlineRan = false;
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true';
        document.body.append(script);
        return window.__inlineRan;
      })()`);
      expect(ran).toBe(false);
      expect(violations.some((text) => /script-src/.test(text))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
