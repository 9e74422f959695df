import { paths } from '../lib/paths.ts';

/** What the guard knows about the visitor. */
export type GuardState =
  | { status: 'loading' }
  /** The session could not be read (e.g. Cognito unreachable): neither signed in nor out. */
  | { status: 'error' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      emailVerified: boolean;
      /** From getMe: not-found or profileCompleted false is 'incomplete'. */
      profile: 'loading' | 'complete' | 'incomplete' | 'error';
      hasSeenWelcome: boolean;
    };

export type GuardDecision = { action: 'loading' } | { action: 'error' } | { action: 'redirect'; to: string } | { action: 'render' };

/**
 * Guarded routes whose screen speaks to signed-out visitors itself instead of sending them to
 * sign-in: spec §2 Dev tools shows 'Please sign in to use dev tools.'. Only rule 2 is waived here;
 * a signed-in member still meets rules 3 to 5.
 */
export const SIGNED_OUT_SCREENS = new Set<string>([paths.dev]);

/** The guard of spec §2, rules applied in the spec's order. Pure, so it is tested on its own. */
export function decideGuard(state: GuardState, pathname: string): GuardDecision {
  const path = normalize(pathname);
  // 1. While loading: a loading state.
  if (state.status === 'loading') return { action: 'loading' };
  if (state.status === 'error') return { action: 'error' };
  // 2. No signed-in user.
  if (state.status === 'signed-out') {
    return SIGNED_OUT_SCREENS.has(path) ? { action: 'render' } : { action: 'redirect', to: paths.signIn };
  }
  // 3. Unverified email.
  if (!state.emailVerified) return { action: 'redirect', to: paths.verifyEmail };
  // Rules 4 and 5 need the profile; until it is known there is nothing honest to show.
  if (state.profile === 'loading') return { action: 'loading' };
  if (state.profile === 'error') return { action: 'error' };
  if (state.profile === 'incomplete') {
    // 4. Profile incomplete and the welcome flag absent: the tutorial, unless already there.
    if (!state.hasSeenWelcome) return path === paths.welcome ? { action: 'render' } : redirect(paths.welcome);
    // 5. Profile incomplete otherwise: profile setup, unless already there.
    return path === paths.profileSetup ? { action: 'render' } : redirect(paths.profileSetup);
  }
  return { action: 'render' };
}

function redirect(to: string): GuardDecision {
  return { action: 'redirect', to };
}

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
