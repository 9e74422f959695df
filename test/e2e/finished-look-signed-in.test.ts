import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, signInThroughUi, usePagesAt } from '../support/browser.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * The finished look on the signed-in screens, as a new member meets them: while the anchor
 * lists are on their way the counts are skeletons (never a '0 / 100' that is not known yet); the
 * dashboard carries no scaffolding ('Signed in as …', sample groups); the empty feed, anchors,
 * pending tab, invites, notifications and own profile each say what to do next, and the feed's
 * steps lead to the Anchors page's search (focused) and to Invites. Set FINISHED_LOOK_SCREENSHOTS
 * to a folder to keep screenshots at 1366 and 390 px.
 */
const endpoints = inject('endpoints');
const pageAt = usePagesAt(endpoints.webUrl, 15_000);
const SCREENSHOTS = process.env.FINISHED_LOOK_SCREENSHOTS;

beforeAll(() => {
  useLocalCloudData(endpoints);
});

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/**
 * Holds the page's calls to these callables until the returned function is called; then they, and
 * any later ones, go through (the route stays: unrouting a held request would answer it twice).
 */
async function holdCallables(page: Page, names: readonly string[]): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/api/(${names.join('|')})$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Any count out of 100 on screen ('0 / 100', '0 / 100 anchors'). */
const outOf100 = (page: Page) => page.getByText(/\d+\s*\/\s*100/);

describe('the finished look of the signed-in screens', () => {
  it('a new member sees skeletons, not zero counts, then empty states that say what to do next', { timeout: 60_000 }, async () => {
    const member = await createMember(endpoints, 'look-new', {
      displayName: 'Lou Newcomer',
      location: { city: 'Austin', state: 'Texas' },
      extra: { profileCompleted: true },
    });

    const page = await pageAt(DESKTOP);
    const releaseDashboard = await holdCallables(page, ['listAnchors', 'listAnchorRequests']);
    await signInThroughUi(page, member.email, MEMBER_PASSWORD);
    const network = page.getByRole('region', { name: 'Your Network' });
    await network.getByRole('status', { name: 'Loading your anchor count' }).waitFor();
    await network.getByRole('status', { name: 'Loading your pending requests' }).waitFor();
    expect(await outOf100(page).count()).toBe(0);
    // No scaffolding: nobody is told who is signed in, and Groups is Coming Soon, not sample data.
    expect(await page.getByText(/Signed in as/).count()).toBe(0);
    expect(await page.getByText(/Sample data|Weekend Hikers/).count()).toBe(0);
    await page.getByRole('region', { name: 'Groups' }).getByText('Coming Soon').waitFor();
    await shot(page, 'dashboard-loading-1366');
    releaseDashboard();
    await network.getByText('0 / 100').waitFor();

    const feedEmpty = page.getByTestId('feed-empty');
    await feedEmpty.waitFor();
    expect(await feedEmpty.getByRole('link', { name: 'Find anchors' }).getAttribute('href')).toBe('/anchors?find');
    expect(await feedEmpty.getByRole('link', { name: 'Invite someone' }).getAttribute('href')).toBe('/invites');
    await shot(page, 'dashboard-empty-1366');

    // Find anchors lands in the Anchors page's search box.
    await feedEmpty.getByRole('link', { name: 'Find anchors' }).click();
    await page.waitForURL((url) => url.pathname === '/anchors' && url.search === '');
    await expect.poll(() => page.getByRole('textbox', { name: 'Search by name' }).evaluate((input) => input === input.ownerDocument.activeElement)).toBe(true);
    await page.getByTestId('no-anchors').getByRole('link', { name: 'Invite someone' }).waitFor();
    await page.getByRole('tab', { name: 'Pending' }).click();
    await page.getByTestId('no-pending').getByText('No pending anchor requests').waitFor();

    // Read afresh, the Anchors page too waits for the list before it shows a count.
    const releaseAnchors = await holdCallables(page, ['listAnchors']);
    await page.reload();
    await page.getByRole('status', { name: 'Loading your anchor count' }).waitFor();
    await page.getByRole('status', { name: 'Loading your anchors' }).waitFor();
    expect(await outOf100(page).count()).toBe(0);
    await shot(page, 'anchors-loading-1366');
    releaseAnchors();
    await page.getByTestId('anchor-count').filter({ hasText: '0 / 100 anchors' }).waitFor();
    await shot(page, 'anchors-empty-1366');

    // Each next step, followed in the app (no reloads): Invites, the bell, the own profile.
    await page.getByTestId('no-anchors').getByRole('link', { name: 'Invite someone' }).click();
    await page.getByTestId('no-invitees').getByRole('button', { name: 'Copy the link to send' }).waitFor();
    await shot(page, 'invites-empty-1366');
    await page.getByRole('link', { name: /^Notifications, / }).click();
    await page.getByTestId('no-notifications').getByRole('link', { name: 'Find anchors' }).waitFor();
    await shot(page, 'notifications-empty-1366');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your profile: Lou Newcomer' }).click();
    await page.getByTestId('no-posts').getByRole('link', { name: 'Write a post' }).waitFor();
    await shot(page, 'profile-empty-1366');

    // On a phone (the same session at 390 px): Write a post opens the composer; nothing is wider than the screen.
    const phone = page;
    await phone.setViewportSize(PHONE);
    await phone.getByTestId('no-posts').getByRole('link', { name: 'Write a post' }).click();
    await expect.poll(() => phone.getByLabel("What's on your mind?").evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    await phone.getByTestId('feed-empty').getByRole('link', { name: 'Invite someone' }).waitFor();
    await phone.getByRole('region', { name: 'Your Network' }).getByText('0 / 100').waitFor();
    expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'dashboard-empty-390');
    // The empty wall's Write a post brings the feed tab back, where the composer is.
    await phone.getByRole('tab', { name: 'Your Wall' }).click();
    await phone.getByTestId('no-posts').getByRole('link', { name: 'Write a post' }).click();
    await expect.poll(() => phone.getByLabel("What's on your mind?").evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    if (SCREENSHOTS) {
      for (const [path, ready, name] of [
        ['/anchors', 'no-anchors', 'anchors-empty-390'],
        ['/invites', 'no-invitees', 'invites-empty-390'],
        ['/notifications', 'no-notifications', 'notifications-empty-390'],
        [`/profile/${member.uid}`, 'no-posts', 'profile-empty-390'],
      ] as const) {
        await phone.goto(path);
        await phone.getByTestId(ready).waitFor();
        await shot(phone, name);
      }
    }
  });
});
