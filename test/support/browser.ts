import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's Chromium: no test tool may download a browser of its own on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless, and without the background services whose connections this machine's closed network
 * refuses (many at a time, slowing every start).
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * One Chromium for the calling test file (launched before its tests, closed after them). Each call
 * of the returned function opens a fresh browser profile on the web app: no stored tokens, no
 * welcome flag.
 */
export function useBrowserContexts(baseURL: string): (viewport?: { width: number; height: number }) => Promise<BrowserContext> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return (viewport = { width: 1280, height: 900 }) => {
    if (!browser) throw new Error('Chromium is not running: open contexts inside tests or hooks');
    return browser.newContext({ baseURL, viewport });
  };
}
