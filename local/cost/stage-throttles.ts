import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_THROTTLE } from '../../lib/callable-api.ts';
import type { CurrentThrottles, StageThrottle } from './capacity.ts';

/** lib/live-api.ts, the WebSocket API: its stage throttle is read from there when the file exists. */
const LIVE_API = new URL('../../lib/live-api.ts', import.meta.url);

function isThrottle(value: unknown): value is StageThrottle {
  const t = value as Partial<StageThrottle> | undefined;
  return typeof t?.rateLimit === 'number' && typeof t.burstLimit === 'number';
}

/** The stage throttles lib/ deploys today: the HTTP API's, and the WebSocket stage's if lib/live-api.ts exists. */
export async function currentThrottles(): Promise<CurrentThrottles> {
  let webSocket: StageThrottle | null = null;
  if (existsSync(fileURLToPath(LIVE_API))) {
    const live = (await import(LIVE_API.href)) as { LIVE_THROTTLE?: unknown };
    if (isThrottle(live.LIVE_THROTTLE)) webSocket = live.LIVE_THROTTLE;
  }
  return { httpApi: API_THROTTLE, webSocket };
}
