import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '../support/callable-client.ts';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * Notifications through real Chromium: a like and a comment on a member's post reach the bell live
 * (no reload), the page lists them and marks them read, the phone layout has the bell too, and
 * Settings › Notifications switches kinds. Set NOTIFICATIONS_SCREENSHOTS to a folder to keep
 * screenshots (1366 px and 390 px).
 */
const endpoints = inject('endpoints');
const newContext = useBrowserContexts(endpoints.webUrl);
const SCREENSHOTS = process.env.NOTIFICATIONS_SCREENSHOTS;
const contexts: BrowserContext[] = [];

beforeAll(() => {
  useLocalCloudData(endpoints);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

/** `holdLiveSocket`: the page's live socket reaches the gateway only once it resolves (a slow handshake). */
async function signedIn(email: string, viewport: { width: number; height: number }, holdLiveSocket?: Promise<void>): Promise<Page> {
  const context = await newContext(viewport);
  contexts.push(context);
  if (holdLiveSocket)
    await context.routeWebSocket(/\/live/, async (socket) => {
      await holdLiveSocket;
      socket.connectToServer();
    });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signInThroughUi(page, email, 'member horse 42');
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

describe('notifications', () => {
  it('a like and a comment ring the bell live; the page shows them and marks them read', { timeout: 90_000 }, async () => {
    const tag = String(randomInt(100_000, 999_999));
    const where = { location: { city: 'Austin', state: 'Texas' }, extra: { profileCompleted: true } };
    const [author, fan] = await Promise.all([
      createMember(endpoints, 'bell-author', { displayName: `Nora${tag} Bell`, ...where }),
      createMember(endpoints, 'bell-fan', { displayName: `Finn${tag} Fan`, ...where }),
    ]);
    const post = await ok(endpoints, 'createPost', { token: author.accessToken, data: { content: 'Ring my bell', privacy: 'public' } });

    const page = await signedIn(author.email, { width: 1366, height: 900 });
    const bell = page.getByRole('link', { name: /^Notifications, / });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, none unread');

    await ok(endpoints, 'togglePostLike', { token: fan.accessToken, data: { postId: post.postId, liked: true } });
    await page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();
    await ok(endpoints, 'addComment', { token: fan.accessToken, data: { postId: post.postId, content: 'Lovely' } });
    await page.getByRole('link', { name: 'Notifications, 2 unread' }).waitFor();
    await shot(page, 'bell-desktop-1366');

    await page.getByRole('link', { name: 'Notifications, 2 unread' }).click();
    const list = page.getByRole('list', { name: 'Your notifications' });
    await list.getByText(`Finn${tag} Fan commented on your post`).waitFor();
    await expect(list.getByText(`Finn${tag} Fan liked your post`).count()).resolves.toBe(1);
    // Shown, so read: the bell empties without a click.
    await page.getByRole('link', { name: 'Notifications, none unread' }).waitFor();
    await shot(page, 'notifications-page-1366');

    // The phone layout has the bell as well, and the settings its switches.
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = page;
    await phone.goto('/dashboard');
    await phone.getByRole('link', { name: 'Notifications, none unread' }).waitFor();
    await phone.goto('/notifications');
    await phone.getByRole('list', { name: 'Your notifications' }).waitFor();
    await shot(phone, 'notifications-page-390');
    await phone.goto('/settings');
    await phone.getByRole('tab', { name: 'Notifications' }).click();
    await phone.getByRole('switch', { name: 'Likes on your posts' }).click();
    await phone.getByText('Notification settings saved.').waitFor();
    await shot(phone, 'notification-settings-390');
    const saved = await ok(endpoints, 'getNotificationSettings', { token: author.accessToken });
    expect(saved.settings.like).toBe(false);
  });

  it(
    'a like landing while the page’s socket is still connecting reaches the bell once the socket opens, not at the next poll',
    { timeout: 90_000 },
    async () => {
      const where = { location: { city: 'Austin', state: 'Texas' }, extra: { profileCompleted: true } };
      const [author, fan] = await Promise.all([createMember(endpoints, 'gap-author', where), createMember(endpoints, 'gap-fan', where)]);
      const post = await ok(endpoints, 'createPost', { token: author.accessToken, data: { content: 'Before my socket', privacy: 'public' } });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });

      const page = await signedIn(author.email, { width: 1366, height: 900 }, held);
      const bell = page.getByRole('link', { name: /^Notifications, / });
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, none unread');
      // The page has read its bell; its socket is not registered yet, so the push goes to nobody.
      await ok(endpoints, 'togglePostLike', { token: fan.accessToken, data: { postId: post.postId, liked: true } });
      await expect.poll(async () => (await ok(endpoints, 'listNotifications', { token: author.accessToken })).unreadCount, { timeout: 30_000 }).toBe(1);
      expect(await bell.getAttribute('aria-label')).toBe('Notifications, none unread');

      // The socket opens: the page reads again what it shows (its fallback poll is a minute away).
      release();
      await page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
    },
  );
});
