import { useQuery } from '@tanstack/react-query';
import { loadConfig } from './config.ts';

/**
 * The deployment stage (local, dev or prod) from /config.json, for screens and navigation that
 * differ by stage (dev tools exist only off prod). One cache entry, shared with the feature hooks
 * that read the same key.
 */
export function useStage(enabled = true) {
  return useQuery({ queryKey: ['config', 'stage'], queryFn: async () => (await loadConfig()).stage, staleTime: Infinity, enabled });
}
