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
      if (message.type === 'session.ended' && message.reason === 'signed-out') return void endUnlessSignedInSince(live);
      liveBus.publish(message);
    },
    onStatus: (status) => liveBus.setStatus(status),
    onOpen: () => liveBus.publishCatchUp(),
    onHandshakeFailed: () => void endIfSessionOver(live),
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

/**
 * A sign-out everywhere is pushed (from the table stream) to every socket the member has then,
 * and a slow stream can reach a socket this tab opened after signing in again: a password change
 * signs out everywhere and signs this tab in again at once. So the tab asks getMe with
 * its token: answered, its session began after the sign-out and the socket opens again; refused
 * (401) or unreachable, the session is over as the server said.
 */
async function endUnlessSignedInSince(live: LiveConnection): Promise<void> {
  const { callApi } = await import('../api-client.ts');
  const signedInSince = await callApi('getMe', {}).then(
    () => true,
    () => false,
  );
  if (connection !== live) return;
  if (signedInSince) return void startLive().catch(() => undefined);
  liveBus.publish({ type: 'session.ended', reason: 'signed-out' });
}

/**
 * A socket refused at its handshake hears no session.ended: a token from before a sign-out
 * everywhere (or a removal) is refused there, e.g. a tab whose socket was still connecting, or had
 * dropped, when the sign-out landed. The browser cannot see why a handshake failed, so the API is
 * asked (one getMe a failed attempt, as often as the reconnect backoff allows: 1 s doubling to
 * 30 s). If it refuses the token too (401), or no longer finds the member (404: only a member who
 * joined runs a socket, so the record is gone), the session is over and the tab hears so as the
 * push would have said it. Any other answer (a network failure, the live endpoint down) leaves the
 * reconnects to go on.
 */
async function endIfSessionOver(live: LiveConnection): Promise<void> {
  const { callApi, isApiError } = await import('../api-client.ts');
  try {
    await callApi('getMe', {});
  } catch (error) {
    const reason = isApiError(error, 'unauthenticated') ? 'signed-out' : isApiError(error, 'not-found') ? 'removed' : null;
    if (!reason || connection !== live) return;
    live.stop();
    liveBus.publish({ type: 'session.ended', reason });
  }
}
