import { useLiveStatus } from './use-live.ts';

/**
 * With the socket down, the page reads at most once a minute (no 3-second polling). Defined here,
 * not in the push contract: that module brings zod, which the app shell (the bell) must not load.
 */
export const FALLBACK_POLL_MS = 60_000;

/**
 * The refetchInterval of a query that live messages keep fresh: none while the socket is open,
 * FALLBACK_POLL_MS (once a minute) while it is down or this deployment has none.
 */
export function useLivePollInterval(): number | false {
  return useLiveStatus() === 'open' ? false : FALLBACK_POLL_MS;
}
