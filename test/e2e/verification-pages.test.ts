import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '../support/callable-client.ts';
import { seriousAxeFindingsAtBothWidths } from '../support/axe.ts';
import { DESKTOP, signedInPage, useBrowserContexts } from '../support/browser.ts';
import { MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';
import { vouchingClient } from '../support/vouching.ts';

/**
 * Verification in person as members and admins see it, through real Chromium: the landing's link
 * to how it works, the badge on a verified member's profile and post, Settings › Vouches with
 * Withdraw, the own profile's Get verified card, and an admin verifying a member with a reason.
 * The meeting itself (codes, the camera, the typed code) is test/e2e/vouching.test.ts.
 */

const endpoints = inject('endpoints');
const founder = inject('founder');
const newContext = useBrowserContexts(endpoints.webUrl);
const vouching = vouchingClient(endpoints, founder);

beforeAll(() => {
  useLocalCloudData(endpoints);
});

/** axe finds nothing serious at the desktop and the phone width. */
async function expectAxeCleanAtBothWidths(page: Page, screen: string) {
  expect(await seriousAxeFindingsAtBothWidths(page), screen).toEqual({});
}

describe('verification pages', () => {
  it("the landing's 'Verified real people' opens how verification works, for a visitor signed out", async () => {
    const context = await newContext(DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto('/');
      const card = page.getByTestId('feature-card').filter({ hasText: 'Verified real people' });
      await card.getByRole('link', { name: 'How verification works' }).click();
      await page.waitForURL('**/about/verification');
      await page.getByRole('heading', { level: 1, name: 'How verification works' }).waitFor();
      await page.getByRole('heading', { name: 'What it does not prove' }).waitFor();
      expect(await page.getByRole('main').textContent()).toContain('not an identity document check');
      await expectAxeCleanAtBothWidths(page, 'how verification works');
    } finally {
      await context.close();
    }
  });

  it('members see the badge; a voucher withdraws in Settings › Vouches; the member sees Get verified; an admin verifies them with a reason', async () => {
    // Members who finished joining, so sign-in lands on the dashboard.
    const joined = { extra: { profileCompleted: true } };
    const [ada, bo] = await Promise.all([vouching.verifiedMember('Ada', joined), vouching.verifiedMember('Bo', joined)]);
    const sam = await vouching.member('Sam', joined);
    const samName = (await ok(endpoints, 'getMe', { token: sam.accessToken })).displayName;
    await vouching.vouch(ada, sam);
    expect((await vouching.vouch(bo, sam)).subjectVerified).toBe(true);
    await ok(endpoints, 'createPost', { token: sam.accessToken, data: { content: 'Met Ada and Bo at the market.', privacy: 'public' } });

    // Ada sees Sam's badge on the profile and on the post.
    const voucher = await signedInPage(newContext, ada.email, MEMBER_PASSWORD, DESKTOP);
    try {
      const page = voucher.page;
      await page.goto(`/profile/${sam.uid}`);
      await page.getByRole('heading', { level: 1, name: samName }).waitFor();
      await page.getByRole('main').getByText('Verified in person', { exact: true }).first().waitFor();
      await page
        .getByRole('article', { name: `Post by ${samName}` })
        .getByTestId('verified-badge')
        .waitFor();
      await expectAxeCleanAtBothWidths(page, "a verified member's profile");

      // Settings › Vouches: Ada's vouch for Sam counts; she withdraws it, after a confirmation.
      await page.goto('/settings?tab=vouches');
      const given = page.getByRole('list', { name: 'Vouches you gave' }).getByTestId('vouch-given').filter({ hasText: samName });
      await given.getByText('Counting').waitFor();
      expect(await page.getByTestId('vouches-left').textContent()).toBe('Vouches left this month: 9');
      await expectAxeCleanAtBothWidths(page, 'Settings › Vouches');
      await given.getByRole('button', { name: `Withdraw your vouch for ${samName}` }).click();
      const confirm = page.getByRole('dialog', { name: `Withdraw your vouch for ${samName}?` });
      await confirm.getByRole('button', { name: 'Withdraw' }).click();
      await given.getByText('Withdrawn').waitFor();
      expect(await given.getByRole('button', { name: /Withdraw/ }).count()).toBe(0);
    } finally {
      await voucher.context.close();
    }
    expect((await vouching.vouchesOf(sam)).status.level).toBe('pending');

    // Sam's own profile: the Get verified card, with the one vouch that still counts.
    const subject = await signedInPage(newContext, sam.email, MEMBER_PASSWORD, DESKTOP);
    try {
      const page = subject.page;
      await page.goto(`/profile/${sam.uid}`);
      const card = page.getByTestId('get-verified-card');
      await card.getByText('Not yet verified in person: 1 of 2 vouches so far.').waitFor();
      await card.getByRole('link', { name: 'Get verified' }).waitFor();
      await expectAxeCleanAtBothWidths(page, 'own profile with Get verified');
    } finally {
      await subject.context.close();
    }

    // The founder, an admin, verifies Sam from the list of members not yet verified, with a reason.
    const admin = await signedInPage(newContext, founder.email, founder.password, DESKTOP);
    try {
      const page = admin.page;
      await page.goto('/admin');
      const list = page.getByRole('list', { name: 'Members not yet verified in person' });
      const rows = list.getByTestId('unverified-row');
      let row = rows.filter({ hasText: samName });
      await rows.first().waitFor();
      // Oldest joined first: later pages load until Sam's row shows.
      while ((await row.count()) === 0) {
        const shown = await rows.count();
        await page.getByRole('button', { name: 'Load more members' }).click();
        await expect.poll(() => rows.count()).toBeGreaterThan(shown);
      }
      await row.getByText('1 of 2 vouches').waitFor();
      await expectAxeCleanAtBothWidths(page, 'the admin panel');
      await row.getByRole('button', { name: `Verify in person: ${samName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Verify ${samName} in person` });
      const confirm = dialog.getByRole('button', { name: 'Verify in person' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: /Reason/ }).fill('Met Sam at the founding picnic');
      await confirm.click();
      await page.getByText('Member verified in person.').waitFor();
      row = list.getByTestId('unverified-row').filter({ hasText: samName });
      await expect.poll(() => row.count()).toBe(0);
      await page.getByTestId('audit-entry').filter({ hasText: 'Met Sam at the founding picnic' }).getByText('Verified in person').waitFor();
    } finally {
      await admin.context.close();
    }
    expect((await vouching.vouchesOf(sam)).status).toMatchObject({ level: 'verified', via: 'admin' });
  });
});
