// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SharedCommunityMetrics } from '#contracts/metrics';
import { SummaryCards } from '../../../web/src/features/metrics/components/summary-cards.tsx';
import { installJsdomShims } from '../../support/render-web-route.tsx';

beforeAll(installJsdomShims);
afterEach(cleanup);

const record: SharedCommunityMetrics = {
  date: '2031-03-04',
  totalUsers: 200,
  activeUsers: 100,
  invitationAcceptanceRate: 0.5,
  platformRefugeeRate: 0.1,
  localConnectionDensity: 0.25,
  geographicClusters: {},
  topInviters: [],
  basis: { invitedSignups: 2, invitesAccepted: 1, establishedMembers: 10, refugees: 1, acceptedConnections: 4, localConnections: 1 },
};

const renderCards = (metrics: SharedCommunityMetrics) =>
  render(
    <MantineProvider>
      <SummaryCards record={metrics} />
    </MantineProvider>,
  );

describe('the metrics card Verified in person', () => {
  it('counts the members verified in person, as a share of Total Users', () => {
    renderCards({ ...record, verifiedInPerson: 50 });
    const card = screen.getByRole('group', { name: 'Verified in person' });
    expect(within(card).getByTestId('metric-value').textContent).toBe('50');
    expect(within(card).getByText('25% of members')).toBeTruthy();
  });

  it('is left out for a record from before it was counted, rather than showing an invented zero', () => {
    renderCards(record);
    expect(screen.queryByRole('group', { name: 'Verified in person' })).toBeNull();
    expect(screen.getAllByRole('group')).toHaveLength(4);
  });
});
