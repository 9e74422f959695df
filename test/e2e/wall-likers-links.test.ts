import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '../support/callable-client.ts';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * Your Wall, a profile's posts, who liked a post, links and renames through real Chromium: the Wall
 * shows the member's own posts; a stranger's view of a profile shows only the public post; "Liked
 * by …" opens the likers; a link in a post opens in a new tab with rel="noopener nofollow ugc" and a
 * javascript: text stays text; a rename shows on an earlier post. Set WALL_SCREENSHOTS to a folder to
 * keep screenshots at 1366 and 390 px.
 */
const endpoints = inject('endpoints');
const newContext = useBrowserContexts(endpoints.webUrl);
const SCREENSHOTS = process.env.WALL_SCREENSHOTS;
const contexts: BrowserContext[] = [];

beforeAll(() => {
  useLocalCloudData(endpoints);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

async function signedIn(email: string, width = 1366): Promise<Page> {
  const context = await newContext({ width, height: 900 });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  (page as Page & { consoleErrors?: string[] }).consoleErrors = errors;
  await signInThroughUi(page, email, MEMBER_PASSWORD);
  return page;
}

/** The screen at 1366 px and at 390 px (a phone), then back to the width it had. */
async function shots(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** The callables a page calls, by name, in order (the request budget the feed keeps). */
function callsOf(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) names.push(path.slice('/api/'.length));
  });
  return names;
}

describe('Your Wall, profile posts, Liked by, links, renames', () => {
  it('shows the right posts, the likers, safe links and the new name', { timeout: 120_000 }, async () => {
    const tag = String(randomInt(100_000, 999_999));
    const names = { wren: `Wren${tag} Writer`, lee: `Lee${tag} Liker`, sol: `Sol${tag} Stranger` };
    const where = { location: { city: 'Austin', state: 'Texas' }, extra: { profileCompleted: true } };
    const [wren, lee, sol] = await Promise.all([
      createMember(endpoints, 'wall-wren', { displayName: names.wren, ...where }),
      createMember(endpoints, 'wall-lee', { displayName: names.lee, ...where }),
      createMember(endpoints, 'wall-sol', { displayName: names.sol, ...where }),
    ]);
    await ok(endpoints, 'sendAnchorRequest', { token: wren.accessToken, data: { userId: lee.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: lee.accessToken, data: { userId: wren.uid } });
    const publicPost = await ok(endpoints, 'createPost', {
      token: wren.accessToken,
      data: { content: `Garden day ${tag}: see https://example.org/garden. Not this: javascript:alert(1)`, privacy: 'public' },
    });
    await ok(endpoints, 'createPost', { token: wren.accessToken, data: { content: `Only for anchors ${tag}`, privacy: 'anchors' } });
    await ok(endpoints, 'togglePostLike', { token: lee.accessToken, data: { postId: publicPost.postId, liked: true } });
    await ok(endpoints, 'togglePostLike', { token: sol.accessToken, data: { postId: publicPost.postId, liked: true } });

    // Wren's Wall: both of her posts, newest first, with the likers' line.
    const wrenPage = await signedIn(wren.email);
    const calls = callsOf(wrenPage);
    await wrenPage.reload();
    await wrenPage.getByRole('feed', { name: 'News feed' }).getByText(`Garden day ${tag}`).waitFor();
    // The feed reads nobody's likers, however many of its posts were liked.
    expect(calls).not.toContain('getPostLikers');
    if (SCREENSHOTS) console.log('dashboard calls', calls.join(' '));
    await wrenPage.getByRole('tab', { name: 'Your Wall' }).click();
    const wall = wrenPage.getByRole('feed', { name: 'Posts' });
    await wall.getByText(`Only for anchors ${tag}`).waitFor();
    expect(await wall.getByTestId('post-content').allTextContents()).toEqual([
      `Only for anchors ${tag}`,
      `Garden day ${tag}: see https://example.org/garden. Not this: javascript:alert(1)`,
    ]);
    const garden = wall.getByRole('article').filter({ hasText: `Garden day ${tag}` });
    const link = garden.getByRole('link', { name: 'https://example.org/garden' });
    expect(await link.getAttribute('href')).toBe('https://example.org/garden');
    expect(await link.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await garden.locator('a[href^="javascript"]').count()).toBe(0);
    expect(calls.filter((name) => name === 'listMemberPosts')).toHaveLength(1);
    expect(calls).not.toContain('getPostLikers');
    await garden.getByText('Liked by 2 members').click();
    const likers = wrenPage.getByRole('dialog', { name: 'Liked by' });
    await likers.getByRole('link', { name: names.lee }).waitFor();
    await likers.getByRole('link', { name: names.sol }).waitFor();
    await wrenPage.keyboard.press('Escape');
    await garden.getByText(new RegExp(`^Liked by (${names.sol} and ${names.lee}|${names.lee} and ${names.sol})$`)).waitFor();
    expect(calls.filter((name) => name === 'getPostLikers')).toHaveLength(1);
    if (SCREENSHOTS) console.log('calls up to the likers', calls.join(' '));
    await shots(wrenPage, 'wall');
    expect((wrenPage as Page & { consoleErrors?: string[] }).consoleErrors?.filter((text) => text.includes('<p>'))).toEqual([]);

    // A stranger on Wren's profile sees the public post only.
    const solPage = await signedIn(sol.email, 390);
    await solPage.goto(`/profile/${wren.uid}`);
    const profilePosts = solPage.getByRole('feed', { name: 'Posts' });
    await profilePosts.getByText(`Garden day ${tag}`).waitFor();
    expect(await profilePosts.getByRole('article').count()).toBe(1);
    await shots(solPage, 'profile-posts');

    // Wren renames herself; her earlier post shows the new name (the table's stream follows).
    const renamed = `Wrenna${tag} Writer`;
    await ok(endpoints, 'updateProfile', {
      token: wren.accessToken,
      data: {
        displayName: renamed,
        birthday: '',
        graduationYear: null,
        major: '',
        bio: '',
        location: { city: 'Austin', state: 'Texas' },
        contactInfo: { phoneNumber: '', personalEmail: '' },
      },
    });
    await expect
      .poll(
        async () => {
          await solPage.reload();
          const post = solPage
            .getByRole('feed', { name: 'Posts' })
            .getByRole('article')
            .filter({ hasText: `Garden day ${tag}` });
          await post.waitFor();
          return post.getAttribute('aria-label');
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(`Post by ${renamed}`);
  });
});
