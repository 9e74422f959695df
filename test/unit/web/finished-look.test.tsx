// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { YourAnchors } from '../../../web/src/features/anchors/components/your-anchors.tsx';
import { NetworkColumn } from '../../../web/src/features/feed/components/network-column.tsx';
import { installJsdomShims, primedQueryClient, renderWithProviders } from '../../support/render-web-route.tsx';

// The anchor lists never answer here: what a screen shows before its data arrives.
vi.mock('../../../web/src/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  callApi: () => new Promise(() => {}),
}));
vi.mock('../../../web/src/lib/auth.ts', () => ({ accessToken: async () => 'access-token-1' }));

beforeAll(installJsdomShims);
afterEach(cleanup);

const SESSION = { userId: 'viewer-1', email: 'ada@example.com', emailVerifiedClaim: true, groups: [] };

function render(ui: React.ReactNode) {
  renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>, primedQueryClient({ stage: 'local', session: SESSION }));
}

describe('a finished look', () => {
  it("the dashboard's network shows skeletons, not '0 / 100', until the counts are known; Groups is Coming Soon, not sample data", () => {
    render(<NetworkColumn anchorCount={undefined} pendingRequests={undefined} />);
    expect(screen.getByRole('status', { name: 'Loading your anchor count' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading your pending requests' })).toBeTruthy();
    expect(screen.queryByText(/\/ 100/)).toBeNull();
    const groups = screen.getByRole('region', { name: 'Groups' });
    expect(within(groups).getByText('Coming Soon')).toBeTruthy();
    expect(screen.queryByText(/Sample data/)).toBeNull();
    cleanup();

    render(<NetworkColumn anchorCount={3} pendingRequests={null} />);
    expect(screen.getByText('3 / 100')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("the Anchors page shows skeletons, not '0 / 100 anchors' or 'Anchors (0)', while the list loads", async () => {
    render(<YourAnchors />);
    expect(await screen.findByRole('status', { name: 'Loading your anchor count' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading your anchors' })).toBeTruthy();
    expect(screen.queryByText(/\/ 100/)).toBeNull();
    expect(screen.getByRole('tab', { name: 'Anchors' })).toBeTruthy();
    expect(screen.queryByText('Anchors (0)')).toBeNull();
  });
});
