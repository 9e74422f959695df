import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageError } from '../components/page-error.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { useAuthSession, useMe } from '../lib/session.ts';
import { hasSeenWelcome } from '../lib/welcome-flag.ts';
import { decideGuard, type GuardState } from './decide-guard.ts';

/**
 * Rule 3 (unverified email) needs a notion of "verified". Cognito issues tokens only to confirmed
 * users, and confirming the emailed code is how a member verifies the address, so any signed-in
 * session proves a verified email. The ID token's email_verified claim is deliberately not used:
 * cognito-local leaves it false after confirmation (and on AWS it adds nothing for a confirmed
 * user). The profile's isVerified means "verified real person", a different, later step.
 * Should members ever change their email, a pending change is what would make this false.
 */
const SIGNED_IN_MEANS_VERIFIED = true;

function guardState(auth: ReturnType<typeof useAuthSession>, me: ReturnType<typeof useMe>): GuardState {
  if (auth.isPending) return { status: 'loading' };
  if (auth.isError) return { status: 'error' };
  if (!auth.data) return { status: 'signed-out' };
  let profile: Extract<GuardState, { status: 'signed-in' }>['profile'];
  if (me.isPending) profile = 'loading';
  else if (me.isError) profile = 'error';
  else profile = me.data?.profileCompleted ? 'complete' : 'incomplete';
  return { status: 'signed-in', emailVerified: SIGNED_IN_MEANS_VERIFIED, profile, hasSeenWelcome: hasSeenWelcome() };
}

/** Wraps every guarded route (spec §2 guard behaviour). */
export function RouteGuard() {
  const location = useLocation();
  const auth = useAuthSession();
  const me = useMe();
  const decision = decideGuard(guardState(auth, me), location.pathname);
  switch (decision.action) {
    case 'loading':
      return <PageLoader label="Checking your session" />;
    case 'error':
      return (
        <PageError title="We could not load your account" error={auth.error ?? me.error} onRetry={() => void (auth.isError ? auth.refetch() : me.refetch())} />
      );
    case 'redirect':
      // The whole address, so sign-in can return to it (web/src/lib/return-path.ts checks it).
      return <Navigate to={decision.to} replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
    case 'render':
      return <Outlet />;
  }
}
