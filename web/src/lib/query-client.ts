import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** Statuses that a retry cannot fix. */
const FINAL_STATUSES = new Set(['invalid-argument', 'unauthenticated', 'permission-denied', 'not-found', 'aborted']);

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
