import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserContexts } from '../support/browser.ts';

/**
 * The public pages' finished look through real Chromium: the landing's picture
 * and its feature cards' icons are there and hidden from screen readers as the decoration they
 * are (the words carry the meaning), and /why ends with the same call to action as the landing,
 * whose buttons lead into joining and signing in. Set FINISHED_LOOK_SCREENSHOTS to a folder to keep
 * screenshots at 1366 and 390 px.
 */
const endpoints = inject('endpoints');
const newContext = useBrowserContexts(endpoints.webUrl);
const SCREENSHOTS = process.env.FINISHED_LOOK_SCREENSHOTS;

async function snap(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** Every <svg> and <img> in main that a screen reader would meet without a name: none may exist. */
function unnamedImages(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('main svg, main img')]
    .filter((el) => !el.closest('[aria-hidden="true"]'))
    .filter((el) => el.tagName === 'IMG' ? el.getAttribute('alt') === null : !(el.getAttribute('role') === 'img' && el.getAttribute('aria-label')))
    .map((el) => el.outerHTML.slice(0, 80))`) as Promise<string[]>;
}

const FEATURE_TITLES = ['No ads, ever', 'No tracking', 'Funded by subscription', 'Verified real people', 'Community moderation', 'Limited connections'];

describe('the finished look of the public pages', () => {
  it('gives the landing a picture and every feature card an icon, all decorative and hidden from screen readers', async () => {
    const context = await newContext({ width: 1366, height: 900 });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: /^Anchored/ }).waitFor();

      const hero = page.getByTestId('hero-illustration');
      expect(await hero.isVisible()).toBe(true);
      expect(await hero.getAttribute('aria-hidden')).toBe('true');

      const cards = page.getByTestId('feature-card');
      expect(await cards.count()).toBe(FEATURE_TITLES.length);
      for (const [index, title] of FEATURE_TITLES.entries()) {
        const card = cards.nth(index);
        expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(title);
        const icon = card.locator('svg');
        expect(await icon.count()).toBe(1);
        expect(await icon.isVisible()).toBe(true);
        expect(await icon.getAttribute('aria-hidden')).toBe('true');
      }
      expect(await unnamedImages(page)).toEqual([]);
      // The landing ends with the same invitation as /why.
      expect(await main.getByRole('region', { name: 'Have an invite code?' }).isVisible()).toBe(true);
      await snap(page, 'landing-1366');
      if (SCREENSHOTS) {
        await page.goto('/why');
        await page.getByRole('region', { name: 'Have an invite code?' }).waitFor();
        await snap(page, 'why-1366');
      }
    } finally {
      await context.close();
    }
  });

  it("leads from /why's call to action to joining with an invite code and to signing in (390 px)", async () => {
    const context = await newContext({ width: 390, height: 844 });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /^Anchored/ }).waitFor();
      await snap(page, 'landing-390');

      await page.goto('/why');
      const cta = page.getByRole('main').getByRole('region', { name: 'Have an invite code?' });
      await cta.waitFor();
      expect(await page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(6);
      expect(await unnamedImages(page)).toEqual([]);
      await snap(page, 'why-390');

      await cta.getByRole('link', { name: 'Join with an invite code' }).click();
      await page.waitForURL('**/auth/signup');
      await page.getByLabel(/^Invite code/).waitFor();

      await page.goBack();
      await cta.getByRole('link', { name: 'Sign In', exact: true }).click();
      await page.waitForURL('**/auth/signin');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
