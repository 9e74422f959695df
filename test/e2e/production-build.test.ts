import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebDist } from '../../local/serve-dist.ts';
import { buildWeb } from '../../web/scripts/build-web.ts';
import { launchChromium } from '../support/browser.ts';

/**
 * The production build (what CDK deploys), served as CloudFront serves it, under the production
 * CSP: the landing arrives prerendered with its CSS inlined, client routes get the empty shell, and
 * the app takes the landing over without a CSP violation or a second copy of the page.
 */

const dist = mkdtempSync(join(tmpdir(), 'anchored-dist-'));
let server: Server;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  await buildWeb({ outDir: dist });
  server = await serveWebDist(dist);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const LANDING_TEXT = 'An invite-only social network for real people and real communities';

async function htmlOf(path: string): Promise<string> {
  const response = await fetch(new URL(path, baseUrl));
  expect(response.status).toBe(200);
  return response.text();
}

/** Every CSP violation and console error of the page, from its first script on. */
async function watchForTrouble(page: Page): Promise<string[]> {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(message.text());
  });
  page.on('pageerror', (error) => trouble.push(error.message));
  return trouble;
}

describe('the production build', () => {
  it('serves the landing prerendered at / with its CSS inlined, and the empty shell for client routes', async () => {
    const landing = await htmlOf('/');
    expect(landing).toContain(LANDING_TEXT);
    expect(landing).toMatch(/<a [^>]*href="\/auth\/signup"/);
    expect(landing).not.toMatch(/<link rel="stylesheet"/);
    expect(landing).toContain('<style>');
    expect(landing).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script: the CSP allows none

    for (const route of ['/dashboard', '/why', '/auth/signin']) {
      const shell = await htmlOf(route);
      expect(shell).toContain('<div id="root"></div>');
      expect(shell).not.toContain(LANDING_TEXT);
      expect(shell).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/index-[^"]+\.css"/);
    }
  });

  it('shows the landing without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Anchored');
    expect(await page.getByText(LANDING_TEXT).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Join' }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('hands the landing to the app under the production CSP: one page, rotating, navigable, no violation', async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    const trouble = await watchForTrouble(page);
    await page.goto('/');
    // The phrase turns only once React runs the page (every 2.5 s).
    await page.getByTestId('rotating-phrase').filter({ hasText: 'to Family' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByText(LANDING_TEXT).count()).toBe(1);

    await page.getByRole('link', { name: 'Why', exact: true }).first().click();
    await page.waitForURL('**/why');
    // A guarded route from the shell: the guard sends a signed-out visitor to sign in.
    await page.goto('/dashboard');
    await page.waitForURL('**/auth/signin');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(trouble).toEqual([]);
    await context.close();
  });
});
