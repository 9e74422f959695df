import { afterAll } from 'vitest';
import WebSocket from 'ws';
import { liveProtocols } from '../../lambdas/contracts/push.ts';
import type { Endpoints } from '../../local/cloud-files.ts';

/**
 * A page's live socket as a test holds it (the `ws` client against the local gateway's /live):
 * what it received, the next frame, and how it closed.
 */
export interface TestSocket {
  socket: WebSocket;
  /** Every text frame received, parsed, in order. */
  received: unknown[];
  /** When each of them arrived (performance.now()). */
  receivedAt: number[];
  /** The next frame (or one already received and not yet taken), within `ms`. */
  next(ms?: number): Promise<unknown>;
  /** Whether a frame arrives within `ms` (for "receives nothing"). */
  nothingWithin(ms: number): Promise<boolean>;
  /** Resolves when the socket closes: its close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** The live socket's URL: the token never rides in it (it goes in Sec-WebSocket-Protocol: liveProtocols). */
export function liveUrl(endpoints: Pick<Endpoints, 'live'>): string {
  return endpoints.live.url;
}

/** A page's socket to `url` with `token` offered as the app does (no token: no subprotocol offered at all). */
export function liveSocket(url: string, token?: string): WebSocket {
  return token === undefined ? new WebSocket(url) : new WebSocket(url, liveProtocols(token));
}

/** The next frame of `type` within `ms`; frames of other types (a setup's anchors.changed, a feed.post) are skipped. */
export async function nextFrameOf(socket: TestSocket, type: string, ms = 10_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const frame = (await socket.next(Math.max(1, deadline - Date.now()))) as Record<string, unknown>;
    if (frame.type === type) return frame;
  }
}

/**
 * For a test file that opens pages: an `open(token)` that opens a socket which must be accepted,
 * and closes every socket it opened after the file's tests.
 */
export function useLiveSockets(endpoints: Pick<Endpoints, 'live'>): (token: string) => Promise<TestSocket> {
  const opened: TestSocket[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((socket) => socket.close().catch(() => undefined)));
  });
  return async (token) => {
    const socket = await openLive(endpoints, token);
    opened.push(socket);
    return socket;
  };
}

/** Opens a socket that must be accepted. */
export function openLive(endpoints: Pick<Endpoints, 'live'>, token: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = liveSocket(liveUrl(endpoints), token);
    const received: unknown[] = [];
    const receivedAt: number[] = [];
    let taken = 0;
    const waiters: (() => void)[] = [];
    socket.on('message', (data: WebSocket.RawData) => {
      receivedAt.push(performance.now());
      received.push(JSON.parse(data.toString()));
      for (const wake of waiters.splice(0)) wake();
    });
    const closed = new Promise<{ code: number; reason: string }>((done) => socket.on('close', (code, reason) => done({ code, reason: reason.toString() })));
    socket.on('unexpected-response', (_request, response) => reject(new Error(`Refused with ${response.statusCode}`)));
    socket.on('error', reject);
    socket.on('open', () =>
      resolve({
        socket,
        received,
        receivedAt,
        closed,
        next(ms = 5_000) {
          return new Promise((done, fail) => {
            let settled = false;
            const timer = setTimeout(() => {
              settled = true;
              fail(new Error(`No frame within ${ms} ms`));
            }, ms);
            const attempt = () => {
              if (settled) return;
              if (taken < received.length) {
                settled = true;
                clearTimeout(timer);
                done(received[taken++]);
              } else waiters.push(attempt);
            };
            attempt();
          });
        },
        async nothingWithin(ms) {
          const before = received.length;
          await new Promise((done) => setTimeout(done, ms));
          return received.length === before;
        },
        async close() {
          socket.close(1000);
          await closed;
        },
      }),
    );
  });
}

/**
 * Opens a socket that must be refused at the handshake: the HTTP status it was refused with. Its
 * token (if any) is offered as the app offers it; `url` defaults to the live socket's.
 */
export function refusedStatus(endpoints: Pick<Endpoints, 'live'>, token?: string, url = liveUrl(endpoints)): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = liveSocket(url, token);
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      socket.terminate();
    });
    socket.on('open', () => {
      socket.close();
      reject(new Error('The socket was accepted'));
    });
    socket.on('error', () => undefined);
  });
}
