import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && FINAL_STATUSES.has(error.status)),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
