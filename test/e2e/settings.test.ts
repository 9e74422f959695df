import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInPage, useBrowserContexts } from '../support/browser.ts';
import { pngFile } from '../support/e2e-joining.ts';
import { cognito, signIn } from '../support/local-cloud-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

/**
 * Settings through real Chromium: a member edits their profile and privacy and uploads a photo (a
 * fake image is refused and the member is told); a member deletes their account through the
 * dialog and cannot sign in again.
 */

const endpoints = inject('endpoints');
const newContext = useBrowserContexts(endpoints.webUrl);

beforeAll(() => {
  useLocalCloudData(endpoints);
});

/** The type and size a stored picture really has, read from its header (WebP: VP8, VP8L or VP8X). */
function imageSize(bytes: Buffer): { type: string; width: number; height: number } | null {
  if (bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') {
    const chunk = bytes.toString('ascii', 12, 16);
    if (chunk === 'VP8 ') return { type: 'image/webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = bytes.readUInt32LE(21);
      return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') return { type: 'image/webp', width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  if (bytes.readUInt32BE(0) === 0x89504e47) return { type: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  return null;
}

async function getUser(uid: string) {
  const { getUser: read } = await import('#data/members');
  return read(uid);
}

function settingsMember(label: string): Promise<TestMember> {
  return createMember(endpoints, label, {
    displayName: `${label} person`,
    location: { city: 'Austin', state: 'Texas' },
    extra: { profileCompleted: true, bio: 'Before', birthday: '1990-01-02' },
  });
}

async function settingsPage(member: TestMember): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await signedInPage(newContext, member.email, MEMBER_PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  return { context, page };
}

describe('settings', () => {
  it('a member edits their profile and privacy and uploads a photo', async () => {
    const member = await settingsMember('settings-e2e');
    const { context, page } = await settingsPage(member);
    try {
      await page.getByRole('textbox', { name: 'Display name' }).fill('Edited Edna');
      await page.getByRole('textbox', { name: 'Bio' }).fill('Now with a garden.');
      await page.getByRole('textbox', { name: 'Graduation year' }).fill('2011');
      await page.getByRole('textbox', { name: 'Major' }).fill('Botany');
      await page.getByRole('combobox', { name: 'City' }).fill('san antonio');
      await page.getByRole('textbox', { name: 'Phone Number' }).fill('5552223333');
      await page.getByRole('textbox', { name: 'Personal Email' }).fill('edna@example.com');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await page.getByText('Profile updated successfully!').waitFor();
      expect(await getUser(member.uid)).toMatchObject({
        displayName: 'Edited Edna',
        bio: 'Now with a garden.',
        graduationYear: 2011,
        major: 'Botany',
        location: { city: 'San Antonio', state: 'Texas' },
        contactInfo: { phoneNumber: '555-222-3333', personalEmail: 'edna@example.com' },
      });
      // The navigation's name follows the saved record.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your profile: Edited Edna' }).waitFor();

      // A photo: shrunk in the browser to 1600 px on its longest edge before it is uploaded; the
      // gallery counts it and shows it; a fake image is refused and the member is told.
      await page.getByLabel('Photo file').setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: pngFile(2400, 1200) });
      await page.getByTestId('photo-count').filter({ hasText: '1/10' }).waitFor();
      expect(await page.getByTestId('gallery-photo').count()).toBe(1);
      const stored = await fetch(`${new URL(endpoints.apiUrl).origin}/${(await getUser(member.uid))?.photos[0]?.url ?? ''}`);
      expect(stored.status).toBe(200);
      expect(imageSize(Buffer.from(await stored.arrayBuffer()))).toEqual({ type: 'image/webp', width: 1600, height: 800 });
      // The profile picture chosen here is shrunk to 512 px.
      await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngFile(1024, 768) });
      await page.getByRole('status').filter({ hasText: 'Picture updated.' }).waitFor();
      const picture = await fetch(`${new URL(endpoints.apiUrl).origin}/${(await getUser(member.uid))?.profilePicture ?? ''}`);
      expect(imageSize(Buffer.from(await picture.arrayBuffer()))).toEqual({ type: 'image/webp', width: 512, height: 384 });
      await page.getByLabel('Photo file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
      await page.getByRole('alert').filter({ hasText: 'Your photo was not added' }).waitFor();
      expect(await page.getByTestId('photo-count').textContent()).toBe('1/10');
      expect((await getUser(member.uid))?.photos).toHaveLength(1);

      // Privacy: phone to nobody else, photos to everyone.
      await page.getByRole('tab', { name: 'Privacy' }).click();
      await page.getByLabel('Phone number visibility', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Only Me' }).click();
      await page.getByLabel('Photos visibility', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Everyone' }).click();
      await page.getByRole('button', { name: 'Save Privacy Settings' }).click();
      await page.getByText('Privacy settings updated successfully!').waitFor();
      expect((await getUser(member.uid))?.privacy).toMatchObject({ phoneVisibility: 'private', photosVisibility: 'public' });

      // The profile view shows the gallery (as getUserProfile lets this viewer see it).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your profile: Edited Edna' }).click();
      await page.getByRole('region', { name: 'Photos' }).getByRole('img', { name: 'Photo 1' }).waitFor();
      await page.getByRole('link', { name: 'Edit Profile' }).click();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();

      // And the photo can be deleted again.
      await page.getByRole('button', { name: 'Delete photo 1' }).click();
      await page.getByRole('dialog', { name: 'Delete photo' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByTestId('photo-count').filter({ hasText: '0/10' }).waitFor();
      expect((await getUser(member.uid))?.photos).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a member deletes their account', async () => {
    const member = await settingsMember('delete-e2e');
    const { context, page } = await settingsPage(member);
    try {
      await page.getByRole('tab', { name: 'Account' }).click();
      expect(await page.getByTestId('account-id').textContent()).toBe(member.uid);
      await page.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Account' });
      const confirm = dialog.getByRole('button', { name: 'Delete My Account' });
      const phrase = dialog.getByRole('textbox', { name: 'Type DELETE MY ACCOUNT to confirm' });
      expect(await confirm.isDisabled()).toBe(true);
      await phrase.fill('delete my account');
      expect(await confirm.isDisabled()).toBe(true);
      await phrase.fill('DELETE MY ACCOUN');
      expect(await confirm.isDisabled()).toBe(true);
      await phrase.fill('DELETE MY ACCOUNT');
      expect(await confirm.isDisabled()).toBe(false);
      await confirm.click();

      await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
      expect(await nav.getByRole('link', { name: 'Settings', exact: true }).count()).toBe(0);
      expect(await getUser(member.uid)).toBeNull();

      // Signing in again fails: the account is gone.
      await expect(signIn(endpoints, member.email, MEMBER_PASSWORD)).rejects.toThrow();
      await expect(
        cognito(endpoints).send(new AdminGetUserCommand({ UserPoolId: endpoints.cognito.userPoolId, Username: member.email })),
      ).rejects.toMatchObject({ name: 'UserNotFoundException' });
      await page.goto('/auth/signin');
      await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
      await page.getByLabel(/^Password/).fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The account is unknown now: the spec's message, as Cognito answers with the pool client's
      // PreventUserExistenceErrors LEGACY (it read 'Incorrect password.').
      const refusal = page.getByRole('alert').filter({ hasText: 'No account found with this email.' });
      await refusal.waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/signin');
    } finally {
      await context.close();
    }
  });
});
