import { randomInt, randomUUID } from 'node:crypto';
import type { BrowserContext, Page, Request, WebSocket } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signInThroughUi, useBrowserContexts } from '../support/browser.ts';
import { ok } from '../support/callable-client.ts';
import { createMember, MEMBER_PASSWORD, type TestMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * Live updates through real Chromium: one WebSocket per tab, no polling.
 * Two anchors, each on their own dashboard in their own browser context: A's post reaches B's open
 * feed, B's like and comment reach A's post and A's open thread, and a third member's anchor
 * request reaches B's pending count, each within 2 s of the click that caused it and without a
 * reload. An idle dashboard with its socket up makes at most one API call a minute and holds one
 * live socket; signing out in one tab signs out the member's other tab.
 *
 * Latency is measured in the pages' own clocks (performance.timeOrigin + timestamps, comparable
 * across the pages of one machine): from the sending click's event.timeStamp to the moment a
 * MutationObserver in the other page sees the change in its DOM.
 */

const endpoints = inject('endpoints');
const newContext = useBrowserContexts(endpoints.webUrl);

/** The issue's bound: a change shows on the other member's open page within 2 s. */
const LIVE_LIMIT_MS = 2_000;
/** Waits longer than the bound, so a slow delivery is measured and reported rather than timed out. */
const WAIT_MS = 10_000;
/**
 * The idle dashboard's quiet time: 10 s of real time, then three minutes of the page's own clock run
 * forward (Playwright's clock, installed before the app loads, so every timer the app sets fires as
 * it would in three minutes): a once-a-minute poll would show three times. `npm run bench:live`
 * measures a real window of minutes.
 */
const IDLE_REAL_MS = 10_000;
const IDLE_PAGE_CLOCK_MS = 3 * 60_000;

beforeAll(() => {
  useLocalCloudData(endpoints);
});

/**
 * Runs in every document before the app (code run in the page is a string: this file is
 * type-checked without the DOM library, and vitest would rewrite a function's helpers). It keeps
 * `window.liveProbe`: every WebSocket the page creates with its URL, when it opened and closed and
 * its text frames (a subclass of the browser's own, so the app's socket behaves exactly as it
 * would); the time of the latest trusted click; and `seen`, the watches' times (watchFor). Times are
 * performance.timeOrigin + a high-resolution timestamp: milliseconds since the epoch.
 */
