import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe.ts';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { ok } from '../support/callable-client.ts';
import { createMember, MEMBER_PASSWORD, type TestMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * axe-core on every built screen of the spec's route table, signed out and signed in, through real
 * Chromium: zero serious or critical findings (WCAG 2.0–2.2 A/AA and axe's best practices). Screens
 * are audited in the states that add markup of their own too: with content (posts, a liked post, an
 * open comment list), with each dialog open, with form errors shown, and at a phone's width with
 * the mobile menu open and the bottom bar.
 * axe runs in the page under the app's real CSP (test/support/axe.ts).
 */

const endpoints = inject('endpoints');
const founder = inject('founder');
const newContext = useBrowserContexts(endpoints.webUrl);

beforeAll(() => {
  useLocalCloudData(endpoints);
});

/** Runs axe on each screen in turn and reports every finding of every screen at once. */
async function auditScreens(page: Page, screens: [string, () => Promise<unknown>][]): Promise<void> {
  const report: Record<string, string[]> = {};
  for (const [name, open] of screens) {
    await open();
    const findings = await seriousAxeFindings(page);
    if (findings.length > 0) report[name] = findings;
  }
  expect(report).toEqual({});
}

async function withPage(run: (page: Page) => Promise<void>, viewport?: { width: number; height: number }): Promise<void> {
  const context: BrowserContext = await newContext(viewport);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await run(page);
  } finally {
    await context.close();
  }
}

function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { name }).first().waitFor();
}

/** A member of Austin with a completed profile. */
function austinMember(label: string, displayName: string, extra: Parameters<typeof createMember>[2] = {}): Promise<TestMember> {
  return createMember(endpoints, label, { displayName, location: { city: 'Austin', state: 'Texas' }, extra: { profileCompleted: true }, ...extra });
}

/** Two members anchored to each other through the anchor callables. */
async function anchor(a: TestMember, b: TestMember): Promise<void> {
  await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
  await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
}

