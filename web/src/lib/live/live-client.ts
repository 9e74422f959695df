import type { WebConfig } from '#contracts/web-config';
import { loadConfig } from '../config.ts';
import { liveBus } from './live-bus.ts';
import type { LiveConnection, LiveConnectionOptions } from './live-connection.ts';

/**
 * The live endpoint of this deployment, or undefined (no socket: the screens poll once a minute).
 * Read defensively: config.json gains `liveUrl` with the server side of the socket.
 */
export function liveUrlOf(config: WebConfig): string | undefined {
  const { liveUrl } = config as WebConfig & { liveUrl?: unknown };
  return typeof liveUrl === 'string' && liveUrl !== '' ? liveUrl : undefined;
}

/** Test seams: a stand-in socket and a fixed jitter. */
export type LiveTestOptions = Pick<LiveConnectionOptions, 'createSocket' | 'random'>;

let connection: LiveConnection | undefined;
let starts = 0;

/**
 * Opens the tab's one live connection (closing any before it). Its code (zod, the contract) loads
 * only now, so the landing page never downloads it; Amplify is asked for the token on each connect.
 */
export async function startLive(testOptions: LiveTestOptions = {}): Promise<void> {
  stopLive();
  const start = ++starts;
  const { LiveConnection } = await import('./live-connection.ts');
  if (start !== starts) return;
  const live: LiveConnection = new LiveConnection({
    url: async () => liveUrlOf(await loadConfig()),
    token: async () => (await import('../auth.ts')).accessToken(),
    onMessage: (message) => {
      // The session is over: no reconnect may follow, whatever the screens do next.
      if (message.type === 'session.ended') live.stop();
      liveBus.publish(message);
    },
    onStatus: (status) => liveBus.setStatus(status),
    onReconnect: () => liveBus.publishCatchUp(),
    ...testOptions,
  });
  connection = live;
  live.start();
}

/** Closes the live connection for good (sign-out, or the shell unmounting). */
export function stopLive(): void {
  starts += 1;
  connection?.stop();
  connection = undefined;
  liveBus.setStatus('off');
}
