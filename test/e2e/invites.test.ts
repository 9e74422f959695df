import { describe, expect, inject, it } from 'vitest';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { fillProfile, mailedCode } from '../support/e2e-joining.ts';
import { uniqueEmail } from '../support/local-cloud-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * The Invites page through real Chromium: a member opens /invites from the dashboard's side menu,
 * copies the share link, a newcomer follows it (the code is filled in), signs up and joins, and
 * the inviter sees them go from pending to joined.
 */

const endpoints = inject('endpoints');
const newContext = useBrowserContexts(endpoints.webUrl);

describe('invites', () => {
  it('a member shares their link; a newcomer follows it and joins; the inviter sees them pending, then joined', { timeout: 120_000 }, async () => {
    useLocalCloudData(endpoints);
    const inviter = await createMember(endpoints, 'inviter', {
      displayName: 'Ivy Inviter',
      location: { city: 'Austin', state: 'Texas' },
      extra: { profileCompleted: true, bio: 'I vouch for my friends.' },
    });
    const inviterContext = await newContext();
    const newcomerContext = await newContext();
    try {
      await inviterContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: endpoints.webUrl });
      const page = await inviterContext.newPage();
      page.setDefaultTimeout(15_000);
      await signInThroughUi(page, inviter.email, MEMBER_PASSWORD);
      await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Invites' }).click();
      await page.waitForURL('**/invites');
      expect(await page.getByTestId('invite-code').textContent()).toBe(inviter.inviteCode);
      await page.getByText('Nobody has used your code yet', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Copy share link' }).click();
      await page.getByRole('button', { name: 'Copy share link' }).filter({ hasText: 'Copied!' }).waitFor();
      const shareLink = String(await page.evaluate('navigator.clipboard.readText()'));
      expect(shareLink).toBe(`${endpoints.webUrl}/auth/signup?code=${inviter.inviteCode}`);

      // The newcomer follows the link: step 1 has the code already.
      const email = uniqueEmail('follower');
      const password = 'Follower-pass-1';
      const newcomer = await newcomerContext.newPage();
      newcomer.setDefaultTimeout(15_000);
      await newcomer.goto(shareLink);
      expect(await newcomer.getByLabel(/^Invite code/).inputValue()).toBe(inviter.inviteCode);
      await newcomer.getByRole('button', { name: 'Continue' }).click();
      await newcomer.getByTestId('inviter').filter({ hasText: 'Ivy Inviter' }).waitFor();
      await newcomer.getByRole('button', { name: 'Create your account' }).click();
      await newcomer.waitForURL('**/auth/register');
      await newcomer.getByLabel(/^Display name/).fill('Finn Follower');
      await newcomer.getByLabel(/^Email/).fill(email);
      await newcomer.getByLabel(/^Password/).fill(password);
      await newcomer.getByLabel(/^Confirm password/).fill(password);
      await newcomer.getByRole('button', { name: 'Create account' }).click();
      await newcomer.waitForURL('**/auth/verify-email?**');

      // Signed up: an invite is held for them, and the inviter sees them pending.
      await page.reload();
      const row = page.getByTestId('invitee').filter({ hasText: 'Finn Follower' });
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('pending');
      expect(await page.getByTestId('invites-pending').textContent()).toContain('1');

      await newcomer.getByLabel(/^Verification code/).fill(await mailedCode(endpoints, email));
      await newcomer.getByRole('button', { name: 'Verify email' }).click();
      await newcomer.waitForURL('**/welcome');
      await newcomer.getByRole('button', { name: 'Skip tutorial' }).click();
      await newcomer.waitForURL('**/profile/setup');
      await fillProfile(newcomer, { city: 'Austin', state: 'TX' });
      await newcomer.getByRole('button', { name: 'Complete Profile' }).click();
      await newcomer.waitForURL('**/dashboard', { timeout: 20_000 });

      // Joined: a local invite used, with a link to their profile.
      await page.reload();
      const joined = page.getByTestId('invitee').filter({ hasText: 'Finn Follower' });
      await joined.waitFor();
      expect(await joined.getAttribute('data-status')).toBe('joined');
      expect(await joined.textContent()).toContain('Local');
      expect(await page.getByTestId('invites-local').textContent()).toContain('1 / 5');
      expect(await page.getByTestId('invites-pending').textContent()).toContain('0');
    } finally {
      await inviterContext.close();
      await newcomerContext.close();
    }
  });
});
