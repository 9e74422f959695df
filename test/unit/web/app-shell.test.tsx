// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#contracts/user';
import type { AuthSession } from '../../../web/src/lib/auth.ts';
import { installJsdomShims, renderRoute, testMember } from '../../support/render-web-route.tsx';

beforeAll(installJsdomShims);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const SESSION: AuthSession = { userId: 'u1', email: 'ada@example.com', emailVerifiedClaim: false, groups: [] };

function user(overrides: Partial<User> = {}): User {
  return testMember({ uid: 'u1', displayName: 'Ada Lovelace', now: new Date('2024-01-01T00:00:00.000Z') }, overrides);
}

/** Renders the real route table at `path`; a signed-in visitor gets a primed session cache. */
function renderAt(path: string, signedIn?: { me: User | null }, config?: { stage: 'local' | 'dev' | 'prod' }) {
  return renderRoute(path, { stage: config?.stage, session: signedIn ? SESSION : null, me: signedIn?.me });
}

describe('app shell (jsdom)', () => {
  it('shows the landing page and the signed-out navigation', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: /^Anchored to Friends/ }, { timeout: 5_000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Why', 'Sign In', 'Join']);
    expect(within(nav).getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/auth/signup');
  });

  // Lazy screens: their first import in jsdom can outlast findBy's 1 s default on a loaded machine.
  it('redirects a signed-out visitor from a guarded route to /auth/signin', async () => {
    const router = renderAt('/settings');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('shows the signed-in navigation with the display name linking to the profile', async () => {
    renderAt('/dashboard', { me: user() });
    // The dashboard is the largest lazy screen (feed, composer, columns): its first import takes a while in jsdom.
    await screen.findByTestId('dashboard', {}, { timeout: 5_000 });
    // No scaffolding: the dashboard does not print who is signed in (the navigation names them).
    expect(screen.queryByText(/Signed in as/)).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Anchors', 'Metrics', 'Ada Lovelace', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Your profile: Ada Lovelace' }).getAttribute('href')).toBe('/profile/u1');
    expect(within(nav).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('sends a member without a profile to /welcome, and after the flag to /profile/setup', async () => {
    const router = renderAt('/dashboard', { me: null });
    expect(await screen.findByRole('heading', { name: 'Welcome to Anchored' }, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/welcome');
    screen.getByRole('button', { name: 'Skip tutorial' }).click();
    expect(await screen.findByRole('heading', { name: 'Complete Your Profile' }, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile/setup');
    expect(localStorage.getItem('hasSeenWelcome')).toBe('true');
  });

  it.each([
    ['/terms', 'Terms of Service - Coming Soon'],
    ['/groups/discover', 'Discover Groups - Coming Soon'],
    ['/groups/g1', 'Group - Coming Soon'],
    ['/privacy', 'Privacy Policy - Coming Soon'],
    ['/auth/signup', 'Join Anchored'],
    ['/no/such/page', 'Page not found'],
  ])('%s shows "%s"', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('/metrics shows the community metrics page to a member', async () => {
    renderAt('/metrics', { me: user() }, { stage: 'prod' });
    // The metrics chunk carries the charts: its first import takes a while in jsdom under load.
    expect(await screen.findByRole('heading', { level: 1, name: 'Community Metrics' }, { timeout: 5_000 })).toBeTruthy();
  });

  it('/dev asks a signed-out visitor to sign in instead of redirecting (only that route)', async () => {
    const router = renderAt('/dev', undefined, { stage: 'local' });
    expect(await screen.findByText('Please sign in to use dev tools.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dev');
  });

  it('/dev offers nothing on prod', async () => {
    renderAt('/dev', { me: user() }, { stage: 'prod' });
    expect(await screen.findByText('Developer tools are not available on this deployment.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /dummy anchors/ })).toBeNull();
  });

  it('/dev shows a member their user id and the dummy anchors button', async () => {
    renderAt('/dev', { me: user() }, { stage: 'local' });
    expect((await screen.findByTestId('own-user-id')).textContent).toBe('u1');
    expect(screen.getByRole('button', { name: 'Create 10 dummy anchors' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('step 1 upper-cases the code as typed and enables Continue only at 8 characters', async () => {
    renderAt('/auth/signup');
    const input = (await screen.findByLabelText(/Invite code/)) as HTMLInputElement;
    const proceed = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: 'abc d' } });
    expect(input.value).toBe('ABCD');
    expect(proceed.disabled).toBe(true);
    expect(screen.getByText('Invite codes are 8 characters long')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'abcdefgh' } });
    expect(input.value).toBe('ABCDEFGH');
    expect(proceed.disabled).toBe(false);
    const progress = screen.getByRole('navigation', { name: 'Joining progress' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/^[0-9✓]/, '')),
    ).toEqual(['Invite Code', 'Create Account', 'Verify Email', 'Complete Profile']);
  });

  it('step 2 without a code from step 1 goes back to step 1', async () => {
    const router = renderAt('/auth/register');
    expect(await screen.findByRole('heading', { name: 'Join Anchored' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/signup');
  });

  it('step 2 with a code shows the registration form', async () => {
    sessionStorage.setItem('inviteCode', 'ABCDEFGH');
    renderAt('/auth/register');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.getByText('ABCDEFGH')).toBeTruthy();
  });

  it('/auth/reset-password is a public screen', async () => {
    renderAt('/auth/reset-password?email=ada%40example.com');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Email/ }) as HTMLInputElement).value).toBe('ada@example.com');
  });
});
