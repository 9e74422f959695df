import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExport } from '#contracts/exports';
import { callApi } from '../../../lib/api-client.ts';

const dataExportKey = ['dataExport'] as const;

/** How often a building export is asked about: the worker takes seconds for most members. */
const BUILDING_POLL_MS = 3_000;
/** A ready export's link is signed for 15 minutes: read a fresh one well before it lapses. */
const LINK_REFRESH_MS = 10 * 60_000;

/** The member's data export; polled while it builds, its link renewed while the page stays open. */
export function useDataExport() {
  return useQuery({
    queryKey: dataExportKey,
    queryFn: () => callApi('getDataExport', {}),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'building') return BUILDING_POLL_MS;
      return status === 'ready' ? LINK_REFRESH_MS : false;
    },
  });
}

/** Asks for an export; the answer (a new one, or the one that exists) becomes the cached state. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('requestDataExport', {}),
    onSuccess: ({ started: _started, ...state }) => {
      // A ready export's answer carries no link: read it (signed) at once.
      if (state.status === 'ready') void queryClient.invalidateQueries({ queryKey: dataExportKey });
      else queryClient.setQueryData<DataExport>(dataExportKey, state);
    },
  });
}
