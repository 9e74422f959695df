import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DEBIAN_CHROMIUM, findChromium } from '../../local/prerequisites.ts';

/**
 * The Chromium the pretest found (local/prerequisites.ts: CHROMIUM_PATH or CHROME_PATH, else
 * Debian's, else one on PATH): no test tool may download a browser of its own on these machines.
 */
export const CHROMIUM_PATH = findChromium() ?? DEBIAN_CHROMIUM;

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

/** `extraArgs`: flags fixed for this browser's life, e.g. a fake camera's video file. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
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

/** The two widths screens are checked at: a desktop and a phone. */
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Opens pages at a viewport, each in a context of its own; every context closes after the file. */
export function usePagesAt(baseURL: string, defaultTimeoutMs = 20_000): (viewport: { width: number; height: number }) => Promise<Page> {
  const newContext = useBrowserContexts(baseURL);
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });
  return async (viewport) => {
    const context = await newContext(viewport);
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(defaultTimeoutMs);
    return page;
  };
}

/**
 * Signs in through the web app's sign-in page and waits for the dashboard: the URL changes first,
 * the router commits the new location once the lazy dashboard has loaded (with the member's record).
 */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByTestId('dashboard').waitFor();
}

/**
 * A fresh browser profile (from useBrowserContexts) signed in through the UI, on the dashboard. The
 * caller closes the context.
 */
export async function signedInPage(
  newContext: (viewport?: { width: number; height: number }) => Promise<BrowserContext>,
  email: string,
  password: string,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(viewport);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInThroughUi(page, email, password);
  return { context, page };
}
