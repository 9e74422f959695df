import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardState } from '../../../web/src/app/decide-guard.ts';

const signedIn = (overrides: Partial<Extract<GuardState, { status: 'signed-in' }>> = {}): GuardState => ({
  status: 'signed-in',
  emailVerified: true,
  profile: 'complete',
  hasSeenWelcome: true,
  ...overrides,
});

describe('decideGuard (spec §2 guard behaviour, in order)', () => {
  it('1. shows a loading state while the session is loading', () => {
    expect(decideGuard({ status: 'loading' }, '/dashboard')).toEqual({ action: 'loading' });
  });

  it('shows an error (not a redirect) when the session cannot be read', () => {
    expect(decideGuard({ status: 'error' }, '/dashboard')).toEqual({ action: 'error' });
  });

  it('2. sends a visitor without a signed-in user to /auth/signin', () => {
    for (const path of ['/dashboard', '/welcome', '/profile/setup', '/admin', '/anchors', '/profile/u1', '/dev/x', '/devtools']) {
      expect(decideGuard({ status: 'signed-out' }, path)).toEqual({ action: 'redirect', to: '/auth/signin' });
    }
  });

  it('2. lets a signed-out visitor see /dev only, whose screen asks them to sign in', () => {
    expect(decideGuard({ status: 'signed-out' }, '/dev')).toEqual({ action: 'render' });
    expect(decideGuard({ status: 'signed-out' }, '/dev/')).toEqual({ action: 'render' });
    // Still loading or unreadable sessions are not waived, and signed-in members keep rules 3 to 5.
    expect(decideGuard({ status: 'loading' }, '/dev')).toEqual({ action: 'loading' });
    expect(decideGuard({ status: 'error' }, '/dev')).toEqual({ action: 'error' });
    expect(decideGuard(signedIn({ profile: 'incomplete', hasSeenWelcome: true }), '/dev')).toEqual({
      action: 'redirect',
      to: '/profile/setup',
    });
  });

  it('3. sends an unverified member to /auth/verify-email, before any profile rule', () => {
    const state = signedIn({ emailVerified: false, profile: 'incomplete', hasSeenWelcome: false });
    expect(decideGuard(state, '/dashboard')).toEqual({ action: 'redirect', to: '/auth/verify-email' });
    expect(decideGuard(signedIn({ emailVerified: false, profile: 'loading' }), '/welcome')).toEqual({
      action: 'redirect',
      to: '/auth/verify-email',
    });
  });

  it('waits for the profile before applying rules 4 and 5, and reports a failed load', () => {
    expect(decideGuard(signedIn({ profile: 'loading' }), '/dashboard')).toEqual({ action: 'loading' });
    expect(decideGuard(signedIn({ profile: 'error' }), '/dashboard')).toEqual({ action: 'error' });
  });

  it('4. sends an incomplete profile without the welcome flag to /welcome, unless already there', () => {
    const state = signedIn({ profile: 'incomplete', hasSeenWelcome: false });
    expect(decideGuard(state, '/dashboard')).toEqual({ action: 'redirect', to: '/welcome' });
    expect(decideGuard(state, '/profile/setup')).toEqual({ action: 'redirect', to: '/welcome' });
    expect(decideGuard(state, '/welcome')).toEqual({ action: 'render' });
    expect(decideGuard(state, '/welcome/')).toEqual({ action: 'render' });
  });

  it('5. sends an incomplete profile with the welcome flag to /profile/setup, unless already there', () => {
    const state = signedIn({ profile: 'incomplete', hasSeenWelcome: true });
    expect(decideGuard(state, '/dashboard')).toEqual({ action: 'redirect', to: '/profile/setup' });
    expect(decideGuard(state, '/welcome')).toEqual({ action: 'redirect', to: '/profile/setup' });
    expect(decideGuard(state, '/profile/abc')).toEqual({ action: 'redirect', to: '/profile/setup' });
    expect(decideGuard(state, '/profile/setup')).toEqual({ action: 'render' });
  });

  it('renders every guarded route for a verified member with a complete profile', () => {
    const routes = ['/welcome', '/profile/setup', '/profile/u1', '/dashboard', '/anchors', '/admin', '/metrics', '/settings', '/dev'];
    for (const path of routes) expect(decideGuard(signedIn(), path)).toEqual({ action: 'render' });
  });
});
