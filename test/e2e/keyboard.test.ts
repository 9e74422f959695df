import { randomInt } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowserContexts } from '../support/browser.ts';
import { createMember, MEMBER_PASSWORD, type TestMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * Sign-in, posting and anchoring with the keyboard alone: Tab / Shift+Tab to move, typing, Enter
 * and Space to act. No test step clicks; page.goto stands in for typing an address.
 */

const endpoints = inject('endpoints');
const newContext = useBrowserContexts(endpoints.webUrl);

beforeAll(() => {
  useLocalCloudData(endpoints);
});

/** This file is type-checked without the DOM library: the one browser global it reads. */
interface BrowserGlobal {
  document: { activeElement: unknown };
}

/** Presses `key` (Tab or Shift+Tab) until `target` has the focus; fails if it never gets it. */
async function focusWith(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 60): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === (globalThis as unknown as BrowserGlobal).document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${max} presses of ${key} never reached ${String(target)}`);
}

async function signInWithKeyboard(page: Page, email: string): Promise<void> {
  await page.goto('/auth/signin');
  await focusWith(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(email);
  await focusWith(page, page.getByLabel(/^Password/));
  await page.keyboard.type(MEMBER_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  await page.getByTestId('dashboard').waitFor();
}

interface Side {
  member: TestMember;
  name: string;
  context: BrowserContext;
  page: Page;
}

async function openMember(name: string): Promise<Side> {
  const member = await createMember(endpoints, name.split(' ')[0]?.toLowerCase() ?? 'member', {
    displayName: name,
    location: { city: 'Austin', state: 'Texas' },
    extra: { profileCompleted: true },
  });
  const context = await newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { member, name, context, page };
}

describe('keyboard only', () => {
  it('signs in, posts, and anchors two members without a pointer', async () => {
    const tag = String(randomInt(100_000, 999_999));
    const [kit, lou] = await Promise.all([openMember(`Kit${tag} Keys`), openMember(`Lou${tag} Tabber`)]);
    try {
      await Promise.all([signInWithKeyboard(kit.page, kit.member.email), signInWithKeyboard(lou.page, lou.member.email)]);

      // Posting: Tab to the composer, type; Tab on to Post, Shift+Tab back proves the order, Space posts.
      const text = `Typed, not clicked ${tag}`;
      const composer = kit.page.getByRole('textbox', { name: "What's on your mind?" });
      const postButton = kit.page.getByRole('button', { name: 'Post', exact: true });
      await focusWith(kit.page, composer);
      await kit.page.keyboard.type(text);
      await focusWith(kit.page, postButton);
      await focusWith(kit.page, composer, 'Shift+Tab', 5);
      await focusWith(kit.page, postButton, 'Tab', 5);
      await kit.page.keyboard.press('Space');
      await kit.page
        .getByRole('article', { name: `Post by ${kit.name}` })
        .filter({ hasText: text })
        .waitFor();
      expect(await composer.inputValue()).toBe('');

      // Anchoring, Kit's side: the nav link by Enter, the search by Enter, Add Anchor by Space.
      await focusWith(kit.page, kit.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Anchors', exact: true }), 'Shift+Tab');
      await kit.page.keyboard.press('Enter');
      await kit.page.getByRole('heading', { name: 'Manage Your Anchors' }).waitFor();
      await focusWith(kit.page, kit.page.getByRole('textbox', { name: 'Search by name' }));
      await kit.page.keyboard.type(`lou${tag}`);
      await kit.page.keyboard.press('Enter');
      const result = kit.page.getByTestId('search-result').filter({ hasText: lou.name });
      await focusWith(kit.page, result.getByRole('button', { name: `Add Anchor: ${lou.name}` }));
      await kit.page.keyboard.press('Space');
      await kit.page.getByText('Anchor request sent!').waitFor();
      await result.getByText('Request pending').waitFor();

      // Lou's side. Tabs follow the WAI-ARIA pattern: Tab reaches the selected tab, arrows move
      // between tabs (and select them). Then Accept by Enter; the anchor then counts.
      await lou.page.goto('/anchors');
      await focusWith(lou.page, lou.page.getByRole('tab', { selected: true }));
      await lou.page.keyboard.press('ArrowRight');
      await focusWith(lou.page, lou.page.getByRole('tab', { name: /^Pending/, selected: true }), 'Tab', 0);
      const accept = lou.page
        .getByTestId('received-request')
        .filter({ hasText: kit.name })
        .getByRole('button', { name: `Accept ${kit.name}` });
      await focusWith(lou.page, accept);
      await lou.page.keyboard.press('Enter');
      await lou.page.getByText('No pending anchor requests').waitFor();
      await focusWith(lou.page, lou.page.getByRole('tab', { name: /^Pending/ }), 'Shift+Tab');
      await lou.page.keyboard.press('ArrowLeft');
      await focusWith(lou.page, lou.page.getByRole('tab', { name: 'Anchors (1)', selected: true }), 'Tab', 0);
      await lou.page.getByTestId('anchor-card').filter({ hasText: kit.name }).waitFor();
    } finally {
      await Promise.all([kit.context.close(), lou.context.close()]);
    }
  });
});
