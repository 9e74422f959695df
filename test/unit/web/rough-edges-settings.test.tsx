// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#contracts/user';
import type { AuthSession } from '../../../web/src/lib/auth.ts';
import { answers, ApiError, calls, resetScriptedApi } from '../../support/scripted-api.ts';

/** Rough edges on the Settings screen: nothing is changed or deleted behind the member's back. */
vi.mock('../../../web/src/lib/api-client.ts', () => import('../../support/scripted-api.ts'));

const { installJsdomShims, renderRoute, testMember } = await import('../../support/render-web-route.tsx');

configure({ asyncUtilTimeout: 8_000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(installJsdomShims);
beforeEach(resetScriptedApi);
afterEach(() => cleanup());

const SESSION: AuthSession = { userId: 'u1', email: 'ada@example.com', emailVerifiedClaim: true, groups: [] };
const PHOTO = { id: 'photo-1', url: 'http://localhost/pictures/u1/1.jpg', caption: '', uploadedAt: '2026-11-01T10:00:00.000Z' };

function renderSettings(overrides: Partial<User> = {}) {
  const me = testMember(
    { uid: 'u1', displayName: 'Ada', now: new Date(0) },
    { location: { city: 'Austin', state: 'Texas', country: 'United States' }, ...overrides },
  );
  const router = renderRoute('/settings', { session: SESSION, me });
  return { router, member: me };
}

describe('Settings rough edges', () => {
  it('keeps a graduation year of 1850 on screen and says why it is refused, instead of making it 1900', async () => {
    renderSettings();
    const year = (await screen.findByLabelText('Graduation year')) as HTMLInputElement;
    fireEvent.focus(year);
    fireEvent.change(year, { target: { value: '1850' } });
    fireEvent.blur(year);
    expect(await screen.findByText('Graduation year must be 1900 or later')).toBeTruthy();
    expect(year.value).toBe('1850');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(calls.filter((call) => call.name === 'updateProfile')).toEqual([]);
  });

  it('a bio pasted past 300 characters stays whole, with the counter and the message', async () => {
    renderSettings();
    const bio = (await screen.findByLabelText('Bio')) as HTMLTextAreaElement;
    fireEvent.change(bio, { target: { value: 'b'.repeat(320) } });
    expect(bio.value).toHaveLength(320);
    expect(screen.getByText('320/300')).toBeTruthy();
    expect(screen.getByText('Bio must be at most 300 characters')).toBeTruthy();
  });

  it('the phone field says "Please use format: 555-123-4567" when left unfinished', async () => {
    renderSettings();
    const phone = (await screen.findByLabelText('Phone Number')) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '555123' } });
    fireEvent.blur(phone);
    expect(await screen.findByText('Please use format: 555-123-4567')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '5551234567' } });
    await waitFor(() => expect(screen.queryByText('Please use format: 555-123-4567')).toBeNull());
  });

  it('deletes a photo only after a confirmation, and a later success clears the last error', async () => {
    let deleteAnswers = [() => Promise.reject(new ApiError('unavailable', 'down')), () => ({ photos: [] })];
    answers.deletePhoto = () => {
      const [next, ...rest] = deleteAnswers;
      deleteAnswers = rest;
      return next?.();
    };
    const me = renderSettings({ photos: [PHOTO] });
    // A failed gallery change reads the record again.
    answers.getMe = () => me.member;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete photo 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete photo' });
    expect(calls.filter((call) => call.name === 'deletePhoto')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete photo' })).toBeNull());
    expect(calls.filter((call) => call.name === 'deletePhoto')).toEqual([]);

    // The first delete fails, the second succeeds: the failure's alert goes with it.
    for (let attempt = 0; attempt < 2; attempt++) {
      fireEvent.click(screen.getByRole('button', { name: 'Delete photo 1' }));
      fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete photo' })).getByRole('button', { name: 'Delete' }));
      if (attempt === 0) expect(await screen.findByText('The photo was not deleted')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete photo' })).toBeNull());
    }
    await waitFor(() => expect(screen.queryByText('The photo was not deleted')).toBeNull());
    expect(calls.filter((call) => call.name === 'deletePhoto')).toEqual([
      { name: 'deletePhoto', data: { photoId: 'photo-1' } },
      { name: 'deletePhoto', data: { photoId: 'photo-1' } },
    ]);
  });
});
