// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataExport } from '#contracts/exports';
import { DataExportCard } from '../../../web/src/features/settings/components/data-export-card.tsx';
import { installJsdomShims, primedQueryClient, renderWithProviders } from '../../support/render-web-route.tsx';
import { answers, calls, resetScriptedApi } from '../../support/scripted-api.ts';

vi.mock('../../../web/src/lib/api-client.ts', () => import('../../support/scripted-api.ts'));

beforeAll(installJsdomShims);
beforeEach(resetScriptedApi);
afterEach(cleanup);

const NONE: DataExport = {
  status: 'none',
  requestedAt: null,
  readyAt: null,
  sizeBytes: null,
  nextExportAt: null,
  fileExpiresAt: null,
  downloadUrl: null,
  linkExpiresAt: null,
};
const READY: DataExport = {
  ...NONE,
  status: 'ready',
  requestedAt: '2031-03-01T10:00:00.000Z',
  readyAt: '2031-03-01T10:00:05.000Z',
  sizeBytes: 3 * 1024 * 1024,
  nextExportAt: '2031-03-02T10:00:00.000Z',
  fileExpiresAt: '2031-03-08T10:00:05.000Z',
  downloadUrl: 'https://bucket.example/exports/u1/x.zip?X-Amz-Signature=abc',
  linkExpiresAt: '2031-03-01T10:15:05.000Z',
};

describe('Settings › Account › Download my data (jsdom)', () => {
  it('asks once, says it is being prepared, then offers the link with the size (read again 3 s later)', { timeout: 15_000 }, async () => {
    let state: DataExport = NONE;
    answers.getDataExport = () => state;
    answers.requestDataExport = () => {
      state = READY;
      return { ...NONE, status: 'building', requestedAt: READY.requestedAt, started: true };
    };
    renderWithProviders(<DataExportCard />, primedQueryClient({ stage: 'local' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Request my data' }));
    expect(await screen.findByText('We are preparing your data. This takes a minute or two; you can leave this page.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request my data' })).toBeNull();
    const link = await screen.findByRole('link', { name: 'Download my data (3.0 MB)' }, { timeout: 8000 });
    expect(link.getAttribute('href')).toBe(READY.downloadUrl);
    expect(calls.filter((call) => call.name === 'requestDataExport')).toHaveLength(1);
  });

  it('offers to try again after a failed export, and shows a refused request in place', async () => {
    answers.getDataExport = () => ({ ...NONE, status: 'failed', requestedAt: READY.requestedAt });
    answers.requestDataExport = () => {
      throw new Error('User not found');
    };
    renderWithProviders(<DataExportCard />, primedQueryClient({ stage: 'local' }));
    expect(await screen.findByText('We could not prepare your data. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('User not found')).toBeTruthy());
  });
});
