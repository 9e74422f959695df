import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useInvalidateAnchors } from '../../../lib/anchor-requests.ts';
import { loadConfig } from '../../../lib/config.ts';

/** The stage from /config.json: dev tools exist locally and on dev, never on prod. */
export function useStage() {
  return useQuery({ queryKey: ['config', 'stage'], queryFn: async () => (await loadConfig()).stage, staleTime: Infinity });
}

/** Creates 10 dummy members anchored to the caller (the dev-only callable). */
export function useCreateDummyAnchors() {
  const invalidate = useInvalidateAnchors();
  return useMutation({
    mutationFn: () => callApi('createDummyAnchors', {}),
    // One batch at a time: a double click must not create 20.
    scope: { id: 'createDummyAnchors' },
    onSettled: invalidate,
  });
}
