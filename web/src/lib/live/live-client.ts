import { loadConfig } from '../config.ts';
import { liveBus } from './live-bus.ts';
import type { LiveConnection } from './live-connection.ts';

let connection: LiveConnection | undefined;
let starts = 0;

/**
 * Opens the tab's one live connection (closing any before it). Its code (zod, the contract) loads
 * only now, so the landing page never downloads it; Amplify is asked for the token on each connect.
 */
export async function startLive(): Promise<void> {
  stopLive();
  const start = ++starts;
  const { LiveConnection } = await import('./live-connection.ts');
  if (start !== starts) return;
  const live: LiveConnection = new LiveConnection({
    // config.json's liveUrl; an empty one means no socket (the screens poll once a minute).
    url: async () => (await loadConfig()).liveUrl || undefined,
    token: async () => (await import('../auth.ts')).accessToken(),
    onMessage: (message) => {
      // The session is over: no reconnect may follow, whatever the screens do next.
      if (message.type === 'session.ended') live.stop();
      liveBus.publish(message);
    },
    onStatus: (status) => liveBus.setStatus(status),
    onReconnect: () => liveBus.publishCatchUp(),
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
