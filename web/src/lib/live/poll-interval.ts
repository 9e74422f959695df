import { FALLBACK_POLL_MS } from '#contracts/push';
import { useLiveStatus } from './use-live.ts';

/**
 * The refetchInterval of a query that live messages keep fresh: none while the socket is open,
 * FALLBACK_POLL_MS (once a minute) while it is down or this deployment has none. (Kept apart from
 * use-live.ts: the contract's constant brings zod, which the app shell must not load up front.)
 */
export function useLivePollInterval(): number | false {
  return useLiveStatus() === 'open' ? false : FALLBACK_POLL_MS;
}
