import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client.ts';

/** Known US cities (the server's place table) starting with what the member typed, within the state when known. */
export function useCitySuggestions(query: string, state: string | undefined) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: ['suggestCities', trimmed.toLowerCase(), state ?? ''],
    queryFn: ({ signal }) => callApi('suggestCities', { query: trimmed, ...(state ? { state } : {}) }, { signal }),
    enabled: trimmed.length >= 2,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
