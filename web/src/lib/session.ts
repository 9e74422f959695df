import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '#contracts/user';
import { callApi, isApiError, signingOutWith } from './api-client.ts';
import type { AuthSession } from './auth.ts';
import { announceSignOut } from './live/cross-tab.ts';
import { stopLive } from './live/live-client.ts';

/** Amplify (in auth.ts) is loaded on demand; see hasStoredTokens for when that is. */
const loadAuth = () => import('./auth.ts');

/** Screens about to need Amplify (sign-in) fetch it early, so submitting does not wait for it. */
export function preloadAuth(): void {
  void loadAuth().catch(() => undefined);
}

/**
 * Whether Amplify has tokens stored in this browser. Its default token store is localStorage, with
 * keys `CognitoIdentityServiceProvider.<clientId>.<username>.accessToken`. Without one there is
 * no session to read, so signed-out visitors never download Amplify.
 */
export function hasStoredTokens(): boolean {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken')) return true;
    }
  } catch {
    // storage blocked: Amplify cannot have stored anything either
  }
  return false;
}

/**
 * The signed-in member as the whole app sees it: the Cognito session (from Amplify's stored
 * tokens) and the member's own record (getMe). Both live in the query cache so every screen
 * shares one copy and sign-in/out update them in one place.
 */
export const sessionKeys = {
  all: ['session'] as const,
  auth: ['session', 'auth'] as const,
  me: (userId: string) => ['session', 'me', userId] as const,
};

export function useAuthSession() {
  return useQuery({
    queryKey: sessionKeys.auth,
    queryFn: async (): Promise<AuthSession | null> => {
      if (!hasStoredTokens()) return null;
      const { currentSession } = await loadAuth();
      // Amplify answers null when the refresh token is no longer accepted, and throws only for
      // trouble such as an unreachable Cognito or a missing configuration: an error, not signed out.
      return currentSession();
    },
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * The caller's user record; a new account's record is created on first need (createUserRecord).
 */
export function useMe() {
  const queryClient = useQueryClient();
  const { data: session } = useAuthSession();
  const userId = session?.userId ?? '';
  return useQuery({
    queryKey: sessionKeys.me(userId),
    queryFn: async ({ signal }): Promise<User | null> => {
      try {
        return await callApi('getMe', {}, { signal }).catch((error: unknown) => {
          // The first sign-in of a new account: create its record (idempotent on the server), here
          // rather than on one screen so a later sign-in, on any device, does it too.
          if (isApiError(error, 'not-found')) return callApi('createUserRecord', {}, { signal });
          throw error;
        });
      } catch (error) {
        if (isApiError(error, 'unauthenticated')) {
          // The API refuses tokens Amplify still holds (e.g. the user pool was reset locally, or
          // the user was removed): they are worthless, so drop them and be signed out.
          await loadAuth()
            .then(({ signOut }) => signOut())
            .catch(() => undefined);
          announceSignOut();
          queryClient.setQueryData(sessionKeys.auth, null);
        }
        throw error;
      }
    },
    enabled: Boolean(userId),
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password }: { email: string; password: string }) => {
      const { signIn, currentSession } = await loadAuth();
      await signIn(email, password);
      return currentSession();
    },
    onSuccess: (session) => {
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      queryClient.setQueryData(sessionKeys.auth, session);
    },
  });
}

/** The second step of a sign-in with an authenticator app: the app's code (see auth.ts TOTP_SIGN_IN_STEP). */
export function useConfirmSignInCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const { confirmSignInWithCode, currentSession } = await loadAuth();
      await confirmSignInWithCode(code);
      return currentSession();
    },
    onSuccess: (session) => {
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      queryClient.setQueryData(sessionKeys.auth, session);
    },
  });
}

/** This tab forgets the member: every cached read goes, and the session reads as signed out. */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(sessionKeys.auth, null);
}

/** Signs out here, and (cross-tab.ts) in this browser's other tabs. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    // No call may carry the token being revoked (the API would answer 401): the socket closes
    // first (its reconnects and catch-up reads with it), and the calls on their way are cancelled.
    mutationFn: () =>
      signingOutWith(async () => {
        stopLive();
        try {
          if (!hasStoredTokens()) return;
          const { signOut } = await loadAuth();
          await signOut();
        } finally {
          // Even if Amplify could not reach Cognito, the local tokens are gone: forget everything.
          forgetSession(queryClient);
        }
      }),
    onSettled: () => announceSignOut(),
  });
}
