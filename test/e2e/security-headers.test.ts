import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { contentSecurityPolicy } from '../../lib/web-hosting.ts';
import { HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY, REFERRER_POLICY } from '../../lib/security-headers.ts';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';

/**
 * The local web server (Vite dev server of `npm start`, with the gateway behind /api) sends
 * CloudFront's security headers on everything it serves, and its CSP differs from the deployed one
 * only by the local stand-ins and the two documented dev additions. A real Chromium then walks
 * through sign-in under that policy without a single violation.
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

async function headersOf(path: string, init?: RequestInit): Promise<Headers> {
  const response = await fetch(new URL(path, endpoints.webUrl), init);
  await response.arrayBuffer();
  return response.headers;
}

function expectSecurityHeaders(headers: Headers): void {
  expect(headers.get('strict-transport-security')).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe(REFERRER_POLICY);
  expect(headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  const csp = parseCsp(headers.get('content-security-policy') ?? '');
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['script-src']?.[0]).toBe("'self'");
  expect(csp['script-src']).not.toContain("'unsafe-inline'");
  expect(csp['script-src']).not.toContain("'unsafe-eval'");
}

describe('security headers of the local web server', () => {
  it('sends them on the SPA, its modules, client routes, config.json and the proxied API', async () => {
    const targets: [string, RequestInit?][] = [
      ['/'],
      ['/dashboard'],
      ['/src/main.tsx'],
      ['/config.json'],
      ['/api/getMe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
      ['/api/nope'],
    ];
    for (const [path, init] of targets) {
      const headers = await headersOf(path, init);
      expectSecurityHeaders(headers);
    }
  });

  it("keeps CloudFront's CSP except the local stand-ins, the HMR socket and the preamble's hash", async () => {
    const local = parseCsp((await headersOf('/')).get('content-security-policy') ?? '');
    const deployed = parseCsp(contentSecurityPolicy('us-east-1', 'https://uploads.example', 'wss://live.example'));
    const standIns: Record<string, string> = {
      // Uploads go to s3rver instead of the bucket's regional endpoint; pictures are 'self' in both.
      'https://uploads.example': endpoints.s3.endpoint,
      'https://cognito-idp.us-east-1.amazonaws.com': endpoints.cognito.endpoint,
      // The live socket: the gateway's ws:// origin for API Gateway's wss:// one.
      'wss://live.example': new URL(endpoints.live.url).origin,
    };
    const swap = (sources: string[] | undefined) => (sources ?? []).map((source) => standIns[source] ?? source);
    expect(Object.keys(local).toSorted()).toEqual(Object.keys(deployed).toSorted());
    for (const name of Object.keys(deployed)) {
      if (name === 'script-src' || name === 'connect-src') continue;
      expect(local[name], name).toEqual(swap(deployed[name]));
    }
    expect(local['connect-src']).toEqual([...swap(deployed['connect-src']), endpoints.webUrl.replace(/^http/, 'ws')]);
    // Exactly one inline script is allowed, by hash: the React Refresh preamble of index.html.
    const extraScripts = local['script-src']?.slice(1) ?? [];
    expect(extraScripts).toHaveLength(1);
    expect(extraScripts[0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
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