/** A picture the browser can decode (drawn on a canvas in the page), for the crop dialog. */
async function pngPicture(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = (await page.evaluate(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = ${width};
    canvas.height = ${height};
    const context = canvas.getContext('2d');
    const gradient = context.createLinearGradient(0, 0, ${width}, ${height});
    gradient.addColorStop(0, '#0f766e');
    gradient.addColorStop(1, '#f59e0b');
    context.fillStyle = gradient;
    context.fillRect(0, 0, ${width}, ${height});
    return canvas.toDataURL('image/png');
  })()`)) as string;
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

describe('accessibility (axe-core)', () => {
  it('finds nothing serious on the signed-out screens', async () => {
    await withPage((page) =>
      auditScreens(page, [
        ['landing', async () => (await page.goto('/'), heading(page, /^Anchored/))],
        ['why', async () => (await page.goto('/why'), page.getByRole('main').getByRole('heading').first().waitFor())],
        ['terms', async () => (await page.goto('/terms'), heading(page, /Terms/))],
        ['sign-in', async () => (await page.goto('/auth/signin'), heading(page, 'Sign in'))],
        [
          'forgot-password modal',
          async () => {
            await page.getByRole('button', { name: 'Forgot your password?' }).click();
            await page.getByRole('dialog').waitFor();
          },
        ],
        [
          'sign-in with a wrong password',
          async () => {
            await page.goto('/auth/signin');
            await page.getByRole('textbox', { name: 'Email' }).fill(founder.email);
            await page.getByLabel(/^Password/).fill('not the password 1');
            await page.getByRole('button', { name: 'Sign in' }).click();
            await page.getByRole('alert').first().waitFor();
          },
        ],
        ['sign-up step 1', async () => (await page.goto('/auth/signup'), page.getByLabel(/^Invite code/).waitFor())],
        [
          'sign-up step 1 with a valid code',
          async () => {
            await page.getByLabel(/^Invite code/).fill(founder.inviteCode);
            await page.getByRole('button', { name: 'Continue' }).click();
            await page.getByTestId('inviter').waitFor();
          },
        ],
        [
          'sign-up step 2',
          async () => {
            await page.getByRole('button', { name: 'Create your account' }).click();
            await page.waitForURL('**/auth/register');
            await page.getByLabel(/^Display name/).waitFor();
          },
        ],
        ['verify email', async () => (await page.goto('/auth/verify-email?email=someone%40example.com'), page.getByLabel(/^Verification code/).waitFor())],
        ['reset password', async () => (await page.goto('/auth/reset-password?email=someone%40example.com'), heading(page, 'Choose a new password'))],
        [
          'reset password with its errors',
          async () => {
            await page.getByRole('button', { name: 'Reset password' }).click();
            await page.locator('[aria-invalid="true"]').first().waitFor();
          },
        ],
        // Every linked-only route (/privacy, /profile, /invites, /groups…, /post) is the one ComingSoon component.
        ['coming soon: /privacy', async () => (await page.goto('/privacy'), heading(page, 'Privacy Policy - Coming Soon'))],
        ['not found', async () => (await page.goto('/no-such-page'), page.getByText('There is no page at').waitFor())],
      ]),
    );
  });

  it('finds nothing serious on the welcome tutorial and profile setup of a new member', async () => {
    const member = await createMember(endpoints, 'axe-new');
    await withPage(async (page) => {
      await page.goto('/auth/signin');
      await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
      await page.getByLabel(/^Password/).fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/welcome');
      await auditScreens(page, [
        ['welcome', () => page.getByRole('button', { name: 'Skip tutorial' }).waitFor()],
        [
          'profile setup',
          async () => {
            await page.getByRole('button', { name: 'Skip tutorial' }).click();
            await page.waitForURL('**/profile/setup');
            await page.getByRole('button', { name: 'Complete Profile' }).waitFor();
          },
        ],
        [
          'crop dialog',
          async () => {
            const picture = await pngPicture(page, 320, 240);
            await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
            await page
              .getByRole('dialog', { name: 'Crop your picture' })
              .getByRole('group', { name: /^Crop area/ })
              .waitFor();
          },
        ],
      ]);
    });
  });

  it('finds nothing serious on the member screens, with posts, comments and dialogs', async () => {
    const member = await austinMember('axe-member', 'Axel Auditor', { extra: { profileCompleted: true, bio: 'I check contrast for fun.' } });
    const anchorMember = await austinMember('axe-anchor', 'Bea Anchor');
    await anchor(member, anchorMember);
    await withPage(async (page) => {
      await signInThroughUi(page, member.email, MEMBER_PASSWORD);
      const tab = (name: string | RegExp) => async () => {
        await page.getByRole('tab', { name }).click();
        await page.getByRole('tabpanel').first().waitFor();
      };
      const article = (author: string) => page.getByRole('article', { name: `Post by ${author}` });
      await auditScreens(page, [
        ['dashboard (empty feed)', () => page.getByTestId('feed-empty').waitFor()],
        [
          'dashboard with posts: one liked, comments open',
          async () => {
            const own = await ok(endpoints, 'createPost', { token: member.accessToken, data: { content: 'Contrast is a kindness.', privacy: 'public' } });
            await ok(endpoints, 'createPost', { token: anchorMember.accessToken, data: { content: 'Coffee on Congress Avenue at nine?', privacy: 'anchors' } });
            await ok(endpoints, 'addComment', { token: anchorMember.accessToken, data: { postId: own.postId, content: 'Count me in for the audit.' } });
            await page.reload();
            await article('Bea Anchor').getByRole('button', { name: /^Like/ }).click();
            await article('Bea Anchor')
              .getByRole('button', { name: /^Liked · 1$/ })
              .waitFor();
            await article('Axel Auditor')
              .getByRole('button', { name: /^Comments/ })
              .click();
            await article('Axel Auditor').getByRole('list', { name: 'Comments' }).getByText('Count me in for the audit.').waitFor();
          },
        ],
        ['own profile', async () => (await page.goto(`/profile/${member.uid}`), heading(page, 'Axel Auditor'))],
        [
          "another member's profile",
          async () => (await page.goto(`/profile/${founder.userId}`), page.getByRole('main').getByRole('heading').first().waitFor()),
        ],
        ['anchors', async () => (await page.goto('/anchors'), page.getByTestId('anchor-card').first().waitFor())],
        [
          'anchors: remove-anchor confirmation',
          async () => {
            await page.getByRole('button', { name: 'Remove Bea Anchor' }).click();
            await page.getByRole('dialog', { name: 'Remove anchor' }).waitFor();
          },
        ],
        [
          'anchors: pending',
          async () => {
            await page.getByRole('dialog', { name: 'Remove anchor' }).getByRole('button', { name: 'Cancel' }).click();
            await page.getByRole('dialog').waitFor({ state: 'detached' });
            await tab(/^Pending/)();
          },
        ],
        ['settings: profile', async () => (await page.goto('/settings'), page.getByRole('tab', { name: 'Profile' }).waitFor())],
        ['settings: privacy', tab('Privacy')],
        ['settings: notifications', tab('Notifications')],
        ['settings: account', tab('Account')],
        [
          'settings: delete-account dialog',
          async () => {
            await page.getByRole('button', { name: 'Delete Account' }).click();
            await page.getByRole('dialog', { name: 'Delete Account' }).getByRole('textbox').fill('DELETE MY');
          },
        ],
        ['notifications', async () => (await page.goto('/notifications'), heading(page, 'Notifications'))],
        ['admin (not an admin)', async () => (await page.goto('/admin'), page.getByRole('button', { name: 'Make Me Admin' }).waitFor())],
        ['coming soon: /groups/x', async () => (await page.goto('/groups/x'), heading(page, 'Group - Coming Soon'))],
        ['not found (signed in)', async () => (await page.goto('/no-such-page'), page.getByText('There is no page at').waitFor())],
        ['invites (nobody used the code yet)', async () => (await page.goto('/invites'), page.getByTestId('no-invitees').waitFor())],
        [
          'anchors while the lists load (skeletons)',
          async () => {
            // The lists never answer on this page: what shows is the skeletons, audited as such.
            await page.route(/\/api\/(listAnchors|listAnchorRequests)$/, () => new Promise<void>(() => {}));
            await page.goto('/anchors');
            await page.getByRole('status', { name: 'Loading your anchors' }).waitFor();
          },
        ],
      ]);
    });
  });

  it('finds nothing serious on the admin, metrics and developer screens', async () => {
    const removable = await austinMember('axe-removable', 'Rowan Removable');
    await austinMember('axe-invitee', 'Ivy Invitee', { inviteSystem: { invitedBy: removable.uid } });
    await withPage(async (page) => {
      await signInThroughUi(page, founder.email, founder.password);
      await auditScreens(page, [
        ['admin', async () => (await page.goto('/admin'), page.getByRole('main').getByRole('heading').first().waitFor())],
        [
          'admin: remove dialog with a reason and the invite tree',
          async () => {
            await page.getByRole('textbox', { name: 'Search by name or email' }).fill('Rowan Removable');
            await page.getByRole('search', { name: 'Find members by name or email' }).getByRole('button', { name: 'Search' }).click();
            await page.getByRole('button', { name: 'Remove Rowan Removable' }).click();
            const dialog = page.getByRole('dialog', { name: 'Remove Rowan Removable' });
            await dialog.getByRole('textbox', { name: /Reason for removal/ }).fill('Audit of the dialog, nobody is removed');
            await dialog.getByRole('button', { name: 'Show invite tree' }).click();
            await dialog.getByText('2 users will be removed').waitFor();
            await dialog.getByRole('checkbox').check();
          },
        ],
        ['metrics', async () => (await page.goto('/metrics'), page.getByRole('main').getByRole('heading').first().waitFor())],
        ['dev tools', async () => (await page.goto('/dev'), page.getByRole('main').getByRole('heading').first().waitFor())],
        [
          'settings: account with Security (an admin)',
          async () => {
            await page.goto('/settings');
            await page.getByRole('tab', { name: 'Account' }).click();
            await page.getByRole('heading', { name: 'Security' }).waitFor();
          },
        ],
      ]);
    });
  });

  it("finds nothing serious at a phone's width: the mobile menu open and the bottom bar", async () => {
    const member = await austinMember('axe-mobile', 'Mia Mobile');
    await ok(endpoints, 'createPost', { token: member.accessToken, data: { content: 'Posted from the bus.', privacy: 'anchors' } });
    await withPage(
      async (page) => {
        const openMenu = async () => {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('button', { name: 'Close menu' }).waitFor();
        };
        await auditScreens(page, [
          ['landing (phone)', async () => (await page.goto('/'), heading(page, /^Anchored/))],
          ['landing (phone), menu open', openMenu],
          ['why (phone)', async () => (await page.goto('/why'), page.getByRole('main').getByRole('heading').first().waitFor())],
          [
            'dashboard (phone) with a post and the bottom bar',
            async () => {
              await signInThroughUi(page, member.email, MEMBER_PASSWORD);
              await page.getByRole('navigation', { name: 'Quick links' }).waitFor();
              await page.getByRole('article', { name: 'Post by Mia Mobile' }).waitFor();
            },
          ],
          ['dashboard (phone), menu open', openMenu],
        ]);
      },
      { width: 390, height: 844 },
    );
  });
});
