import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { ok } from '../support/callable-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * Dev tools through real Chromium: the signed-out message (no redirect), the own id, 10 dummy
 * anchors with a preview of 4; and rapid like toggles on the dashboard, which must settle on the
 * last click with the server agreeing.
 */

const endpoints = inject('endpoints');

const newContext = useBrowserContexts(endpoints.webUrl);

beforeAll(() => {
  useLocalCloudData(endpoints);
});

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

describe('dev tools and likes', () => {
  it('asks signed-out visitors to sign in; gives a member their id, 10 dummy anchors and a preview of 4', async () => {
    const member = await createMember(endpoints, 'devtools', {
      displayName: 'Dev Tester',
      location: { city: 'Austin', state: 'Texas' },
      extra: { profileCompleted: true },
    });
    const { context, page } = await newPage();
    try {
      await page.goto('/dev');
      await page.getByText('Please sign in to use dev tools.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/dev');

      await signInThroughUi(page, member.email, MEMBER_PASSWORD);

      // Rapid toggles on one post: each click flips the button at once (optimistic) and the three
      // requests run one after another; the last click (liked) wins on screen and on the server.
      await page.getByRole('textbox', { name: "What's on your mind?" }).fill('Testing likes');
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      const post = page.getByRole('article', { name: 'Post by Dev Tester' });
      const likeButton = post.getByRole('button', { name: /^Like/ });
      await likeButton.click();
      await post.getByRole('button', { name: /^Liked/ }).click();
      await post.getByRole('button', { name: /^Like ·/ }).click();
      await post.getByRole('button', { name: /^Liked · 1$/ }).waitFor();
      await expect
        .poll(async () => {
          const [first] = (await ok(endpoints, 'getFeed', { token: member.accessToken })).posts;
          return first && { likeCount: first.likeCount, likedByMe: first.likedByMe };
        })
        .toEqual({ likeCount: 1, likedByMe: true });

      await page.goto('/dev');
      expect(await page.getByTestId('own-user-id').textContent()).toBe(member.uid);
      await page.getByRole('button', { name: 'Create 10 dummy anchors' }).click();
      await page.getByText('Created 10 dummy anchors; you now have 10.').waitFor({ timeout: 20_000 });
      const preview = page.getByLabel('Dummy users preview');
      expect(await preview.getByText('Austin, Texas').count()).toBe(4);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Anchors', exact: true }).click();
      await page.getByTestId('anchor-count').filter({ hasText: '10 / 100 anchors' }).waitFor();
      expect(await page.getByTestId('anchor-card').count()).toBe(10);
    } finally {
      await context.close();
    }
  });
});
