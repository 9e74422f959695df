import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** Known US cities starting with what the member typed (optionally within the chosen state). */
export function useSuggestCities(query: string, state: string | undefined) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: ['suggestCities', trimmed.toLowerCase(), state ?? ''],
    queryFn: ({ signal }) => callApi('suggestCities', { query: trimmed, ...(state ? { state } : {}) }, { signal }),
    enabled: trimmed.length >= 2,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
