import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../lambdas/contracts/admin.ts';
import { call, expectRefusal } from '../support/callable-client.ts';
import { signIn, uniqueToken } from '../support/local-cloud-client.ts';
import { signedInPage, useBrowserContexts } from '../support/browser.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * Admin roles through real Chromium: the founder grants admin to a member in the panel; after a
 * reload the member has the Admin link (header, and the phone menu at 390 px) and the panel; the
 * founder revokes them; after a reload the link is gone, and the admin callables refuse the token
 * the member still holds.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
const newContext = useBrowserContexts(endpoints.webUrl);
/** Where the screenshots go, for a look at the panel (set E2E_SHOTS to a folder to keep them). */
const SHOTS = process.env.E2E_SHOTS;

beforeAll(() => {
  useLocalCloudData(endpoints);
});

const adminLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin', exact: true });

describe('admin roles', () => {
  it('an admin grants admin in the panel; the member gets the Admin link, is revoked, loses it, and admin callables refuse', async () => {
    const token = uniqueToken();
    const candidate = await createMember(endpoints, 'admin-candidate', {
      displayName: `${token} Harper`,
      location: { city: 'Waco', state: 'Texas' },
      extra: { profileCompleted: true },
    });
    const admin = await signedInPage(newContext, founder.email, founder.password);
    const member = await signedInPage(newContext, candidate.email, MEMBER_PASSWORD);
    try {
      await member.page.goto('/dashboard');
      await member.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).waitFor();
      expect(await adminLink(member.page).count()).toBe(0);

      const { page } = admin;
      await page.goto('/admin');
      const admins = page.getByRole('region', { name: 'Current Admins' });
      await admins.getByTestId('admin-row').first().waitFor();
      const grant = page.getByRole('region', { name: 'Grant Admin' });
      const grantButton = grant.getByRole('button', { name: 'Grant Admin' });
      await grant.getByRole('combobox', { name: 'Member' }).fill(token);
      await page.getByRole('option', { name: `${token} Harper (${candidate.email})` }).click();
      await grant.getByRole('textbox', { name: 'Reason' }).fill('Runs the Waco chapter');
      await grantButton.click();
      await page.getByText(ADMIN_MESSAGES.adminGranted).waitFor();
      await admins
        .getByTestId('admin-row')
        .filter({ hasText: `${token} Harper` })
        .waitFor();
      // The form is empty again.
      expect(await grant.getByRole('textbox', { name: 'Reason' }).inputValue()).toBe('');
      expect(await grant.getByRole('combobox', { name: 'Member' }).inputValue()).toBe('');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-panel-desktop.png`, fullPage: true });

      // The member, after a reload: the Admin link, and the panel opens.
      await member.page.reload();
      await adminLink(member.page).waitFor();
      await adminLink(member.page).click();
      await member.page
        .getByRole('region', { name: 'Current Admins' })
        .getByTestId('admin-row')
        .filter({ hasText: `${token} Harper` })
        .waitFor();
      const heldToken = (await signIn(endpoints, candidate.email, MEMBER_PASSWORD)).accessToken;

      // On a phone: the Admin link is in the menu.
      const phone = await signedInPage(newContext, candidate.email, MEMBER_PASSWORD, { width: 390, height: 844 });
      try {
        await phone.page.goto('/dashboard');
        await phone.page.getByRole('button', { name: 'Open menu' }).click();
        await phone.page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Admin', exact: true }).click();
        await phone.page.getByRole('region', { name: 'Current Admins' }).getByTestId('admin-row').first().waitFor();
        if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/admin-panel-390.png`, fullPage: true });
      } finally {
        await phone.context.close();
      }

      // The founder revokes them, with a reason.
      await page.getByRole('button', { name: `Revoke admin: ${token} Harper` }).click();
      const prompt = page.getByRole('dialog', { name: 'Revoke admin' });
      await prompt.getByRole('textbox').fill('Stepped down');
      await prompt.getByRole('button', { name: 'Revoke' }).click();
      await page.getByText(ADMIN_MESSAGES.adminRevoked).waitFor();
      await admins
        .getByTestId('admin-row')
        .filter({ hasText: `${token} Harper` })
        .waitFor({ state: 'detached' });
      const log = page.getByTestId('audit-entry');
      await log.filter({ hasText: 'Stepped down' }).filter({ hasText: 'Revoked the admin role' }).waitFor();
      await log.filter({ hasText: 'Runs the Waco chapter' }).filter({ hasText: 'Granted the admin role' }).waitFor();

      // The member: at once, the token they hold no longer opens admin callables; after a reload, no link.
      expectRefusal(await call(endpoints, 'getAdminOverview', { token: heldToken }), 403, 'PERMISSION_DENIED', ADMIN_MESSAGES.accessDenied);
      await member.page.goto('/dashboard');
      await member.page.reload();
      await member.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).waitFor();
      expect(await adminLink(member.page).count()).toBe(0);
      await member.page.goto('/admin');
      await member.page.getByText(ADMIN_MESSAGES.accessDenied).waitFor();
    } finally {
      await admin.context.close();
      await member.context.close();
    }
  });
});
