import { readFile } from 'node:fs/promises';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '../support/callable-client.ts';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * Settings › Account › Download my data through real Chromium: the member asks, the page says it is
 * being prepared, a link appears and the browser downloads the zip straight from the bucket (s3rver
 * locally, as uploads reach it). Set DATA_EXPORT_SCREENSHOTS to a folder to keep screenshots.
 */
const endpoints = inject('endpoints');
const newContext = useBrowserContexts(endpoints.webUrl);
const SCREENSHOTS = process.env.DATA_EXPORT_SCREENSHOTS;
const contexts: BrowserContext[] = [];

beforeAll(() => {
  useLocalCloudData(endpoints);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

describe('Download my data', () => {
  it('asks for the export, shows the link when it is ready, and downloads the zip', { timeout: 60_000 }, async () => {
    const member = await createMember(endpoints, 'e2e-export', {
      displayName: 'Dana Export',
      location: { city: 'Austin', state: 'Texas' },
      extra: { profileCompleted: true },
    });
    await ok(endpoints, 'createPost', { token: member.accessToken, data: { content: 'A post to take along', privacy: 'anchors' } });

    const context = await newContext({ width: 1366, height: 900 });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInThroughUi(page, member.email, MEMBER_PASSWORD);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Account' }).click();
    const card = page.getByTestId('data-export');
    await card.getByRole('button', { name: 'Request my data' }).click();

    const link = card.getByRole('link', { name: /Download my data/ });
    await link.waitFor();
    await card.getByText('Your data is ready.').waitFor();
    if (SCREENSHOTS) {
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/data-export-1366.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENSHOTS}/data-export-390.png`, fullPage: true });
    }

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('anchored-data.zip');
    const zip = await readFile(await download.path());
    // A zip (local file header) holding the member's posts.
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(zip.toString('latin1')).toContain('A post to take along');
    // The request button is gone: one export a day.
    expect(await card.getByRole('button', { name: 'Request my data' }).count()).toBe(0);
  });
});
