/** The first reconnect waits about this long… */
export const RECONNECT_INITIAL_MS = 1_000;
/** …each failure doubles it, up to this. */
export const RECONNECT_MAX_MS = 30_000;
/** A connection that stayed open this long was healthy: the next drop starts the schedule again at 1 s. */
export const STABLE_CONNECTION_MS = 60_000;
/** The keep-alive ({"action":"ping"}) that holds the socket open past idle timeouts. */
export const PING_INTERVAL_MS = 5 * 60_000;

/**
 * How long to wait before reconnect number `attempt` (0 for the first after a drop): 1 s doubling
 * to 30 s, with "equal jitter" (half of it fixed, half random), so the tabs a server restart
 * dropped do not all come back in the same second, yet none comes back at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_INITIAL_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
