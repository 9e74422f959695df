import { describe, expect, inject, it } from 'vitest';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { ok } from '../support/callable-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/** /metrics through real Chromium: the dev button, the four cards and a real bar chart. */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);

const newContext = useBrowserContexts(endpoints.webUrl);

describe('community metrics page', () => {
  it('calculates on the dev button and shows the cards, the growth bars and the health score', async () => {
    const member = await createMember(endpoints, 'metrics-e2e', {
      displayName: 'Metrics Viewer',
      location: { city: 'Boise', state: 'ID' },
      extra: { profileCompleted: true, isVerified: true },
    });
    // The job reads the counters the table stream's consumer keeps: wait until it has counted her
    // (the stream may lag behind the rest of the suite's writes), then the button's run shows her.
    await expect
      .poll(async () => (await ok(endpoints, 'calculateMetricsManually', { token: member.accessToken, data: {} })).geographicClusters['Boise, ID'] ?? 0, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const context = await newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await signInThroughUi(page, member.email, MEMBER_PASSWORD);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Metrics', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Community Metrics' }).waitFor();
      await page.getByRole('button', { name: 'Calculate metrics now' }).click();
      await page.getByText('Metrics calculated successfully!').waitFor({ timeout: 20_000 });

      // The page shows what the server stored for today.
      const [latest] = (await ok(endpoints, 'getCommunityMetrics', { token: member.accessToken, data: { range: 'day' } })).records;
      expect(latest?.date).toBe(new Date().toISOString().slice(0, 10));
      const totalCard = page.getByRole('group', { name: 'Total Users (verified members)' });
      await totalCard
        .getByTestId('metric-value')
        .filter({ hasText: new RegExp(`^${latest?.totalUsers}$`) })
        .waitFor();
      for (const title of ['Active Users (last 30 days)', 'Invite Acceptance', 'Platform Refugees']) {
        await page.getByRole('group', { name: title }).waitFor();
      }
      expect(await page.getByRole('list', { name: 'Top cities' }).getByText('Boise, ID').count()).toBe(1);

      // A real chart: recharts draws an SVG with one bar per series and record.
      const chart = page.getByTestId('user-growth-chart');
      await chart.locator('svg.recharts-surface').first().waitFor();
      await expect.poll(() => chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(2);
      expect(await page.getByTestId('health-score').textContent()).toMatch(/^\d{1,3}%$/);

      await page.getByText('7 Days', { exact: true }).click();
      await page.getByText(/Showing the latest \d+ of up to 7 daily records/).waitFor();
    } finally {
      await context.close();
    }
  });
});
