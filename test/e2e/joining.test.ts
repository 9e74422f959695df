import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserContexts } from '../support/browser.ts';
import { fillProfile, finishPasswordReset, mailedCode, pngFile } from '../support/e2e-joining.ts';
import { ok } from '../support/callable-client.ts';
import { confirmSignUp, signIn, signUp, uniqueEmail } from '../support/local-cloud-client.ts';

/**
 * Joining through real Chromium against the ephemeral local cloud (test/support/e2e-setup.ts): a
 * newcomer takes the founder's invite code from the landing page to the dashboard, and the
 * founder's invites drop by one; plus the spec's messages for an unverified sign-in and a picture
 * that is too large.
 */

const endpoints = inject('endpoints');
const founder = inject('founder');

const newContext = useBrowserContexts(endpoints.webUrl);

async function openPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

async function founderInvitesRemaining(): Promise<number> {
  const { accessToken } = await signIn(endpoints, founder.email, founder.password);
  return (await ok(endpoints, 'getMe', { token: accessToken })).inviteSystem.invitesRemaining;
}

/** The newcomer of the first test, who then invites someone from too far away. */
let newcomer: { email: string; password: string } | undefined;

describe('joining', () => {
  it("takes a newcomer from the landing page to the dashboard with the founder's invite code", { timeout: 120_000 }, async () => {
    const before = await founderInvitesRemaining();
    const email = uniqueEmail('newcomer');
    const password = 'Newcomer-pass-1';
    const { context, page } = await openPage();
    try {
      await page.goto('/');
      await page.getByRole('main').getByRole('link', { name: 'Join' }).first().click();
      await page.waitForURL('**/auth/signup');

      // Step 1: upper-cased as typed; Continue only with 8 characters.
      const codeInput = page.getByLabel(/^Invite code/);
      await codeInput.fill(founder.inviteCode.slice(0, 7).toLowerCase());
      expect(await codeInput.inputValue()).toBe(founder.inviteCode.slice(0, 7));
      expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
      await page.getByText('Invite codes are 8 characters long').waitFor();
      await codeInput.fill(founder.inviteCode.toLowerCase());
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('inviter').waitFor();
      expect(await page.getByTestId('inviter').textContent()).toMatch(/invited you to Anchored/);
      // The founder is a superuser: no quota, no distance rule.
      expect(await page.getByTestId('code-admits').textContent()).toBe('This code has no limit: it admits people in any city.');
      await page.getByRole('button', { name: 'Create your account' }).click();

      // Step 2.
      await page.waitForURL('**/auth/register');
      await page.getByLabel(/^Display name/).fill('Nia Newcomer');
      await page.getByLabel(/^Email/).fill(email);
      await page.getByLabel(/^Password/).fill(password);
      await page.getByLabel(/^Confirm password/).fill(password);
      await page.getByRole('button', { name: 'Create account' }).click();

      // Step 3: the code from the local mailbox; then signed in, on to the welcome tutorial.
      await page.waitForURL('**/auth/verify-email?**');
      await page.getByLabel(/^Verification code/).fill(await mailedCode(endpoints, email));
      await page.getByRole('button', { name: 'Verify email' }).click();
      await page.waitForURL('**/welcome');
      for (const title of ['Your Anchors', 'Share Your Invites', 'Your Privacy Matters']) {
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('heading', { name: title }).waitFor();
      }
      await page.getByRole('button', { name: 'Get Started' }).click();
      await page.waitForURL('**/profile/setup');
      expect(await page.evaluate('localStorage.getItem("hasSeenWelcome")')).toBe('true');

      // Step 4: a picture too large first (the spec's message), then a real one, cropped.
      const fileInput = page.locator('input[type="file"]');
      await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
      await page.getByRole('alert').filter({ hasText: 'Image must be less than 5MB' }).waitFor();
      await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngFile(320, 240) });
      await page.getByRole('dialog', { name: 'Crop your picture' }).waitFor();
      await page.getByRole('button', { name: 'Use this picture' }).click();

      await page.getByLabel(/^Bio/).fill('New in town, glad to be here.');
      await page.getByLabel(/^Birthday\s*\*?$/).fill('1990-05-17');
      // A picked suggestion fills city and state apart, never "Springfield, Illinois" as the city.
      await page.getByRole('combobox', { name: 'City' }).fill('springfield');
      await page.getByRole('option', { name: 'Springfield, Illinois' }).click();
      expect(await page.getByRole('combobox', { name: 'City' }).inputValue()).toBe('Springfield');
      expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('Illinois');
      await page.getByRole('combobox', { name: 'City' }).blur();
      expect(await page.getByRole('combobox', { name: 'City' }).inputValue()).toBe('Springfield');
      await page.getByLabel(/^Phone Number/).fill('5551234567');
      expect(await page.getByLabel(/^Phone Number/).inputValue()).toBe('555-123-4567');
      await page.getByLabel(/^Personal Email/).fill('nia.personal@example.com');
      await page.getByRole('button', { name: 'Complete Profile' }).click();

      await page.waitForURL('**/dashboard', { timeout: 20_000 });
      await page.getByTestId('dashboard').waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your profile: Nia Newcomer' }).waitFor();
      expect(await page.evaluate('sessionStorage.getItem("inviteCode")')).toBeNull();

      // Her first post shows her picture on the dashboard: served from the page's own origin
      // (/pictures/…, proxied to the gateway), unsigned, and really decoded by the browser.
      await page.getByRole('textbox', { name: "What's on your mind?" }).fill('Hello, neighbours!');
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      const avatar = page.getByRole('article', { name: 'Post by Nia Newcomer' }).getByRole('img', { name: 'Nia Newcomer' });
      await avatar.waitFor();
      const decoded = (img: unknown) => (img as { complete: boolean; naturalWidth: number }).complete && (img as { naturalWidth: number }).naturalWidth > 0;
      await expect.poll(() => avatar.evaluate(decoded)).toBe(true);
      const src = new URL((await avatar.getAttribute('src')) ?? '');
      expect(src.origin).toBe(new URL(endpoints.webUrl).origin);
      expect(src.pathname).toMatch(/^\/pictures\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{22}\.(jpg|png|webp)$/);
      expect(src.search).toBe('');
      newcomer = { email, password };
      const { accessToken } = await signIn(endpoints, email, password);
      expect((await ok(endpoints, 'getMe', { token: accessToken })).location).toMatchObject({ city: 'Springfield', state: 'Illinois' });
    } finally {
      await context.close();
    }
    expect(await founderInvitesRemaining()).toBe(before - 1);
  });

  it('tells an unverified member to verify first, and offers the way to do it', async () => {
    const email = uniqueEmail('unverified');
    const password = 'Unverified-pass-1';
    await signUp(endpoints, email, password, founder.inviteCode);
    const { context, page } = await openPage();
    try {
      await page.goto('/auth/signin');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Please verify your email before signing in.' });
      await alert.waitFor();
      await alert.getByRole('link', { name: 'Verify your email now' }).click();
      await page.waitForURL('**/auth/verify-email?**');
      expect(await page.getByLabel(/^Email/).inputValue()).toBe(email);
    } finally {
      await context.close();
    }
  });

  it('resets a forgotten password: the modal sends the code, closes itself, and the reset screen finishes', async () => {
    const email = uniqueEmail('forgetful');
    await signUp(endpoints, email, 'Old-password-1', founder.inviteCode);
    await confirmSignUp(endpoints, email, await mailedCode(endpoints, email));
    const { context, page } = await openPage();
    try {
      // The 5-second auto-close is observed on a controlled clock rather than waited for.
      await page.clock.install();
      await page.goto('/auth/signin');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset your password' });
      await dialog.getByRole('button', { name: 'Send reset email' }).click();
      await dialog.getByText(`We sent a password reset code to ${email}.`).waitFor();
      // It closes itself after 5 s (not before) and leads on to the reset screen.
      await page.clock.runFor(4_500);
      expect(await dialog.isVisible()).toBe(true);
      await page.clock.runFor(1_000);
      await page.waitForURL('**/auth/reset-password?**');
      await finishPasswordReset(page, await mailedCode(endpoints, email, 2), 'New-password-2');
    } finally {
      await context.close();
    }
  });

  it(
    'says at step 1 what a code admits, and stops the first profile save the location rule refuses with the reason and a next step (spec §8)',
    { timeout: 120_000 },
    async () => {
      if (!newcomer) throw new Error('needs the newcomer of the first test');
      const { accessToken } = await signIn(endpoints, newcomer.email, newcomer.password);
      const { inviteCode } = (await ok(endpoints, 'getMe', { token: accessToken })).inviteSystem;
      const email = uniqueEmail('faraway');
      const password = 'Faraway-pass-1';
      await signUp(endpoints, email, password, inviteCode);
      await confirmSignUp(endpoints, email, await mailedCode(endpoints, email));
      const { context, page } = await openPage();
      try {
        // Step 1 with her code says what it admits before anyone makes an account.
        await page.goto(`/auth/signup?code=${inviteCode}`);
        await page.getByRole('button', { name: 'Continue' }).click();
        const admits = page.getByTestId('code-admits');
        await admits.waitFor();
        expect(await admits.textContent()).toContain('Local: people in Springfield, Illinois (5 left)');
        expect(await admits.textContent()).toContain('Distant: people in another city within 50 miles of Springfield, Illinois (5 left)');

        await page.goto('/auth/signin');
        await page.getByRole('textbox', { name: 'Email' }).fill(email);
        await page.getByLabel(/^Password/).fill(password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL('**/welcome');
        await page.getByRole('button', { name: 'Skip tutorial' }).click();
        await page.waitForURL('**/profile/setup');
        // As if step 1 had run in this browser (this account was created through the API).
        await page.evaluate(`sessionStorage.setItem('inviteCode', ${JSON.stringify(inviteCode)})`);
        // Springfield, Illinois invites Honolulu, Hawaii: far more than 50 miles.
        await fillProfile(page, { city: 'Honolulu', state: 'HI' });
        await page.getByRole('button', { name: 'Complete Profile' }).click();
        // The spec's sentence, then the server's reason and what to do next.
        const alert = page.getByRole('alert').filter({ hasText: 'Location validation failed: Your location does not match the invite code requirements' });
        await alert.waitFor();
        expect(await alert.textContent()).toContain("your city is more than 50 miles from your inviter's city");
        expect(await alert.getByTestId('invite-next-step').textContent()).toContain('ask a member who lives within 50 miles of you for their invite code');
        expect(new URL(page.url()).pathname).toBe('/profile/setup');
      } finally {
        await context.close();
      }
    },
  );
});
