import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/callable-client.ts';
import { signIn, uniqueToken } from '../support/local-cloud-client.ts';
import { signedInPage, useBrowserContexts } from '../support/browser.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * The admin panel through real Chromium: the founder (an admin) removes a member and their invitee
 * through the remove dialog; a member sees 'Access denied' and, locally, makes themself admin.
 */

const endpoints = inject('endpoints');
const founder = inject('founder');
const newContext = useBrowserContexts(endpoints.webUrl);

beforeAll(() => {
  useLocalCloudData(endpoints);
});

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search by name or email' }).fill(text);
  await page.getByRole('search', { name: 'Find members by name or email' }).getByRole('button', { name: 'Search' }).click();
}

describe('admin panel', () => {
  it('an admin removes a member and their invitee through the dialog', async () => {
    const token = uniqueToken();
    const inviter = await createMember(endpoints, 'removable', {
      displayName: `${token} Rowan`,
      location: { city: 'Austin', state: 'Texas' },
      extra: { profileCompleted: true },
    });
    const invitee = await createMember(endpoints, 'invitee', {
      displayName: `${token} Ivy`,
      location: { city: 'Austin', state: 'Texas' },
      inviteSystem: { invitedBy: inviter.uid },
      extra: { profileCompleted: true },
    });

    const { context, page } = await signedInPage(newContext, founder.email, founder.password);
    try {
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Current Superusers' }).waitFor();
      await search(page, token);
      await page
        .getByTestId('member-row')
        .filter({ hasText: `${token} Ivy` })
        .waitFor();
      expect(await page.getByTestId('member-row').count()).toBe(2);

      await page.getByRole('button', { name: `Remove ${token} Rowan` }).click();
      const dialog = page.getByRole('dialog', { name: `Remove ${token} Rowan` });
      const finalButton = dialog.getByRole('button', { name: 'Remove User and Invite Tree' });
      expect(await dialog.getByRole('checkbox').count()).toBe(0);
      expect(await finalButton.isDisabled()).toBe(true);

      await dialog.getByRole('textbox', { name: /Reason for removal/ }).fill('Fake accounts, reported by three members');
      await dialog.getByRole('button', { name: 'Show invite tree' }).click();
      await dialog.getByText('2 users will be removed').waitFor();
      const nodes = dialog.getByTestId('invite-tree-node');
      expect(await nodes.count()).toBe(2);
      expect(await nodes.nth(0).getAttribute('style')).toContain('padding-left: 0px');
      expect(await nodes.nth(1).getAttribute('style')).toContain('padding-left: 20px');
      expect(await nodes.nth(1).textContent()).toContain(`${token} Ivy`);

      await dialog.getByRole('checkbox').check();
      await finalButton.click();
      await page.getByText('Successfully removed 2 users from the platform').waitFor({ timeout: 30_000 });

      await search(page, token);
      await page.getByText(`No members found matching "${token}"`).waitFor();
      // The audit log on the panel names the removal and its reason.
      await page.getByTestId('audit-entry').filter({ hasText: 'Fake accounts, reported by three members' }).waitFor();
    } finally {
      await context.close();
    }
    // The server agrees: neither can sign in any more.
    await expect(signIn(endpoints, inviter.email, MEMBER_PASSWORD)).rejects.toThrow();
    await expect(signIn(endpoints, invitee.email, MEMBER_PASSWORD)).rejects.toThrow();
  });

  it('an admin grants superuser status through the form and revokes it through the prompt', async () => {
    const token = uniqueToken();
    const candidate = await createMember(endpoints, 'candidate', {
      displayName: `${token} Gale`,
      location: { city: 'Waco', state: 'Texas' },
      extra: { profileCompleted: true },
    });
    const { context, page } = await signedInPage(newContext, founder.email, founder.password);
    try {
      await page.goto('/admin');
      const superusers = page.getByRole('region', { name: 'Current Superusers' });
      await superusers.getByTestId('superuser-row').first().waitFor();
      const grant = page.getByRole('region', { name: 'Grant Superuser Status' });
      const grantButton = grant.getByRole('button', { name: 'Grant Superuser Status' });
      expect(await grantButton.isDisabled()).toBe(true);
      await grant.getByRole('combobox', { name: 'Member' }).fill(token);
      await page.getByRole('option', { name: `${token} Gale (${candidate.email})` }).click();
      expect(await grantButton.isDisabled()).toBe(true);
      await grant.getByRole('textbox', { name: 'Reason' }).fill('Starts the Waco chapter');
      await grantButton.click();
      await page.getByText('Superuser status granted successfully!').waitFor();
      await superusers
        .getByTestId('superuser-row')
        .filter({ hasText: `${token} Gale` })
        .waitFor();

      // An empty reason does nothing; a reason revokes.
      await page.getByRole('button', { name: `Revoke superuser status: ${token} Gale` }).click();
      await page.getByRole('dialog', { name: 'Revoke superuser status' }).getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(
        await superusers
          .getByTestId('superuser-row')
          .filter({ hasText: `${token} Gale` })
          .count(),
      ).toBe(1);
      await page.getByRole('button', { name: `Revoke superuser status: ${token} Gale` }).click();
      const prompt = page.getByRole('dialog', { name: 'Revoke superuser status' });
      await prompt.getByRole('textbox').fill('Moved away');
      await prompt.getByRole('button', { name: 'Revoke' }).click();
      await page.getByText('Superuser status revoked successfully!').waitFor();
      await superusers
        .getByTestId('superuser-row')
        .filter({ hasText: `${token} Gale` })
        .waitFor({ state: 'detached' });
      const log = page.getByTestId('audit-entry');
      await log.filter({ hasText: 'Moved away' }).filter({ hasText: 'Revoked superuser status' }).waitFor();
      await log.filter({ hasText: 'Starts the Waco chapter' }).filter({ hasText: 'Granted superuser status' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("a member sees 'Access denied. Admin privileges required.' and Make Me Admin works locally", async () => {
    const member = await createMember(endpoints, 'wannabe', {
      displayName: 'Wendy Wannabe',
      location: { city: 'Austin', state: 'Texas' },
      extra: { profileCompleted: true },
    });
    const { context, page } = await signedInPage(newContext, member.email, MEMBER_PASSWORD);
    try {
      await page.goto('/admin');
      await page.getByText('Access denied. Admin privileges required.').waitFor();
      expect(await page.getByRole('heading', { name: 'Current Superusers' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Make Me Admin' }).click();
      // The page reloads with a refreshed token that carries the admin group.
      await page.getByRole('heading', { name: 'Current Superusers' }).waitFor();
      expect(await page.getByText('Access denied. Admin privileges required.').count()).toBe(0);
    } finally {
      await context.close();
    }
    const answer = await call(endpoints, 'getAdminOverview', { token: (await signIn(endpoints, member.email, MEMBER_PASSWORD)).accessToken });
    expect(answer.status).toBe(200);
  });
});
