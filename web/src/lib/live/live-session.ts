import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LiveMessage } from './live-bus.ts';
import { forgetSession, sessionKeys, useSignOut } from '../session.ts';
import { onSignOutElsewhere } from './cross-tab.ts';
import { startLive, stopLive } from './live-client.ts';
import { useLiveMessages } from './use-live.ts';
import { paths } from '../paths.ts';

/** The guard's sign-in route (lib does not import the app). */

/** What the sign-in page says to a tab that was signed out from elsewhere. */
export const SESSION_NOTICES = {
  otherTab: 'You signed out in another tab.',
  removed: 'Your session has ended: your account was removed from Anchored.',
  'signed-out': 'You were signed out. Please sign in again.',
} as const;

type SessionEnded = LiveMessage<'session.ended'>;

/**
 * Mounted once, by the app shell. For a signed-in member: follows sign-outs in this browser's
 * other tabs; for a member who has joined (the server refuses the socket to anyone else): runs the
 * tab's live connection and ends this tab's session when the server says it is over. Either way
 * the tab lands on sign-in with a short notice.
 */
export function useLiveSession(session: { userId: string; joined: boolean } | null): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const userId = session?.userId;
  const joined = session?.joined === true;

  useEffect(() => {
    if (!userId) return;
    return onSignOutElsewhere(() => {
      // To sign-in first, then forget: forgetting first would let the guard redirect without the notice.
      void Promise.resolve(navigate(paths.signIn, { replace: true, state: { notice: SESSION_NOTICES.otherTab } })).finally(() => forgetSession(queryClient));
    });
  }, [userId, navigate, queryClient]);

  useEffect(() => {
    if (!userId || !joined) return;
    // A connection that cannot even load (its chunk, offline) leaves the screens on fallback polling.
    startLive().catch(() => undefined);
    return stopLive;
  }, [userId, joined]);

  // The member's own record changed (verified in person, or back to pending): every screen reading it follows.
  useLiveMessages('me.changed', () => {
    if (userId) void queryClient.invalidateQueries({ queryKey: sessionKeys.me(userId) });
  });

  useLiveMessages('session.ended', ({ reason }: SessionEnded) => {
    void Promise.resolve(navigate(paths.signIn, { replace: true, state: { notice: SESSION_NOTICES[reason] } })).finally(() => signOut.mutate());
  });
}
