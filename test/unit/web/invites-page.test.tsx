// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyInvites } from '#contracts/invites';
import InvitesRoute from '../../../web/src/features/invites/routes/invites.tsx';
import { installJsdomShims, primedQueryClient, renderWithProviders } from '../../support/render-web-route.tsx';

vi.mock('../../../web/src/lib/auth.ts', () => ({ accessToken: async () => 'access-token-1' }));

beforeAll(installJsdomShims);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANSWER: MyInvites = {
  inviteCode: 'ABCD2345',
  unlimited: false,
  local: { used: 2, limit: 5 },
  distant: { used: 1, limit: 5 },
  pending: 1,
  invitesLeft: 6,
  invitees: [
    { status: 'pending', uid: 'p1', displayName: 'Pat Pending', signedUpAt: '2031-03-01T10:00:00.000Z', lapsesAt: '2031-03-08T10:00:00.000Z' },
    { status: 'joined', uid: 'j1', displayName: 'Jo Joined', joinedAt: '2031-02-20T10:00:00.000Z', inviteType: 'distant' },
  ],
};

function renderPage(answer: MyInvites) {
  const queryClient = primedQueryClient({ stage: 'local' });
  queryClient.setQueryData(['invites', 'mine'], answer);
  // A memory router of its own: the page links to profiles.
  const router = createMemoryRouter([{ path: '/invites', Component: InvitesRoute }], { initialEntries: ['/invites'] });
  renderWithProviders(<RouterProvider router={router} />, queryClient);
}

describe('/invites page (jsdom)', () => {
  it('shows the code, its share link, local and distant used of 5, pending and left', async () => {
    renderPage(ANSWER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Invites' })).toBeTruthy();
    expect(screen.getByTestId('invite-code').textContent).toBe('ABCD2345');
    expect(screen.getByTestId('share-link').textContent).toBe(`${window.location.origin}/auth/signup?code=ABCD2345`);
    expect(screen.getByTestId('invites-local').textContent).toContain('2 / 5');
    expect(screen.getByTestId('invites-distant').textContent).toContain('1 / 5');
    expect(screen.getByTestId('invites-left').textContent).toContain('6');
    expect(screen.getByTestId('invites-pending').textContent).toContain('1');
    // Local and distant in the words every screen uses, so a member reads one meaning everywhere.
    expect(
      screen.getByText(/5 local invites, for people in your city and state, and 5 distant invites, for people in another city within 50 miles of your city/),
    ).toBeTruthy();
  });

  it('lists pending people with the day their invite lapses, and members with a link to their profile and their kind', async () => {
    renderPage(ANSWER);
    const [pending, joined] = await screen.findAllByTestId('invitee');
    expect(pending?.getAttribute('data-status')).toBe('pending');
    expect(pending?.textContent).toMatch(/Pat Pending.*Pending.*Lapses/);
    expect(
      within(joined as HTMLElement)
        .getByRole('link', { name: 'Jo Joined' })
        .getAttribute('href'),
    ).toBe('/profile/j1');
    expect(joined?.textContent).toContain('Distant');
  });

  it('says Unlimited for a superuser, and invites a member with nobody yet to share their code', async () => {
    renderPage({ ...ANSWER, unlimited: true, invitesLeft: null, invitees: [] });
    expect((await screen.findByTestId('invites-invites')).textContent).toContain('Unlimited');
    expect(screen.queryByTestId('invites-local')).toBeNull();
    expect(screen.getByText(/Nobody has used your code yet/)).toBeTruthy();
  });

  it('replaces the code after confirmation, sending the code the member sees (a double-click replaces once)', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url === '/config.json')
        return Response.json({
          stage: 'local',
          region: 'us-east-1',
          apiUrl: '/api',
          liveUrl: 'ws://localhost:4000/live',
          cognito: { userPoolId: 'local_1', userPoolClientId: 'c1' },
        });
      if (url === '/api/replaceInviteCode') {
        sent.push(JSON.parse(String(init?.body)));
        return Response.json({ result: { inviteCode: 'WXYZ6789' } });
      }
      return Response.json({ result: { ...ANSWER, inviteCode: 'WXYZ6789' } });
    });
    renderPage(ANSWER);
    fireEvent.click(await screen.findByRole('button', { name: 'Replace code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace your invite code?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace code' }));
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toBe('WXYZ6789'));
    expect(sent).toEqual([{ data: { currentCode: 'ABCD2345' } }]);
  });
});
