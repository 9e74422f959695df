import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';

/**
 * The web shell through real Chromium against the ephemeral local cloud of test/support/e2e-setup.ts
 * (Vite dev server + gateway + cognito-local + DynamoDB Local): landing, the guard, sign-in as the
 * founder, sign-out, and the mobile menu.
 */

const endpoints = inject('endpoints');
const founder = inject('founder');

const newContext = useBrowserContexts(endpoints.webUrl);

/** A fresh browser profile per test: no stored tokens, no welcome flag. */
async function openPage(viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(viewport);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()} ${new URL(response.url()).pathname}`);
  });
  (page as Page & { errors: string[] }).errors = errors;
  return { context, page };
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** Mantine's required marker (" *", aria-hidden) is part of the label text Playwright matches. */
function passwordInput(page: Page) {
  return page.getByLabel(/^Password/);
}

/**
 * Code run in the page is passed as a string: vitest would otherwise rewrite its `import()`, and
 * this file is type-checked without the DOM library.
 */
function inPage<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate(expression) as Promise<T>;
}

/** Amplify's stored access token (localStorage `CognitoIdentityServiceProvider.<client>.<user>.accessToken`). */
function storedAccessToken(page: Page): Promise<string | null> {
  return inPage(
    page,
    `localStorage.getItem(Object.keys(localStorage).find((key) =>
      key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken')) ?? '')`,
  );
}

function signInAsFounder(page: Page): Promise<void> {
  return signInThroughUi(page, founder.email, founder.password);
}

describe('web shell', () => {
  it('renders the landing page with the signed-out navigation', async () => {
    const { context, page } = await openPage();
    try {
      // The phrase's 2.5 s, observed without waiting for it. The clock stands still until runFor:
      // with a flowing clock, a slow (loaded) machine let real seconds pass before the first check.
      await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
      await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /^Anchored/ }).waitFor();
      const main = page.getByRole('main');
      // The hero's buttons (the closing call to action has a Sign In of its own).
      const hero = main.getByRole('region', { name: /^Anchored to/ });
      expect(await hero.getByRole('link', { name: 'Join', exact: true }).isVisible()).toBe(true);
      expect(await hero.getByRole('link', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
      // Spec §2 Landing: the stats, the footer links, and the phrase moving on after 2.5 s.
      for (const stat of ['Real People', 'invites per person', 'algorithms']) {
        expect(await main.getByText(stat, { exact: true }).isVisible()).toBe(true);
      }
      const footer = page.getByRole('navigation', { name: 'Footer' });
      for (const name of ['Why Anchored', 'Terms', 'Privacy']) {
        expect(await footer.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
      }
      const phrase = page.getByTestId('rotating-phrase');
      expect(await phrase.textContent()).toBe('to Friends');
      await page.clock.runFor(2_400);
      expect(await phrase.textContent()).toBe('to Friends');
      await page.clock.runFor(200);
      await page.getByTestId('rotating-phrase').filter({ hasText: 'to Family' }).waitFor();
      const nav = mainNav(page);
      for (const name of ['Why', 'Sign In', 'Join']) {
        expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
      }
      expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
      expect(await page.title()).toContain('Anchored');
    } finally {
      await context.close();
    }
  });

  it('sends a signed-out visitor of a guarded route (/dashboard) to /auth/signin', async () => {
    const { context, page } = await openPage();
    try {
      await page.goto('/dashboard');
      await page.waitForURL('**/auth/signin');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("shows the spec's message for a wrong password", async () => {
    const { context, page } = await openPage();
    try {
      await page.goto('/auth/signin');
      await page.getByRole('textbox', { name: 'Email' }).fill(founder.email);
      await passwordInput(page).fill(`${founder.password}-wrong`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Incorrect password.' });
      await alert.waitFor();
      expect(page.url()).toMatch(/\/auth\/signin$/);
    } finally {
      await context.close();
    }
  });

  it('signs the founder in through the UI, shows their name, and signs out again', async () => {
    const { context, page } = await openPage();
    try {
      await signInAsFounder(page);
      // getMe answered through the gateway with the founder's record: the whole chain works.
      await page.getByTestId('dashboard').waitFor();
      const nav = mainNav(page);
      const displayName = (await nav.getByRole('link', { name: /^Your profile: / }).textContent()) ?? '';
      expect(displayName.length).toBeGreaterThan(0);

      for (const name of ['Dashboard', 'Anchors', 'Metrics', 'Settings']) {
        expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
      }
      const profileLink = nav.getByRole('link', { name: `Your profile: ${displayName}` });
      expect(await profileLink.getAttribute('href')).toBe(`/profile/${founder.userId}`);
      expect(await profileLink.textContent()).toBe(displayName);

      // Token refresh works against this Cognito (locally: the InitiateAuth REFRESH_TOKEN_AUTH
      // refresher, as cognito-local lacks GetTokensFromRefreshToken), driven through the page's own
      // Amplify: a clock drift of 30 days in its token store makes the access token read as
      // expired, so the app's next token read (the reload's getMe) refreshes it.
      const before = await storedAccessToken(page);
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // a new `iat`, so a new token
      await inPage(
        page,
        `localStorage.setItem(Object.keys(localStorage).find((key) =>
          key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.clockDrift')), String(30 * 24 * 60 * 60 * 1000))`,
      );
      await page.reload();
      await page.getByTestId('dashboard').waitFor();
      await expect.poll(() => storedAccessToken(page)).not.toBe(before);
      expect(await storedAccessToken(page)).toBeTruthy();

      // A reload keeps the session (tokens in storage) and the guard lets the founder stay.
      await page.reload();
      await page.getByTestId('dashboard').waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');

      await nav.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await mainNav(page).getByRole('link', { name: 'Sign In', exact: true }).waitFor();
      expect(await mainNav(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

      // Signed out for real: the guard sends /dashboard back to sign-in.
      await page.goto('/dashboard');
      await page.waitForURL('**/auth/signin');
      // Nothing failed on the way: no script error, no failed request.
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers a toggle menu on mobile widths, and the bottom bar once signed in', async () => {
    const { context, page } = await openPage({ width: 390, height: 844 });
    try {
      await page.goto('/');
      const burger = page.getByRole('button', { name: 'Open menu' });
      await burger.waitFor();
      expect(await mainNav(page).isVisible()).toBe(false);
      await burger.click();
      const menu = page.getByRole('navigation', { name: 'Menu' });
      for (const name of ['Why', 'Sign In', 'Join']) {
        expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
      }
      await menu.getByRole('link', { name: 'Sign In', exact: true }).click();
      await page.waitForURL('**/auth/signin');
      expect(await page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);

      await signInAsFounder(page);
      const bar = page.getByRole('navigation', { name: 'Quick links' });
      await bar.waitFor();
      for (const name of ['Feed', 'Groups', 'Post', 'Anchors', 'Profile']) {
        expect(await bar.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
      }
      expect(await bar.getByRole('link', { name: 'Feed' }).getAttribute('aria-current')).toBe('page');
    } finally {
      await context.close();
    }
  });
});