const PROBE_SCRIPT = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const probe = { sockets: [], clickAt: null, seen: {} };
  window.liveProbe = probe;
  const Native = window.WebSocket;
  window.WebSocket = class ProbedWebSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      const entry = { url: String(url), openedAt: null, closedAt: null, frames: [] };
      probe.sockets.push(entry);
      this.addEventListener('open', () => (entry.openedAt = now()));
      this.addEventListener('close', () => (entry.closedAt = now()));
      this.addEventListener('message', (event) => entry.frames.push({ at: now(), data: String(event.data) }));
    }
  };
  window.addEventListener('click', (event) => (probe.clickAt = performance.timeOrigin + event.timeStamp), true);
})()`;

interface ProbedSocket {
  url: string;
  openedAt: number | null;
  closedAt: number | null;
  frames: { at: number; data: string }[];
}

function inPage<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate(expression) as Promise<T>;
}

/**
 * The expression's value once it is truthy, read every 50 ms (page.waitForFunction would evaluate
 * a string with eval, which the app's CSP refuses). What a watch measures is timed in the page, not
 * by this polling.
 */
async function untilInPage<T>(page: Page, expression: string, timeout = 15_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await inPage<T>(page, expression);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Not within ${timeout} ms in the page: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The page's live sockets as the probe saw them. */
function probedLiveSockets(page: Page): Promise<ProbedSocket[]> {
  return inPage(page, `window.liveProbe.sockets.filter((socket) => socket.url.startsWith(${JSON.stringify(endpoints.live.url)}))`);
}

const isLive = (url: string) => url.startsWith(endpoints.live.url);

interface Tab {
  page: Page;
  /** Every request the page made to the API (`/api/…` on the web origin), with when it was made. */
  apiRequests: { at: number; url: string }[];
  /** Every WebSocket the page opened (the live socket and, on Vite's dev server, its HMR socket). */
  sockets: WebSocket[];
}

function apiPath(request: Request): string | undefined {
  const url = new URL(request.url());
  return url.origin === new URL(endpoints.webUrl).origin && url.pathname.startsWith('/api/') ? url.pathname : undefined;
}

/** A tab of the context, watched from before its first navigation. */
async function openTab(context: BrowserContext): Promise<Tab> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const tab: Tab = { page, apiRequests: [], sockets: [] };
  page.on('request', (request) => {
    const path = apiPath(request);
    if (path) tab.apiRequests.push({ at: Date.now(), url: path });
  });
  page.on('websocket', (socket) => tab.sockets.push(socket));
  return tab;
}

/** Waits for the page's live socket to be open (the handshake done: pushes reach it from now on). */
async function liveSocketOpen(page: Page): Promise<void> {
  await untilInPage(
    page,
    `window.liveProbe.sockets.some((socket) => socket.url.startsWith(${JSON.stringify(endpoints.live.url)}) && socket.openedAt !== null && socket.closedAt === null)`,
  );
}

interface Member {
  member: TestMember;
  name: string;
}

async function newMember(first: string, tag: string): Promise<Member> {
  const name = `${first}${tag} Live`;
  const member = await createMember(endpoints, first.toLowerCase(), {
    displayName: name,
    location: { city: 'Austin', state: 'Texas' },
    extra: { profileCompleted: true, bio: `I am ${name}.` },
  });
  return { member, name };
}

/** A member signed in on the dashboard in a browser context of their own, the feed loaded and the live socket open. */
async function onDashboard({ member }: Member, { pageClock = false } = {}): Promise<{ context: BrowserContext; tab: Tab }> {
  const context = await newContext();
  await context.addInitScript({ content: PROBE_SCRIPT });
  // Before the app loads, so every timer it sets runs on this clock (real time until run forward).
  if (pageClock) await context.clock.install();
  const tab = await openTab(context);
  await signInThroughUi(tab.page, member.email, MEMBER_PASSWORD);
  await tab.page.getByRole('textbox', { name: "What's on your mind?" }).waitFor();
  await tab.page.getByLabel('Loading the feed').waitFor({ state: 'hidden' });
  await liveSocketOpen(tab.page);
  return { context, tab };
}

/**
 * Starts watching the page's DOM for an element matching `selector` whose text is `text` (exact)
 * or contains it: the moment a mutation makes it so is kept under `id`. It must not hold yet.
 */
async function watchFor(page: Page, id: string, selector: string, text: string, exact = false): Promise<void> {
  const holdsAlready = await inPage<boolean>(
    page,
    `(({ id, selector, text, exact }) => {
      const holds = () => [...document.querySelectorAll(selector)].some((element) => (exact ? element.textContent.trim() === text : element.textContent.includes(text)));
      if (holds()) return true;
      const observer = new MutationObserver(() => {
        if (!holds()) return;
        window.liveProbe.seen[id] = performance.timeOrigin + performance.now();
        observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      return false;
    })(${JSON.stringify({ id, selector, text, exact })})`,
  );
  expect(holdsAlready, `${id} already shows before the click`).toBe(false);
}

/** When the watched change showed (the page's clock), waiting up to WAIT_MS. */
async function seenAt(page: Page, id: string): Promise<number> {
  return untilInPage<number>(page, `window.liveProbe.seen[${JSON.stringify(id)}]`, WAIT_MS);
}

/** When the page's live socket received the first frame of `type` after `after` (the page's clock). */
async function pushAt(page: Page, type: string, after: number): Promise<number | null> {
  for (const socket of await probedLiveSockets(page)) {
    for (const frame of socket.frames) {
      if (frame.at >= after && (JSON.parse(frame.data) as { type?: string }).type === type) return frame.at;
    }
  }
  return null;
}

/** Clicks and answers when the click happened, by the page's clock (the event's own timestamp). */
async function clickAt(page: Page, click: () => Promise<void>): Promise<number> {
  await inPage(page, 'window.liveProbe.clickAt = null');
  await click();
  const at = await inPage<number | null>(page, 'window.liveProbe.clickAt');
  if (at === null) throw new Error('The click was not seen by the page');
  return at;
}

interface Figure {
  what: string;
  ms: number;
  pushMs: number | null;
}

/** One measurement: from the sender's click to the receiver showing the change (and to the push's arrival). */
async function measure(what: string, receiver: Page, pushType: string, clickedAt: number, watchId: string): Promise<Figure> {
  const shownAt = await seenAt(receiver, watchId);
  const pushedAt = await pushAt(receiver, pushType, clickedAt);
  return { what, ms: Math.round(shownAt - clickedAt), pushMs: pushedAt === null ? null : Math.round(pushedAt - clickedAt) };
}

const postBy = (name: string) => `article[aria-label="Post by ${name}"]`;

describe('live updates', () => {
  it('a post, a like, a comment and an anchor request reach the other member’s open page within 2 s', async () => {
    const tag = String(randomInt(100_000, 999_999));
    const [a, b, c] = await Promise.all([newMember('Ann', tag), newMember('Ben', tag), newMember('Cy', tag)]);
    // A and B are anchors (through the callables: the stream settles that before the pages open).
    await ok(endpoints, 'sendAnchorRequest', { token: a.member.accessToken, data: { userId: b.member.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: b.member.accessToken, data: { userId: a.member.uid } });
    const contexts: BrowserContext[] = [];
    try {
      const [ann, ben] = await Promise.all([onDashboard(a), onDashboard(b)]);
      contexts.push(ann.context, ben.context);
      const annPage = ann.tab.page;
      const benPage = ben.tab.page;
      await benPage.getByTestId('pending-requests-count').filter({ hasText: /^0$/ }).waitFor();
      const figures: Figure[] = [];

      // 1. A posts; B's open feed shows it.
      const text = `Live from Ann ${tag}`;
      await annPage.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
      await watchFor(benPage, 'post', postBy(a.name), text);
      const posted = await clickAt(annPage, () => annPage.getByRole('button', { name: 'Post', exact: true }).click());
      figures.push(await measure('post → other feed', benPage, 'feed.post', posted, 'post'));
      await annPage.locator(postBy(a.name)).filter({ hasText: text }).waitFor();

      // A opens the thread of her own post (empty so far); it stays open.
      const annOwn = annPage.locator(postBy(a.name));
      await annOwn.getByRole('button', { name: /^Comments/ }).click();
      await annOwn.getByRole('list', { name: 'Comments' }).waitFor({ state: 'attached' });
      await annOwn.getByLabel('Loading comments').waitFor({ state: 'hidden' });

      // 2. B likes it; A's like count shows 1.
      const benView = benPage.locator(postBy(a.name));
      await watchFor(annPage, 'like', `${postBy(a.name)} [data-testid="like-count"]`, '1', true);
      const liked = await clickAt(benPage, () => benView.getByRole('button', { name: /^Like/ }).click());
      figures.push(await measure('like → author’s count', annPage, 'post.counts', liked, 'like'));
      await benView.getByRole('button', { name: /^Liked · 1$/ }).waitFor();

      // 3. B comments; A's open thread shows the comment, and her comment count 1.
      const comment = `Nice one, Ann ${tag}`;
      await benView.getByRole('button', { name: /^Comments/ }).click();
      await benView.getByRole('textbox', { name: 'Write a comment' }).fill(comment);
      await watchFor(annPage, 'comment', `${postBy(a.name)} ul[aria-label="Comments"] li`, comment);
      await watchFor(annPage, 'comment-count', `${postBy(a.name)} [data-testid="comment-count"]`, '1', true);
      const commented = await clickAt(benPage, () => benView.getByRole('button', { name: 'Comment', exact: true }).click());
      figures.push(await measure('comment → author’s open thread', annPage, 'comment.added', commented, 'comment'));
      figures.push(await measure('comment → author’s comment count', annPage, 'post.counts', commented, 'comment-count'));

      // 4. C asks B to be anchors from B's profile; B's dashboard counts one pending request.
      const cy = await newContext();
      contexts.push(cy);
      await cy.addInitScript({ content: PROBE_SCRIPT });
      const cyTab = await openTab(cy);
      await signInThroughUi(cyTab.page, c.member.email, MEMBER_PASSWORD);
      await cyTab.page.goto(`/profile/${b.member.uid}`);
      const add = cyTab.page.getByRole('button', { name: 'Add Anchor' });
      await add.waitFor();
      await watchFor(benPage, 'request', '[data-testid="pending-requests-count"]', '1', true);
      const asked = await clickAt(cyTab.page, () => add.click());
      figures.push(await measure('anchor request → pending count', benPage, 'anchors.changed', asked, 'request'));

      // No page reloaded: the watches live in the document they were set in, and a reload would have lost them.
      console.log(
        `Live latency (click → shown on the other page; push arrival in brackets):\n${figures
          .map((figure) => `  ${figure.what}: ${figure.ms} ms (push ${figure.pushMs ?? '?'} ms)`)
          .join('\n')}`,
      );
      for (const figure of figures) expect(figure.ms, figure.what).toBeLessThanOrEqual(LIVE_LIMIT_MS);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });

  it('an idle dashboard with its socket up makes at most one API call a minute and holds one live socket', async () => {
    const tag = String(randomInt(100_000, 999_999));
    const [dee, eve] = await Promise.all([newMember('Dee', tag), newMember('Eve', tag)]);
    // Something to show: an anchor and a post of hers in the feed.
    await ok(endpoints, 'sendAnchorRequest', { token: eve.member.accessToken, data: { userId: dee.member.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: dee.member.accessToken, data: { userId: eve.member.uid } });
    await ok(endpoints, 'createPost', {
      token: eve.member.accessToken,
      data: { content: `Quiet day ${tag}`, privacy: 'anchors', clientRequestId: randomUUID() },
    });
    const { context, tab } = await onDashboard(dee, { pageClock: true });
    try {
      const { page } = tab;
      await page.locator(postBy(eve.name)).waitFor({ timeout: 30_000 });
      // Settled: the first reads are done and nothing has been asked for a few seconds.
      const settledFor = 3_000;
      for (let waited = 0; waited < 30_000; waited += 500) {
        const last = tab.apiRequests.at(-1)?.at ?? 0;
        if (Date.now() - last >= settledFor) break;
        await page.waitForTimeout(500);
      }
      const start = Date.now();
      await page.waitForTimeout(IDLE_REAL_MS);
      await page.clock.runFor(IDLE_PAGE_CLOCK_MS);
      // Whatever those minutes' timers sent has landed by now.
      await page.waitForTimeout(3_000);
      const during = tab.apiRequests.filter((request) => request.at >= start);
      const live = tab.sockets.filter((socket) => isLive(socket.url()));
      const others = tab.sockets.filter((socket) => !isLive(socket.url())).map((socket) => new URL(socket.url()).pathname);
      console.log(
        `Idle dashboard: ${during.length} API request(s) in ${IDLE_REAL_MS / 1000} s real and ${IDLE_PAGE_CLOCK_MS / 60_000} minutes of its clock${during.length ? ` (${during.map((request) => request.url).join(', ')})` : ''}; ` +
          `${tab.apiRequests.length - during.length} before it; live sockets ${live.length}` +
          (others.length ? `; other sockets: ${others.join(', ')} (Vite's hot reload)` : ''),
      );
      // At most one a minute: three over the three minutes (with the socket up, none at all).
      expect(during.length).toBeLessThanOrEqual(3);
      // One live socket, opened once and open all along.
      expect(live).toHaveLength(1);
      expect(live[0]?.isClosed()).toBe(false);
      const probed = await probedLiveSockets(page);
      expect(probed).toHaveLength(1);
      expect(probed[0]).toMatchObject({ openedAt: expect.any(Number), closedAt: null });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('signing out in one tab signs out the member’s other tab', async () => {
    const tag = String(randomInt(100_000, 999_999));
    const fay = await newMember('Fay', tag);
    const { context, tab: first } = await onDashboard(fay);
    try {
      // The second tab of the same browser: Amplify's tokens in the shared localStorage sign it in.
      const second = await openTab(context);
      await second.page.goto('/dashboard');
      await second.page.getByTestId('dashboard').waitFor();
      await liveSocketOpen(second.page);

      await first.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
      // The other tab lands on sign-in, told why; the tab that signed out goes home as it always
      // does (it must not hear its own announcement and be told it signed out in another tab).
      await second.page.waitForURL('**/auth/signin');
      await second.page.getByText('You signed out in another tab.').waitFor();
      await second.page.getByRole('button', { name: 'Sign in' }).waitFor();
      await first.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true }).waitFor();
      await first.page.waitForURL((url) => url.pathname === '/');
      expect(await first.page.getByText('You signed out in another tab.').count()).toBe(0);
      // Both tabs' live sockets are closed, and neither opens another.
      await Promise.all(
        [first.page, second.page].map((page) =>
          untilInPage(
            page,
            `window.liveProbe.sockets.filter((socket) => socket.url.startsWith(${JSON.stringify(endpoints.live.url)})).every((socket) => socket.closedAt !== null)`,
          ),
        ),
      );
      await second.page.waitForTimeout(1_500);
      for (const tab of [first, second]) expect(tab.sockets.filter((socket) => isLive(socket.url()))).toHaveLength(1);
      await first.page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });
});
