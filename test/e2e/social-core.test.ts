import { randomInt } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { createMember, MEMBER_PASSWORD, type TestMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * The social core through real Chromium, two members side by side (one browser context each):
 * one finds the other in Find New Anchors and sends a request, the other accepts it in Pending;
 * then each posts, likes and comments on the other's post, and each sees the other's post, like
 * and comment arrive WITHOUT reloading (the live socket pushes each change to the open page; the
 * latencies themselves are measured in live.test.ts).
 */

const endpoints = inject('endpoints');

/**
 * How long a pushed change may take to show here: the socket brings it within ~2 s (live.test.ts
 * holds it to that), so 5 s leaves room for a busy machine, yet a page that fell back to polling
 * (once a minute while the socket is down) fails.
 */
const PUSHED_MS = 5_000;

const newContext = useBrowserContexts(endpoints.webUrl);

beforeAll(() => {
  useLocalCloudData(endpoints);
});

interface Side {
  member: TestMember;
  name: string;
  context: BrowserContext;
  page: Page;
}

/** A member with a complete profile (written straight to the table), signed in through the UI. */
async function openMember(name: string): Promise<Side> {
  const member = await createMember(endpoints, name.split(' ')[0]?.toLowerCase() ?? 'member', {
    displayName: name,
    location: { city: 'Austin', state: 'Texas' },
    extra: { profileCompleted: true, bio: `I am ${name}.` },
  });
  const context = await newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signInThroughUi(page, member.email, MEMBER_PASSWORD);
  return { member, name, context, page };
}

function postBy(page: Page, author: string): Locator {
  return page.getByRole('article', { name: `Post by ${author}` });
}

describe('social core', () => {
  it('two members anchor through the UI, then post, like and comment, each seeing the other live', async () => {
    // Unique names, so the prefix search finds exactly these two whatever else the cloud holds.
    const tag = String(randomInt(100_000, 999_999));
    const [ada, bo] = await Promise.all([openMember(`Ada${tag} Lovelace`), openMember(`Bo${tag} Diddley`)]);
    try {
      // Ada: Find New Anchors → Add Anchor → 'Anchor request sent!', and the row reads 'Request pending'.
      await ada.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Anchors', exact: true }).click();
      await ada.page.getByRole('heading', { name: 'Manage Your Anchors' }).waitFor();
      await ada.page.getByText("You don't have any anchors yet. Start building your community!").waitFor();
      await ada.page.getByRole('textbox', { name: 'Search by name' }).fill(`bo${tag}`);
      await ada.page.getByRole('button', { name: 'Search' }).click();
      const result = ada.page.getByTestId('search-result').filter({ hasText: bo.name });
      await result.getByRole('button', { name: `Add Anchor: ${bo.name}` }).click();
      await ada.page.getByText('Anchor request sent!').waitFor();
      await result.getByText('Request pending').waitFor();
      // Nobody else matches: the spec's empty message names the query.
      await ada.page.getByRole('textbox', { name: 'Search by name' }).fill(`Nobody${tag}`);
      await ada.page.getByRole('button', { name: 'Search' }).click();
      await ada.page.getByText(`No users found matching "Nobody${tag}"`).waitFor();

      // Bo: Pending → Received Requests → Accept; Ada becomes an anchor card linking to her profile.
      await bo.page.goto('/anchors');
      await bo.page.getByRole('tab', { name: /^Pending/ }).click();
      const request = bo.page.getByTestId('received-request').filter({ hasText: ada.name });
      await request.getByRole('button', { name: `Accept ${ada.name}` }).click();
      await bo.page.getByText('No pending anchor requests').waitFor();
      await bo.page.getByRole('tab', { name: 'Anchors (1)' }).click();
      await bo.page.getByTestId('anchor-count').filter({ hasText: '1 / 100 anchors' }).waitFor();
      const card = bo.page.getByTestId('anchor-card').filter({ hasText: ada.name });
      expect(await card.getByRole('link', { name: ada.name }).getAttribute('href')).toBe(`/profile/${ada.member.uid}`);
      await card.getByText('Local').waitFor();
      // Remove asks first (an accessible dialog); cancelling keeps the anchor.
      await card.getByRole('button', { name: `Remove ${ada.name}` }).click();
      const dialog = bo.page.getByRole('dialog', { name: 'Remove anchor' });
      await dialog.getByText('Are you sure you want to remove this anchor?').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await bo.page.getByTestId('anchor-card').count()).toBe(1);

      // Ada's profile, seen by Bo: 'Anchored', her location and invites.
      await card.getByRole('link', { name: ada.name }).click();
      await bo.page.getByRole('heading', { level: 1, name: ada.name }).waitFor();
      const profile = bo.page.getByRole('main');
      await profile.getByText('Anchored', { exact: true }).waitFor();
      await profile.getByText('Austin, Texas, United States').waitFor();
      await profile.getByText('10 invites remaining').waitFor();
      await profile.getByText(`No posts from ${ada.name} that you can see yet.`).waitFor();

      // Both on the dashboard; each posts. Neither page reloads from here on.
      await ada.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      await bo.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      const adaPost = `Hello from Ada ${tag}`;
      const boPost = `Hello from Bo ${tag}`;
      // The two sides act at the same time, as two people would (and the test waits once, not twice).
      await Promise.all(
        (
          [
            [ada, adaPost],
            [bo, boPost],
          ] as const
        ).map(async ([side, text]) => {
          const box = side.page.getByRole('textbox', { name: "What's on your mind?" });
          await box.fill(text);
          await side.page
            .getByTestId('post-counter')
            .filter({ hasText: `${text.length} / 500` })
            .waitFor();
          await side.page.getByRole('button', { name: 'Post', exact: true }).click();
          await postBy(side.page, side.name).filter({ hasText: text }).waitFor();
          expect(await box.inputValue()).toBe('');
        }),
      );
      // Live: each sees the other's post arrive, pushed over the socket (feed.post reads the feed's first page).
      await Promise.all([
        postBy(ada.page, bo.name).filter({ hasText: boPost }).waitFor({ timeout: PUSHED_MS }),
        postBy(bo.page, ada.name).filter({ hasText: adaPost }).waitFor({ timeout: PUSHED_MS }),
      ]);

      // Each likes and comments on the other's post (the like optimistic), then sees the other's
      // like and comment counted on their own post (post.counts, pushed) and the comment in its thread.
      const pairs = [
        [ada, bo],
        [bo, ada],
      ] as const;
      await Promise.all(
        pairs.map(async ([visitor, author]) => {
          const post = postBy(visitor.page, author.name);
          await post.getByRole('button', { name: /^Like/ }).click();
          await post.getByRole('button', { name: /^Liked · 1$/ }).waitFor();
          await post.getByRole('button', { name: /^Comments/ }).click();
          await post.getByRole('textbox', { name: 'Write a comment' }).fill(`Nice one, from ${visitor.name}`);
          await post.getByRole('button', { name: 'Comment', exact: true }).click();
          await post.getByRole('list', { name: 'Comments' }).getByText(`Nice one, from ${visitor.name}`).waitFor();
        }),
      );
      await Promise.all(
        pairs.map(async ([author, visitor]) => {
          const own = postBy(author.page, author.name);
          await own.getByTestId('like-count').filter({ hasText: /^1$/ }).waitFor({ timeout: PUSHED_MS });
          await own.getByTestId('comment-count').filter({ hasText: /^1$/ }).waitFor({ timeout: PUSHED_MS });
          await own.getByRole('button', { name: /^Comments/ }).click();
          await own.getByRole('list', { name: 'Comments' }).getByText(`Nice one, from ${visitor.name}`).waitFor();
        }),
      );
      // The dashboard's pending number is real: nothing is pending for either any more.
      expect(await ada.page.getByTestId('pending-requests-count').textContent()).toBe('0');
      await ada.page.getByRole('region', { name: 'Your Network' }).getByText('1 / 100').waitFor();
    } finally {
      await Promise.all([ada.context.close(), bo.context.close()]);
    }
  });
});
