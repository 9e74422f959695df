import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../lambdas/contracts/account.ts';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';
// cognito-local's own TOTP, which its VerifySoftwareToken checks against: stands in for the phone's app.
import { generate as totpCode } from 'cognito-local/lib/services/totp.js';

/**
 * Account controls through real Chromium: a member changes their password in Settings › Account and
 * signs in with the new one in another browser; then signs out everywhere, and the other browser's
 * next call ends on the sign-in page. A password change signs the member's other browsers out too
 * and keeps the changing tab signed in. Set ACCOUNT_SCREENSHOTS to a folder to keep screenshots
 * (1366 px and 390 px).
 */
const endpoints = inject('endpoints');
const newContext = useBrowserContexts(endpoints.webUrl);
const SCREENSHOTS = process.env.ACCOUNT_SCREENSHOTS;
const contexts: BrowserContext[] = [];
useLocalCloudData(endpoints);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

/** `liveSocket: 'silent'`: the page's live socket opens but never reaches the gateway (a device whose push is down). */
async function signedIn(email: string, password: string, width: number, liveSocket: 'real' | 'silent' = 'real'): Promise<Page> {
  const context = await newContext({ width, height: 900 });
  contexts.push(context);
  if (liveSocket === 'silent') await context.routeWebSocket(/\/live/, () => undefined);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInThroughUi(page, email, password);
  return page;
}

async function openAccountTab(page: Page, name: string): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Sign Out Everywhere' }).waitFor();
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

describe('account controls', () => {
  it(
    'a new password signs in elsewhere; sign out everywhere ends an open page at once and a page without push at its next call',
    { timeout: 120_000 },
    async () => {
      const member = await createMember(endpoints, 'e2e-account', {
        displayName: 'Avery Account',
        location: { city: 'Austin', state: 'Texas' },
        extra: { profileCompleted: true },
      });
      const newPassword = 'a brand new horse 77';

      const desk = await signedIn(member.email, MEMBER_PASSWORD, 1366);
      await openAccountTab(desk, 'account-1366');
      await desk.getByLabel('Current password').fill(MEMBER_PASSWORD);
      await desk.getByLabel(/^New password/).fill(newPassword);
      await desk.getByLabel('Confirm new password').fill(newPassword);
      await desk.getByRole('button', { name: 'Change Password' }).click();
      await desk.getByText(ACCOUNT_MESSAGES.passwordChanged).waitFor();

      // Other browsers: the new password signs them in. The phone's live socket is silent, the tablet's real.
      const phone = await signedIn(member.email, newPassword, 390, 'silent');
      await openAccountTab(phone, 'account-390');
      const tablet = await signedIn(member.email, newPassword, 1024);

      await desk.getByRole('button', { name: 'Sign Out Everywhere' }).click();
      await desk.waitForURL('**/auth/signin');
      // This tab's own notice, or the pushed session.ended's if that frame came first.
      await desk.getByText(/signed out/i).waitFor();

      // The tablet lands on sign-in without a click: its open socket is told at once (the stream's
      // session.ended), or, if it was still connecting when the sign-out landed, its refused handshake
      // makes it ask getMe, which refuses its token too (web/src/lib/live/live-client.ts).
      await tablet.waitForURL('**/auth/signin');
      // The phone hears nothing; its next call (the Privacy tab reads its lists) is refused, and the tab signs out.
      await phone.getByRole('tab', { name: 'Privacy' }).click();
      await phone.waitForURL('**/auth/signin');
    },
  );

  it('changing the password signs every other session out and keeps this tab signed in with the new one', { timeout: 120_000 }, async () => {
    const member = await createMember(endpoints, 'e2e-password-ends', {
      displayName: 'Pat Password',
      location: { city: 'Austin', state: 'Texas' },
      extra: { profileCompleted: true },
    });
    const newPassword = 'a fresh horse 91';
    // A browser signed in before the change (its live socket real), and one that is not told (silent).
    const laptop = await signedIn(member.email, MEMBER_PASSWORD, 1024);
    const phone = await signedIn(member.email, MEMBER_PASSWORD, 390, 'silent');
    await openAccountTab(phone, 'password-phone-390');
    const desk = await signedIn(member.email, MEMBER_PASSWORD, 1366);
    await openAccountTab(desk, 'password-1366');
    await desk.getByLabel('Current password').fill(MEMBER_PASSWORD);
    await desk.getByLabel(/^New password/).fill(newPassword);
    await desk.getByLabel('Confirm new password').fill(newPassword);
    await desk.getByRole('button', { name: 'Change Password' }).click();
    await desk.getByText(ACCOUNT_MESSAGES.passwordChanged).waitFor();

    // The laptop's open page is told at once and lands on sign-in; the phone at its next call.
    await laptop.waitForURL('**/auth/signin');
    await phone.getByRole('tab', { name: 'Privacy' }).click();
    await phone.waitForURL('**/auth/signin');
    // This tab signed itself in again with the new password: after a reload (nothing cached) its
    // record is read with the new session's token, and the Account tab opens.
    await desk.reload();
    await openAccountTab(desk, 'password-after-1366');
    expect(new URL(desk.url()).pathname).toBe('/settings');
  });

  it(
    'an admin is asked to turn on two-step sign-in in Security, turns it on with an authenticator app, and signs in with its code',
    { timeout: 40_000 },
    async () => {
      const admin = await createMember(endpoints, 'e2e-admin-totp', {
        displayName: 'Ada Admin',
        location: { city: 'Austin', state: 'Texas' },
        extra: { profileCompleted: true, isAdmin: true },
      });
      const page = await signedIn(admin.email, MEMBER_PASSWORD, 1366);
      await openAccountTab(page, 'security-1366');
      await page.getByText('Admins: turn on two-step sign-in').waitFor();
      await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
      const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/security-setup-1366.png`, fullPage: true });
      await page.getByLabel('Code from the app').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Turn On' }).click();
      await page.getByText('Two-step sign-in is on').waitFor();

      // The next sign-in asks for the app's code (cognito-local challenges an account with TOTP, as Cognito does).
      await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
      await page.waitForURL((url) => !url.pathname.startsWith('/settings'));
      await page.goto('/auth/signin');
      await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
      await page.getByLabel(/^Password/).fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Authentication code').fill(totpCode(secret));
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/totp-sign-in-1366.png` });
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/dashboard');
    },
  );
});
