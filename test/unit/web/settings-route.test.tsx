// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../../../web/src/lib/auth.ts';

const calls: { name: string; data: unknown }[] = [];
/** What every call fails with (a network failure unless a test says otherwise). */
let failure: Error = new Error('network');
vi.mock('../../../web/src/lib/api-client.ts', () => ({
  callApi: (name: string, data: unknown) => {
    calls.push({ name, data });
    return Promise.reject(failure);
  },
  isApiError: (error: unknown, status?: string) => error instanceof Error && 'status' in error && (status === undefined || error.status === status),
}));

const { installJsdomShims, renderRoute, testMember } = await import('../../support/render-web-route.tsx');

beforeAll(installJsdomShims);

afterEach(() => {
  cleanup();
  calls.length = 0;
  failure = new Error('network');
});

/** findBy* waits 1 s by default; a loaded machine needs more for the lazy route. */
const WAIT = { timeout: 8_000 };

const SESSION: AuthSession = { userId: 'u1', email: 'ada@example.com', emailVerifiedClaim: true, groups: [] };

function renderSettings() {
  const me = testMember({ uid: 'u1', displayName: 'Ada', now: new Date(0) }, { location: { city: 'Austin', state: 'Texas', country: 'United States' } });
  return renderRoute('/settings', { session: SESSION, me });
}

// The first render loads and transforms the lazy settings chunk; on a busy machine that alone can near 5 s.
describe('/settings (jsdom)', { timeout: 20_000 }, () => {
  it('has the tabs Profile, Privacy, Notifications, Vouches and Account, the gallery count and the six privacy selects', async () => {
    renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' }, WAIT)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Privacy', 'Notifications', 'Vouches', 'Account']);
    expect(screen.getByTestId('photo-count').textContent).toBe('0/10');
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Privacy' }));
    expect(await screen.findByRole('button', { name: 'Save Privacy Settings' }, WAIT)).toBeTruthy();
    for (const label of [
      'Profile visibility',
      'Birthday visibility',
      'Photos visibility',
      'Contact info visibility',
      'Phone number visibility',
      'Personal email visibility',
    ]) {
      expect(screen.getAllByLabelText(label).length).toBeGreaterThan(0);
    }
  });

  it('enables Delete My Account only for the exact phrase, and says so when deletion fails', async () => {
    const router = renderSettings();
    fireEvent.click(await screen.findByRole('tab', { name: 'Account' }, WAIT));
    expect((await screen.findByTestId('account-id', {}, WAIT)).textContent).toBe('u1');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const input = await screen.findByLabelText('Type DELETE MY ACCOUNT to confirm', {}, WAIT);
    const confirm = screen.getByRole('button', { name: 'Delete My Account' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: 'delete my account' } });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: 'DELETE MY ACCOUNT ' } });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: 'DELETE MY ACCOUNT' } });
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('Failed to delete account. Please try again.', {}, WAIT)).toBeTruthy();
    expect(calls).toContainEqual({ name: 'deleteMyAccount', data: { confirmationText: 'DELETE MY ACCOUNT' } });
    expect(router.state.location.pathname).toBe('/settings');
  });

  it("shows the server's reason when the deletion is refused (the founder's account stays)", async () => {
    const reason = "The founder's account cannot be deleted: it anchors the invite tree.";
    failure = Object.assign(new Error(reason), { status: 'permission-denied' });
    renderSettings();
    fireEvent.click(await screen.findByRole('tab', { name: 'Account' }, WAIT));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }, WAIT));
    fireEvent.change(await screen.findByLabelText('Type DELETE MY ACCOUNT to confirm', {}, WAIT), { target: { value: 'DELETE MY ACCOUNT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText(reason, {}, WAIT)).toBeTruthy();
    expect(screen.queryByText('Failed to delete account. Please try again.')).toBeNull();
  });

  it("shows 'Error saving profile. Please try again.' when the save fails", async () => {
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Save Profile' }, WAIT));
    expect(await screen.findByText('Error saving profile. Please try again.', {}, WAIT)).toBeTruthy();
    expect(calls.map((call) => call.name)).toContain('updateProfile');
  });
});
