import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '../support/callable-client.ts';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { createMember, MEMBER_PASSWORD, type TestMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * Community moderation through real Chromium: a member reports a comment and its author; the
 * founder (an admin) removes the comment from the Reports tab and suspends the author; the reporter
 * sees both outcomes; the suspended member sees why and until when, and cannot post; the member who
 * invited them is told on their Invites page; a blocked member disappears from the blocker's feed
 * and search. Set MODERATION_SCREENSHOTS to a folder to keep screenshots.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
const newContext = useBrowserContexts(endpoints.webUrl);
const SCREENSHOTS = process.env.MODERATION_SCREENSHOTS;
const contexts: BrowserContext[] = [];

beforeAll(() => {
  useLocalCloudData(endpoints);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

async function signedIn(email: string, password = MEMBER_PASSWORD): Promise<Page> {
  const context = await newContext({ width: 1280, height: 900 });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInThroughUi(page, email, password);
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

const postBy = (page: Page, author: string) => page.getByRole('article', { name: `Post by ${author}` });

async function report(page: Page, opener: () => Promise<void>, reason: string): Promise<void> {
  await opener();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Thanks — an admin will look at it.').first().waitFor();
}

async function resolve(
  page: Page,
  report: ReturnType<Page['getByRole']>,
  action: string,
  reason: string,
  fill?: (form: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  const form = report.getByRole('form', { name: 'Resolve this report' });
  await form.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: action, exact: true }).click();
  await fill?.(form);
  await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await form.getByRole('button', { name: 'Resolve report' }).click();
  await report.waitFor({ state: 'detached' });
}

describe('community moderation', () => {
  it('a report reaches an outcome, a suspension is explained, a block hides the member', { timeout: 180_000 }, async () => {
    const tag = String(randomInt(100_000, 999_999));
    const names = { rita: `Rita${tag} Reporter`, sam: `Sam${tag} Rude`, ivy: `Ivy${tag} Inviter`, bo: `Bo${tag} Blocked` };
    const where = { location: { city: 'Austin', state: 'Texas' }, extra: { profileCompleted: true } };
    const ivy = await createMember(endpoints, 'mod-ivy', { displayName: names.ivy, ...where });
    const [rita, sam, bo] = await Promise.all([
      createMember(endpoints, 'mod-rita', { displayName: names.rita, ...where }),
      createMember(endpoints, 'mod-sam', { displayName: names.sam, ...where, inviteSystem: { invitedBy: ivy.uid } }),
      createMember(endpoints, 'mod-bo', { displayName: names.bo, ...where }),
    ]);
    const anchor = async (a: TestMember, b: TestMember) => {
      await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
      await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
    };
    await Promise.all([anchor(rita, sam), anchor(rita, bo)]);
    const samsPost = await ok(endpoints, 'createPost', { token: sam.accessToken, data: { content: `Sam's post ${tag}`, privacy: 'anchors' } });
    await ok(endpoints, 'addComment', { token: sam.accessToken, data: { postId: samsPost.postId, content: `A cruel comment ${tag}` } });
    await ok(endpoints, 'createPost', { token: bo.accessToken, data: { content: `Bo's post ${tag}`, privacy: 'anchors' } });

    // Rita reports Sam's comment from its "…" menu, then Sam from his profile.
    const ritaPage = await signedIn(rita.email);
    const samsCard = postBy(ritaPage, names.sam);
    await samsCard.getByText(`Sam's post ${tag}`).waitFor();
    await samsCard.getByRole('button', { name: /^Comments/ }).click();
    const comment = samsCard.getByRole('listitem').filter({ hasText: `A cruel comment ${tag}` });
    await report(ritaPage, () => comment.getByRole('button', { name: 'Comment actions' }).click(), 'Harassment');
    await ritaPage.goto(`/profile/${sam.uid}`);
    await ritaPage.getByRole('heading', { level: 1, name: names.sam }).waitFor();
    await report(ritaPage, () => ritaPage.getByRole('button', { name: 'Profile actions' }).click(), 'Harassment');

    // The founder removes the comment from the queue and suspends Sam from the member report.
    const adminPage = await signedIn(founder.email, founder.password);
    await adminPage.goto('/admin');
    await adminPage.getByRole('tab', { name: 'Reports' }).click();
    const commentReport = adminPage.getByRole('article', { name: `Harassment: a comment reported by ${names.rita}` });
    await commentReport.getByText(`A cruel comment ${tag}`).waitFor();
    await commentReport.getByText(`Sam's post ${tag}`).waitFor();
    await shot(adminPage, 'admin-reports');
    await resolve(adminPage, commentReport, 'Remove content', 'Cruelty towards a neighbour');
    const memberReport = adminPage.getByRole('article', { name: `Harassment: a member reported by ${names.rita}` });
    const until = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await resolve(adminPage, memberReport, 'Suspend', 'Second cruel remark this month', async (form) => {
      await form.getByLabel('Suspended until').fill(until);
      await form.getByRole('textbox', { name: 'Note to the member (optional)' }).fill(`Please keep it kind ${tag}.`);
    });

    // Rita sees both outcomes (never the admin's words), and the comment is gone from the thread.
    await ritaPage.goto('/moderation-log');
    const ownReports = ritaPage.getByTestId('own-report');
    await ownReports.filter({ hasText: 'Resolved: the content was removed.' }).first().waitFor();
    await ownReports.filter({ hasText: 'Resolved: the member was suspended.' }).first().waitFor();
    expect(await ritaPage.getByText('Cruelty towards a neighbour').count()).toBe(0);
    expect(await ritaPage.getByText(`Please keep it kind ${tag}.`).count()).toBe(0);
    await shot(ritaPage, 'moderation-log');

    // Sam sees why and until when, and cannot post.
    const samPage = await signedIn(sam.email);
    const banner = samPage.getByTestId('suspension-banner');
    await banner.getByText(`Your account is suspended until`).waitFor();
    await banner.getByText(`Please keep it kind ${tag}.`).waitFor();
    expect(await samPage.getByRole('textbox', { name: "What's on your mind?" }).isDisabled()).toBe(true);
    await shot(samPage, 'suspended');

    // Ivy, who invited Sam, is told on her Invites page.
    const ivyPage = await signedIn(ivy.email);
    await ivyPage.goto('/invites');
    await ivyPage.getByText(`${names.sam}, whom you invited, was suspended.`).waitFor();

    // Rita blocks Bo from his post: it leaves her feed, and search no longer finds him.
    await ritaPage.goto('/dashboard');
    const bosCard = postBy(ritaPage, names.bo);
    await bosCard.getByText(`Bo's post ${tag}`).waitFor();
    await bosCard.getByRole('button', { name: 'Post actions' }).click();
    await ritaPage.getByRole('menuitem', { name: 'Block' }).click();
    await ritaPage
      .getByRole('dialog', { name: `Block ${names.bo}?` })
      .getByRole('button', { name: 'Block' })
      .click();
    await bosCard.waitFor({ state: 'detached' });
    await ritaPage.reload();
    await postBy(ritaPage, names.sam).waitFor();
    expect(await postBy(ritaPage, names.bo).count()).toBe(0);
    await ritaPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Anchors', exact: true }).click();
    await ritaPage.getByRole('textbox', { name: 'Search by name' }).fill(`Bo${tag}`);
    await ritaPage.getByRole('button', { name: 'Search' }).click();
    await ritaPage.getByText(`No users found matching "Bo${tag}"`).waitFor();
    expect(await ritaPage.getByTestId('search-result').filter({ hasText: names.bo }).count()).toBe(0);
  });
});
