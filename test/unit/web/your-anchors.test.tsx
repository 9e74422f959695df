// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CallableOutput } from '#contracts/callables';
import { YourAnchors } from '../../../web/src/features/anchors/components/your-anchors.tsx';
import { anchorKeys } from '../../../web/src/features/anchors/keys.ts';
import { installJsdomShims, primedQueryClient, renderWithProviders } from '../../support/render-web-route.tsx';

vi.mock('../../../web/src/lib/auth.ts', () => ({ accessToken: async () => 'access-token-1' }));

beforeAll(installJsdomShims);
afterEach(cleanup);

const SESSION = { userId: 'viewer-1', email: 'ada@example.com', emailVerifiedClaim: true, groups: [] };
const AT = '2031-03-01T10:00:00.000Z';

const ANCHORS: CallableOutput<'listAnchors'> = {
  anchors: [
    // Profile visibility Only Me: the server sends no location.
    {
      uid: 'hidden-1',
      displayName: 'Olive Hidden',
      profilePicture: '',
      verifiedInPerson: false,
      friendshipId: 'hidden-1_viewer-1',
      connectionType: 'local',
      invitationChain: false,
      mutualFriends: 0,
      acceptedAt: AT,
    },
    {
      uid: 'open-1',
      displayName: 'Andy Open',
      profilePicture: '',
      verifiedInPerson: false,
      friendshipId: 'open-1_viewer-1',
      location: { city: 'Dallas', state: 'Texas', country: 'United States' },
      connectionType: 'distant',
      invitationChain: false,
      mutualFriends: 0,
      acceptedAt: AT,
    },
  ],
  count: 2,
  max: 100,
};

const REQUESTS: CallableOutput<'listAnchorRequests'> = {
  received: [{ uid: 'asker-1', displayName: 'Rita Received', profilePicture: '', verifiedInPerson: false, friendshipId: 'asker-1_viewer-1', requestedAt: AT }],
  sent: [{ uid: 'asked-1', displayName: 'Sam Sent', profilePicture: '', verifiedInPerson: false, friendshipId: 'asked-1_viewer-1', requestedAt: AT }],
};

function renderYourAnchors(path = '/anchors') {
  const queryClient = primedQueryClient({ stage: 'local', session: SESSION });
  queryClient.setQueryData(anchorKeys.list(SESSION.userId), ANCHORS);
  queryClient.setQueryData(anchorKeys.requests(SESSION.userId), REQUESTS);
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <YourAnchors />
    </MemoryRouter>,
    queryClient,
  );
}

describe('Your Anchors (jsdom)', () => {
  it("shows an anchor's city only when the server sent it, and every anchor's connection type", async () => {
    renderYourAnchors();
    const cards = await screen.findAllByTestId('anchor-card');
    const cardOf = (name: string) => cards.find((card) => within(card).queryByText(name));
    expect(cardOf('Olive Hidden')?.textContent).toContain('Local');
    expect(cardOf('Olive Hidden')?.textContent).not.toContain(',');
    expect(cardOf('Andy Open')?.textContent).toContain('Distant');
    expect(cardOf('Andy Open')?.textContent).toContain('Dallas, Texas');
  });

  it('the pending tab names who asked and who was asked, never a connection type', async () => {
    renderYourAnchors();
    fireEvent.click(await screen.findByRole('tab', { name: /Pending/ }));
    const received = await screen.findByTestId('received-request');
    const sent = screen.getByTestId('sent-request');
    expect(received.textContent).toContain('Rita Received');
    expect(sent.textContent).toContain('Sam Sent');
    for (const row of [received, sent]) expect(row.textContent).not.toMatch(/local|distant/i);
  });

  it("the Pending tab counts received plus sent, and /anchors?tab=pending (the dashboard's link) opens it", async () => {
    renderYourAnchors('/anchors?tab=pending');
    const tab = await screen.findByRole('tab', { name: /Pending/ });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(within(tab).getByTestId('pending-tab-count').textContent).toBe('2');
    expect(await screen.findByTestId('received-request')).toBeTruthy();
  });
});
