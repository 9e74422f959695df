// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bottomBarItems, mobileMenuItems, signedInItems } from '../../../web/src/app/layout/nav-items.ts';
import { answers, ApiError, calls, resetScriptedApi } from '../../support/scripted-api.ts';
import { samplePost } from '../../support/sample-post.ts';

/** Rough edges on the dashboard and the navigation. */
vi.mock('../../../web/src/lib/api-client.ts', () => import('../../support/scripted-api.ts'));

const { installJsdomShims, primedQueryClient, renderWithProviders } = await import('../../support/render-web-route.tsx');
const { PostForm } = await import('../../../web/src/features/feed/components/post-form.tsx');
const { NewsFeed } = await import('../../../web/src/features/feed/components/news-feed.tsx');
const { feedKeys } = await import('../../../web/src/features/feed/keys.ts');

configure({ asyncUtilTimeout: 8_000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(installJsdomShims);
beforeEach(resetScriptedApi);
afterEach(() => cleanup());

const SESSION = { userId: 'u1', email: 'ada@example.com', emailVerifiedClaim: true, groups: [] };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderPostForm(path = '/dashboard') {
  answers.getMyStanding = () => ({ standing: { status: 'good' }, notices: [] });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/dashboard"
          element={
            <>
              <PostForm userId="u1" />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    primedQueryClient({ stage: 'local', session: SESSION }),
  );
}

describe('navigation', () => {
  it('links Dev tools only where they exist, in the header and the phone menu', () => {
    expect(signedInItems('u1', 'Ada', false, true).map((item) => item.label)).toContain('Dev tools');
    expect(signedInItems('u1', 'Ada', false, false).map((item) => item.label)).not.toContain('Dev tools');
    expect(mobileMenuItems('u1', 'Ada', true, true).find((item) => item.label === 'Dev tools')?.to).toBe('/dev');
  });

  it("the bottom bar's Post opens the dashboard's composer, not a Coming Soon page", () => {
    expect(bottomBarItems('u1').find((item) => item.label === 'Post')?.to).toBe('/dashboard?compose');
  });
});

describe('the post composer', () => {
  it('is focused when opened from the bottom bar, and the flag leaves the address', async () => {
    renderPostForm('/dashboard?compose');
    const box = await screen.findByLabelText("What's on your mind?");
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
  });

  it('keeps a paste past 500 characters whole, with the counter and the message, and will not send it', async () => {
    renderPostForm();
    const box = (await screen.findByLabelText("What's on your mind?")) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'p'.repeat(520) } });
    expect(box.value).toHaveLength(520);
    expect(screen.getByTestId('post-counter').textContent).toBe('520 / 500');
    expect(screen.getByText('Posts can be at most 500 characters')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Post' }).hasAttribute('disabled')).toBe(true);
  });

  it('returns the audience to Anchors Only after a Public post', async () => {
    answers.createPost = (data) => ({ ...(data as object), postId: 'p1' });
    renderPostForm();
    const audience = (await screen.findAllByLabelText('Who can see this post')).find((element) => element.tagName === 'INPUT') as HTMLInputElement;
    // Mantine treats a change to an unfocused input as autofill, not typing; jsdom runs no transitions.
    audience.focus();
    fireEvent.click(audience);
    fireEvent.click(await screen.findByRole('option', { name: 'Public', hidden: true }));
    expect(audience.value).toBe('Public');
    fireEvent.change(screen.getByLabelText("What's on your mind?"), { target: { value: 'Hello all' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls.some((call) => call.name === 'createPost')).toBe(true));
    expect(calls.find((call) => call.name === 'createPost')?.data).toMatchObject({ content: 'Hello all', privacy: 'public' });
    await waitFor(() => expect(audience.value).toBe('Anchors Only'));
  });
});

describe('the news feed', () => {
  it('says so when a refresh fails while posts are on screen, and keeps the posts', async () => {
    answers.getMyStanding = () => ({ standing: { status: 'good' }, notices: [] });
    answers.getFeed = () => Promise.reject(new ApiError('unavailable', 'down'));
    const queryClient = primedQueryClient({ stage: 'local', session: SESSION });
    const post = samplePost({ postId: 'p1', authorId: 'u2', authorName: 'Bo', content: 'Already here' });
    queryClient.setQueryData(feedKeys.feed('u1'), { pages: [{ posts: [post], nextCursor: null }], pageParams: [undefined] });
    renderWithProviders(
      <MemoryRouter initialEntries={['/dashboard']}>
        <NewsFeed userId="u1" />
      </MemoryRouter>,
      queryClient,
    );
    expect(await screen.findByText('Already here')).toBeTruthy();
    expect(screen.queryByTestId('feed-refresh-failed')).toBeNull();
    await queryClient.refetchQueries({ queryKey: feedKeys.feed('u1') }).catch(() => undefined);
    expect(await screen.findByText('The feed could not be refreshed')).toBeTruthy();
    expect(screen.getByText('Already here')).toBeTruthy();
  });
});
