import { describe, expect, inject, it } from 'vitest';
import { useBrowserContexts } from '../support/browser.ts';
import { ok } from '../support/callable-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * No stale count, in Chromium: Ann has two anchors and her dashboard open; one of them
 * deletes their account. Without a reload her Your Network count goes from 2 to 1 (the table's
 * stream pushes anchors.changed, the dashboard reads the anchor list again), her bell drops the
 * leaver's request (notifications.changed), and the one who left is off her Anchors page. (Its stored count, the stream's push, an admin's removal and a block:
 * test/integration/anchor-count-follows.test.ts.)
 */
const endpoints = inject('endpoints');
const newContext = useBrowserContexts(endpoints.webUrl);

describe("the dashboard's anchor count", () => {
  it('follows an anchor who deletes their account, live', { timeout: 60_000 }, async () => {
    useLocalCloudData(endpoints);
    const where = { location: { city: 'Austin', state: 'Texas' }, extra: { profileCompleted: true } };
    const [ann, leaver, stayer, asker] = await Promise.all([
      createMember(endpoints, 'count-live-ann', { displayName: 'Ann Counter', ...where }),
      createMember(endpoints, 'count-live-leaver', { displayName: 'Lee Leaver', ...where }),
      createMember(endpoints, 'count-live-stayer', { displayName: 'Stu Stayer', ...where }),
      createMember(endpoints, 'count-live-asker', { displayName: 'Ash Asker', ...where }),
    ]);
    for (const other of [leaver, stayer]) {
      await ok(endpoints, 'sendAnchorRequest', { token: other.accessToken, data: { userId: ann.uid } });
      await ok(endpoints, 'acceptAnchorRequest', { token: ann.accessToken, data: { userId: other.uid } });
    }

    const context = await newContext({ width: 1366, height: 900 });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto('/auth/signin');
    await page.getByRole('textbox', { name: 'Email' }).fill(ann.email);
    await page.getByLabel(/^Password/).fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    const network = page.getByRole('region', { name: 'Your Network' });
    await network.getByText('2 / 100').waitFor();
    // The page's live socket is up before the anchor leaves: a request received shows without a reload.
    await ok(endpoints, 'sendAnchorRequest', { token: asker.accessToken, data: { userId: ann.uid } });
    await page.getByTestId('pending-requests-count').filter({ hasText: '1' }).waitFor({ timeout: 10_000 });
    // Her bell: the three requests she received (the leaver's, the stayer's and the asker's).
    const bell = (unread: number) => page.getByRole('link', { name: `Notifications, ${unread} unread` }).first();
    await bell(3).waitFor({ timeout: 10_000 });

    await ok(endpoints, 'deleteMyAccount', { token: leaver.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } });
    await network.getByText('1 / 100').waitFor({ timeout: 10_000 });
    // The leaver's request went from her notifications, and the bell follows without a reload.
    await bell(2).waitFor({ timeout: 10_000 });

    await page.goto('/anchors');
    await page.getByText('Stu Stayer').first().waitFor();
    expect(await page.getByText('Lee Leaver').count()).toBe(0);
    await context.close();
  });
});
