// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommunityMetrics } from '#contracts/metrics';
import MetricsRoute from '../../../web/src/features/metrics/routes/metrics.tsx';
import { installJsdomShims, primedQueryClient, renderWithProviders } from '../../support/render-web-route.tsx';

vi.mock('../../../web/src/lib/auth.ts', () => ({ accessToken: async () => 'access-token-1' }));

beforeAll(installJsdomShims);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function record(date: string, overrides: Partial<CommunityMetrics> = {}): CommunityMetrics {
  return {
    date,
    totalUsers: 1234,
    activeUsers: 864,
    invitationAcceptanceRate: 0.7143,
    platformRefugeeRate: 0.125,
    localConnectionDensity: 0.25,
    geographicClusters: { 'Austin, TX': 40, 'Boise, ID': 90, 'Chicago, IL': 50, 'Denver, CO': 10, 'El Paso, TX': 20, 'Fresno, CA': 30 },
    topInviters: Array.from({ length: 8 }, (_, index) => ({ userId: `secret-uid-${index}`, inviteCount: 9 - index, acceptanceRate: 0.9 })),
    basis: { invitedSignups: 7, invitesAccepted: 5, establishedMembers: 8, refugees: 1, acceptedConnections: 4, localConnections: 1 },
    ...overrides,
  };
}

function renderPage(options: { stage: 'local' | 'prod'; records: CommunityMetrics[] }) {
  const queryClient = primedQueryClient({ stage: options.stage });
  queryClient.setQueryData(['metrics', 'day'], { records: options.records });
  renderWithProviders(<MetricsRoute />, queryClient);
}

function stubCalculate(status: number) {
  const config = {
    stage: 'local',
    region: 'us-east-1',
    apiUrl: '/api',
    liveUrl: 'ws://localhost:4000/live',
    cognito: { userPoolId: 'local_1', userPoolClientId: 'c1' },
  };
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/config.json') return Response.json(config);
    calls.push(url);
    if (url === '/api/calculateMetricsManually') {
      return status === 200
        ? Response.json({ result: record('2031-03-05') })
        : Response.json({ error: { status: 'INTERNAL', message: 'Something went wrong. Please try again.' } }, { status });
    }
    return Response.json({ result: { records: [record('2031-03-05')] } });
  });
  return calls;
}

describe('/metrics page (jsdom)', () => {
  it('shows the four cards from the newest record, abbreviated and as whole percentages', async () => {
    renderPage({ stage: 'prod', records: [record('2031-03-04'), record('2031-03-03', { totalUsers: 10 })] });
    const value = (title: string) => within(screen.getByRole('group', { name: title })).getByTestId('metric-value').textContent;
    expect(await screen.findByRole('heading', { level: 1, name: 'Community Metrics' })).toBeTruthy();
    expect(value('Total Users (verified members)')).toBe('1.2K');
    expect(value('Active Users (last 30 days)')).toBe('864');
    expect(value('Invite Acceptance')).toBe('71%');
    expect(value('Platform Refugees')).toBe('13%');
    expect(screen.getByText('5 of 7 invited sign-ups joined')).toBeTruthy();
  });

  it('lists the top 5 cities and 6 anonymous champions, and the health score with its targets', async () => {
    renderPage({ stage: 'prod', records: [record('2031-03-04')] });
    const cities = within(await screen.findByRole('list', { name: 'Top cities' })).getAllByRole('listitem');
    expect(cities.map((item) => item.textContent)).toEqual(['Boise, ID90', 'Chicago, IL50', 'Austin, TX40', 'Fresno, CA30', 'El Paso, TX20']);
    const champions = within(screen.getByRole('list', { name: 'Community champions' })).getAllByRole('listitem');
    expect(champions).toHaveLength(6);
    expect(champions[0]?.textContent).toBe('Champion 19 invites accepted90% acceptance');
    expect(document.body.textContent).not.toContain('secret-uid');
    // engagement 864/1234 = 70% → 1 (rounded display 70%, actual 0.7002); local 0.25/0.5; trust 0.7143/0.6 → 1: mean 5/6
    expect(screen.getByTestId('health-score').textContent).toBe('83%');
    expect(screen.getByText('Engagement rate')).toBeTruthy();
    expect(screen.getAllByText('(target 70%)')).toHaveLength(1);
    expect(screen.getByText('(target 50%)')).toBeTruthy();
    expect(screen.getByText('(target 60%)')).toBeTruthy();
    expect(screen.getByTestId('user-growth-chart')).toBeTruthy();
    expect(screen.getByRole('radio', { name: '24 Hours' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '7 Days' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '30 Days' })).toBeTruthy();
  });

  it('says so when there is no record yet, and offers no dev button on prod', async () => {
    renderPage({ stage: 'prod', records: [] });
    expect(await screen.findByText('No metrics data available yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Calculate metrics now' })).toBeNull();
    expect(screen.getByText('How these figures are measured')).toBeTruthy();
  });

  it('the dev button calculates and says so, then shows the new record', async () => {
    const calls = stubCalculate(200);
    renderPage({ stage: 'local', records: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Calculate metrics now' }));
    expect(await screen.findByText('Metrics calculated successfully!')).toBeTruthy();
    expect(calls[0]).toBe('/api/calculateMetricsManually');
    expect(await screen.findByRole('group', { name: 'Total Users (verified members)' })).toBeTruthy();
  });

  it('the dev button reports a failure with the spec message', async () => {
    stubCalculate(500);
    renderPage({ stage: 'local', records: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Calculate metrics now' }));
    expect(await screen.findByText('Failed to calculate metrics')).toBeTruthy();
  });
});
