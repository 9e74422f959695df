import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';
import { sessionKeys } from './session.ts';

/** Statuses that a retry cannot fix. */
const FINAL_STATUSES = new Set(['invalid-argument', 'unauthenticated', 'permission-denied', 'not-found', 'aborted']);

/** Statuses of a fault that may pass (busy, conflict, lost connection): the call can be sent again. */
const TRANSIENT_STATUSES = new Set(['unavailable', 'aborted', 'deadline-exceeded', 'internal']);

/**
 * Retry rule for creates that carry a clientRequestId (posts, comments): twice more after a
 * transient failure. Safe only because the server answers a repeated id with the first result.
 */
export function retryIdempotentCreate(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isApiError(error) && TRANSIENT_STATUSES.has(error.status);
}

/**
 * Any call the server answers 'unauthenticated' (a token from before a sign-out everywhere)
 * makes the member's record be read again: getMe refuses such a token too, and useMe then signs the
 * tab out, so the next call after a sign-out elsewhere ends on the sign-in page, not in an error.
 */
function rereadSessionOnRefusal(client: QueryClient, error: unknown, queryKey?: readonly unknown[]): void {
  if (!isApiError(error, 'unauthenticated') || queryKey?.[0] === sessionKeys.all[0]) return;
  void client.invalidateQueries({ queryKey: [...sessionKeys.all, 'me'] });
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => rereadSessionOnRefusal(client, error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => rereadSessionOnRefusal(client, error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && FINAL_STATUSES.has(error.status)),
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
