import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '../support/callable-client.ts';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { createMember, MEMBER_PASSWORD, type TestMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * Members in control of what they wrote, through real Chromium: the "…" menu of one's own post and
 * comment edits in place (with the creation counter) and deletes after a confirmation; another
 * member's post and comment offer no Edit or Delete. At desktop width and at 390 px.
 */
const endpoints = inject('endpoints');
const newContext = useBrowserContexts(endpoints.webUrl);
const SCREENSHOTS = process.env.EDIT_DELETE_SCREENSHOTS;

beforeAll(() => {
  useLocalCloudData(endpoints);
});

async function member(name: string): Promise<TestMember> {
  return createMember(endpoints, name.split(' ')[0]?.toLowerCase() ?? 'member', {
    displayName: name,
    location: { city: 'Austin', state: 'Texas' },
    extra: { profileCompleted: true },
  });
}

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: false });
}

describe('edit and delete what one wrote', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`edits and deletes one's own post and comment at ${viewport.width} px`, { timeout: 120_000 }, async () => {
      const tag = String(randomInt(100_000, 999_999));
      const [adaName, boName] = [`Ada${tag} Writer`, `Bo${tag} Reader`];
      const [ada, bo] = await Promise.all([member(adaName), member(boName)]);
      await ok(endpoints, 'sendAnchorRequest', { token: ada.accessToken, data: { userId: bo.uid } });
      await ok(endpoints, 'acceptAnchorRequest', { token: bo.accessToken, data: { userId: ada.uid } });
      const bosPost = await ok(endpoints, 'createPost', { token: bo.accessToken, data: { content: `Bo's post ${tag}`, privacy: 'anchors' } });
      await ok(endpoints, 'addComment', { token: bo.accessToken, data: { postId: bosPost.postId, content: `Bo's comment ${tag}` } });

      const context = await newContext(viewport);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      try {
        await signInThroughUi(page, ada.email, MEMBER_PASSWORD);
        // Bo's post and comment: their "…" menus offer Report, Mute and Block, never Edit or Delete.
        const bosCard = page.getByRole('article', { name: `Post by ${boName}` });
        await bosCard.getByText(`Bo's post ${tag}`).waitFor();
        const othersMenu = async (button: ReturnType<Page['getByRole']>) => {
          await button.click();
          await page.getByRole('menuitem', { name: 'Report' }).waitFor();
          const items = await page.getByRole('menuitem').allTextContents();
          await page.keyboard.press('Escape');
          await page.getByRole('menuitem', { name: 'Report' }).waitFor({ state: 'hidden' });
          return items.map((item) => item.trim());
        };
        expect(await othersMenu(bosCard.getByRole('button', { name: 'Post actions' }))).toEqual(['Report', 'Mute', 'Block']);
        await bosCard.getByRole('button', { name: /^Comments/ }).click();
        await bosCard.getByText(`Bo's comment ${tag}`).waitFor();
        expect(await othersMenu(bosCard.getByRole('button', { name: 'Comment actions' }))).toEqual(['Report', 'Mute', 'Block']);

        // Ada posts and comments on her own post.
        await page.getByRole('textbox', { name: "What's on your mind?" }).fill(`First draft ${tag}`);
        await page.getByRole('button', { name: 'Post', exact: true }).click();
        const card = page.getByRole('article', { name: `Post by ${adaName}` });
        await card.getByText(`First draft ${tag}`).waitFor();
        await card.getByRole('button', { name: /^Comments/ }).click();
        await card.getByRole('textbox', { name: 'Write a comment' }).fill(`My note ${tag}`);
        await card.getByRole('button', { name: 'Comment', exact: true }).click();
        await card
          .getByTestId('comment-content')
          .filter({ hasText: `My note ${tag}` })
          .waitFor();

        // Edit the post in place: the creation counter, then "edited" beside the time.
        await card.getByRole('button', { name: 'Post actions' }).click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
        const postEditor = card.getByRole('textbox', { name: 'Edit post' });
        await postEditor.fill(`Second draft ${tag}`);
        await card.getByText(`${`Second draft ${tag}`.length} / 500`).waitFor();
        await shot(page, `edit-post-${viewport.width}`);
        await card.getByRole('button', { name: 'Save' }).click();
        await card
          .getByTestId('post-content')
          .filter({ hasText: `Second draft ${tag}` })
          .waitFor();
        await card.getByTestId('edited-mark').first().waitFor();

        // Edit the comment; then delete it after confirming.
        const myComment = card.getByRole('listitem', { name: `Comment by ${adaName}` });
        await myComment.getByRole('button', { name: 'Comment actions' }).click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
        await myComment.getByRole('textbox', { name: 'Edit comment' }).fill(`Better note ${tag}`);
        await myComment.getByText(`${`Better note ${tag}`.length} / 300`).waitFor();
        await myComment.getByRole('button', { name: 'Save' }).click();
        await myComment
          .getByTestId('comment-content')
          .filter({ hasText: `Better note ${tag}` })
          .waitFor();
        await myComment.getByTestId('edited-mark').waitFor();
        await shot(page, `edited-${viewport.width}`);
        await myComment.getByRole('button', { name: 'Comment actions' }).click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        const commentDialog = page.getByRole('dialog', { name: 'Delete comment?' });
        await commentDialog.getByRole('button', { name: 'Delete' }).click();
        await page.getByText('Comment deleted.').waitFor();
        await myComment.waitFor({ state: 'detached' });
        await card.getByTestId('comment-count').filter({ hasText: '0' }).waitFor();

        // Delete the post: cancelling keeps it; confirming removes it, and a reload agrees.
        await card.getByRole('button', { name: 'Post actions' }).click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        const postDialog = page.getByRole('dialog', { name: 'Delete post?' });
        await shot(page, `delete-post-${viewport.width}`);
        await postDialog.getByRole('button', { name: 'Cancel' }).click();
        await postDialog.waitFor({ state: 'hidden' });
        await card.getByRole('button', { name: 'Post actions' }).click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        await postDialog.getByRole('button', { name: 'Delete' }).click();
        await page.getByText('Post deleted.').waitFor();
        await card.waitFor({ state: 'detached' });
        await page.reload();
        await bosCard.getByText(`Bo's post ${tag}`).waitFor();
        expect(await page.getByText(`Second draft ${tag}`).count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});
