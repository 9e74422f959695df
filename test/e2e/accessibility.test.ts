import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { createMember, MEMBER_PASSWORD, type TestMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * axe-core on every built screen of the spec's route table, signed out and signed in, through real
 * Chromium: zero serious or critical findings (WCAG 2.0–2.2 A/AA and axe's best practices).
 * axe runs in the page under the app's real CSP: its source is evaluated through the DevTools
 * protocol rather than added as an inline <script>, which the policy would (rightly) refuse.
 */

const endpoints = inject('endpoints');
const founder = inject('founder');
const newContext = useBrowserContexts(endpoints.webUrl);
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

beforeAll(() => {
  useLocalCloudData(endpoints);
});

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe's serious and critical findings on the page as it is now, one readable line each. */
async function seriousFindings(page: Page): Promise<string[]> {
  // Mantine's transitions (modals, tabs) settle before contrast is measured.
  await page.waitForTimeout(300);
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} } }).then((r) => r.violations)`,
  )) as Finding[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} [${n.failureSummary?.replace(/\s+/g, ' ')}]`).join(', ')}`);
}

/** Runs axe on each screen in turn and reports every finding of every screen at once. */
async function auditScreens(page: Page, screens: [string, () => Promise<unknown>][]): Promise<void> {
  const report: Record<string, string[]> = {};
  for (const [name, open] of screens) {
    await open();
    const findings = await seriousFindings(page);
    if (findings.length > 0) report[name] = findings;
  }
  expect(report).toEqual({});
}

async function withPage(run: (page: Page) => Promise<void>): Promise<void> {
  const context: BrowserContext = await newContext();
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
        [
          'verify email',
          async () => (await page.goto('/auth/verify-email?email=someone%40example.com'), page.getByLabel(/^Verification code/).waitFor()),
        ],
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
      ]);
    });
  });

  it('finds nothing serious on the member screens', async () => {
    const member: TestMember = await createMember(endpoints, 'axe-member', {
      displayName: 'Axel Auditor',
      location: { city: 'Austin', state: 'Texas' },
      extra: { profileCompleted: true, bio: 'I check contrast for fun.' },
    });
    await withPage(async (page) => {
      await signInThroughUi(page, member.email, MEMBER_PASSWORD);
      const tab = (name: string | RegExp) => async () => {
        await page.getByRole('tab', { name }).click();
        await page.getByRole('tabpanel').first().waitFor();
      };
      await auditScreens(page, [
        ['dashboard', () => page.getByTestId('signed-in-as').waitFor()],
        ['own profile', async () => (await page.goto(`/profile/${member.uid}`), heading(page, 'Axel Auditor'))],
        ["another member's profile", async () => (await page.goto(`/profile/${founder.userId}`), page.getByRole('main').getByRole('heading').first().waitFor())],
        ['anchors', async () => (await page.goto('/anchors'), heading(page, 'Manage Your Anchors'))],
        ['anchors: pending', tab(/^Pending/)],
        ['settings: profile', async () => (await page.goto('/settings'), page.getByRole('tab', { name: 'Profile' }).waitFor())],
        ['settings: privacy', tab('Privacy')],
        ['settings: account', tab('Account')],
        ['not found (signed in)', async () => (await page.goto('/no-such-page'), page.getByText('There is no page at').waitFor())],
      ]);
    });
  });

  it('finds nothing serious on the admin, metrics and developer screens', async () => {
    await withPage(async (page) => {
      await signInThroughUi(page, founder.email, founder.password);
      await auditScreens(page, [
        ['admin', async () => (await page.goto('/admin'), page.getByRole('main').getByRole('heading').first().waitFor())],
        ['metrics', async () => (await page.goto('/metrics'), page.getByRole('main').getByRole('heading').first().waitFor())],
        ['dev tools', async () => (await page.goto('/dev'), page.getByRole('main').getByRole('heading').first().waitFor())],
      ]);
    });
  });
});
