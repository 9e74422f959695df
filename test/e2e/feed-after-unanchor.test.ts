import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, signInThroughUi, usePagesAt } from '../support/browser.ts';
import { ok } from '../support/callable-client.ts';
import { createMember, MEMBER_PASSWORD, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * An anchor who goes leaves Ann's open screens without a reload. Ann has her dashboard open (1366
 * px) and Bea's profile in another tab (390 px); Bea posts to her anchors, the post reaches Ann's
 * feed, Ann starts writing a post; then Bea removes the anchor. The table's stream takes Bea's posts
 * out of Ann's feed and pushes anchors.changed (no post.deleted): Ann's feed drops the post with no
 * skeleton or empty flash in between, her half-written post is still in the composer, Your Network
 * reads 0 / 100, and Bea's profile stops listing her anchors-only post. (Every other way an anchor
 * goes, on the server: test/integration/feed-after-unanchor.test.ts.) Set
 * FEED_AFTER_UNANCHOR_SCREENSHOTS to a folder to keep screenshots.
 */
const endpoints = inject('endpoints');
const pageAt = usePagesAt(endpoints.webUrl);
const SCREENSHOTS = process.env.FEED_AFTER_UNANCHOR_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/**
 * Run in the page (a string: this file is type-checked without the DOM library): marks the window,
 * so a reload would lose the mark, and notes whether the feed ever left the screen or a skeleton
 * took its place from now on.
 */
const WATCH_THE_FEED = `(() => {
  window.sameDocument = true;
  window.feedFlashed = false;
  const check = () => {
    if (!document.querySelector('[role="feed"][aria-label="News feed"]') || document.querySelector('[aria-label="Loading the feed"]')) window.feedFlashed = true;
  };
  new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
})()`;

describe('an open feed after an anchor goes', () => {
  it("drops the ex-anchor's post without a reload, keeping the draft, the count and their profile in step", { timeout: 60_000 }, async () => {
    useLocalCloudData(endpoints);
    const where = { location: { city: 'Austin', state: 'Texas' }, extra: { profileCompleted: true } };
    const [ann, bea] = await Promise.all([
      createMember(endpoints, 'unanchor-ann', { displayName: 'Ann Reader', ...where }),
      createMember(endpoints, 'unanchor-bea', { displayName: 'Bea Leaving', ...where }),
    ]);
    await ok(endpoints, 'sendAnchorRequest', { token: bea.accessToken, data: { userId: ann.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: ann.accessToken, data: { userId: bea.uid } });
    await ok(endpoints, 'createPost', { token: ann.accessToken, data: { content: 'Ann’s own news stays', privacy: 'public' } });

    const [dashboard, profile] = await Promise.all([pageAt(DESKTOP), pageAt(PHONE)]);
    await Promise.all([signInThroughUi(dashboard, ann.email, MEMBER_PASSWORD), signInThroughUi(profile, ann.email, MEMBER_PASSWORD)]);
    await profile.goto(`/profile/${bea.uid}`);
    // The badge in the profile, not the header's brand of the same name (which would match at once).
    await profile.getByRole('main').getByText('Anchored', { exact: true }).waitFor();
    const network = dashboard.getByRole('region', { name: 'Your Network' });
    await network.getByText('1 / 100').waitFor();
    await dashboard.getByRole('article', { name: 'Post by Ann Reader' }).waitFor();

    // Bea posts while Ann's pages are open: it reaches her feed live (feed.post).
    await ok(endpoints, 'createPost', { token: bea.accessToken, data: { content: 'For my anchors only', privacy: 'anchors' } });
    const beasPost = dashboard.getByRole('article', { name: 'Post by Bea Leaving' });
    await beasPost.waitFor({ timeout: 10_000 });
    await profile.reload();
    await profile.getByRole('article', { name: 'Post by Bea Leaving' }).waitFor();
    const draft = 'Half-written, not sent yet';
    await dashboard.getByLabel("What's on your mind?").fill(draft);
    await shot(dashboard, 'before-1366');
    await dashboard.evaluate(WATCH_THE_FEED);

    await ok(endpoints, 'removeAnchor', { token: bea.accessToken, data: { userId: ann.uid } });

    await beasPost.waitFor({ state: 'detached', timeout: 10_000 });
    await network.getByText('0 / 100').waitFor({ timeout: 10_000 });
    await profile.getByText('No posts from Bea Leaving that you can see yet.').waitFor({ timeout: 10_000 });
    await profile.getByRole('button', { name: 'Add Anchor' }).waitFor();
    expect(await dashboard.evaluate('window.sameDocument === true && window.feedFlashed === false')).toBe(true);
    expect(await dashboard.getByLabel("What's on your mind?").inputValue()).toBe(draft);
    await dashboard.getByRole('article', { name: 'Post by Ann Reader' }).waitFor();
    await shot(dashboard, 'after-1366');
    await shot(profile, 'profile-after-390');
    if (SCREENSHOTS) {
      await dashboard.setViewportSize(PHONE);
      await shot(dashboard, 'after-390');
    }
  });
});
