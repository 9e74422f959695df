import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MetricsRange } from '#contracts/metrics';
import { callApi } from '../../../lib/api-client.ts';

const metricsKeys = {
  all: ['metrics'] as const,
  range: (range: MetricsRange) => ['metrics', range] as const,
};

/** The latest 24 / 7 / 30 daily records, newest first. */
export function useCommunityMetrics(range: MetricsRange) {
  return useQuery({
    queryKey: metricsKeys.range(range),
    queryFn: ({ signal }) => callApi('getCommunityMetrics', { range }, { signal }),
    // Records change once a day (or on the dev button, which invalidates): no polling.
    staleTime: 60_000,
  });
}

/** The dev button: runs the daily job now; every range refetches with today's record. */
export function useCalculateMetrics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('calculateMetricsManually', {}),
    // One run at a time: a double click must not scan the table twice at once.
    scope: { id: 'calculateMetricsManually' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: metricsKeys.all }),
  });
}
