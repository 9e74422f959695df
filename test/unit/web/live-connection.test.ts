import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveProtocols, type PushMessage } from '#contracts/push';
import { PING_INTERVAL_MS, reconnectDelay, STABLE_CONNECTION_MS } from '../../../web/src/lib/live/backoff.ts';
import type { LiveStatus } from '../../../web/src/lib/live/live-bus.ts';
import { LiveConnection, parsePushMessage } from '../../../web/src/lib/live/live-connection.ts';

/** A stand-in for the browser's WebSocket: the test opens, closes and speaks for the server. */
class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly sent: string[] = [];
  closedByClient = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closedByClient = true;
  }
  open() {
    this.onopen?.();
  }
  drop() {
    this.onclose?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
}

const LIVE_URL = 'ws://localhost:4000/live';

function setup(overrides: { url?: () => Promise<string | undefined>; token?: () => Promise<string | undefined>; refusals?: number } = {}) {
  const sockets: FakeSocket[] = [];
  let refusals = overrides.refusals ?? 0;
  const messages: PushMessage[] = [];
  const statuses: LiveStatus[] = [];
  let opens = 0;
  let handshakeFailures = 0;
  let tokens = 0;
  const connection = new LiveConnection({
    url: overrides.url ?? (async () => LIVE_URL),
    token:
      overrides.token ??
      (async () => {
        tokens += 1;
        return `token-${tokens}`;
      }),
    onMessage: (message) => messages.push(message),
    onStatus: (status) => statuses.push(status),
    onOpen: () => {
      opens += 1;
    },
    onHandshakeFailed: () => {
      handshakeFailures += 1;
    },
    createSocket: (url, protocols) => {
      if (refusals > 0) {
        refusals -= 1;
        throw new SyntaxError('The URL is refused');
      }
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    // No jitter: every wait is its ceiling, so the schedule reads exactly.
    random: () => 1,
  });
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('No socket was opened');
    return socket;
  };
  return { connection, sockets, messages, statuses, last, opens: () => opens, handshakeFailures: () => handshakeFailures };
}

/** Lets the awaited URL and token resolve. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('doubles from 1 s to 30 s, with at most half of it left to chance', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect([0, 1, 5].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([500, 1_000, 15_000]);
    expect(reconnectDelay(2, () => 0.5)).toBe(3_000);
  });
});

describe('LiveConnection', () => {
  it('connects with a fresh access token in Sec-WebSocket-Protocol, never in the URL, on every (re)connect', async () => {
    const { connection, sockets, last } = setup();
    connection.start();
    await settle();
    expect(last().url).toBe(LIVE_URL);
    expect(last().protocols).toEqual(liveProtocols('token-1'));
    last().open();
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets.map((socket) => [socket.url, socket.protocols])).toEqual([
      [LIVE_URL, liveProtocols('token-1')],
      [LIVE_URL, liveProtocols('token-2')],
    ]);
    connection.stop();
  });

  it('reconnects on the backoff schedule, and starts it over after a connection that stayed up', async () => {
    const { connection, sockets, last } = setup();
    connection.start();
    await settle();
    last().open();
    // Six drops in a row, none of them opening again: 1, 2, 4, 8, 16, 30 s.
    const waits: number[] = [];
    last().drop();
    for (let drop = 0; drop < 6; drop += 1) {
      const before = sockets.length;
      let waited = 0;
      while (sockets.length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
      last().drop();
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);

    // Up briefly (under STABLE_CONNECTION_MS): the schedule goes on at 30 s.
    await vi.advanceTimersByTimeAsync(30_000);
    last().open();
    await vi.advanceTimersByTimeAsync(STABLE_CONNECTION_MS - 1_000);
    last().drop();
    let count = sockets.length;
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sockets.length).toBe(count);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.length).toBe(count + 1);

    // Up long enough: the next drop waits 1 s again.
    last().open();
    await vi.advanceTimersByTimeAsync(STABLE_CONNECTION_MS);
    last().drop();
    count = sockets.length;
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets.length).toBe(count);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.length).toBe(count + 1);
    connection.stop();
  });

  it('retries a failed token read on the same schedule', async () => {
    let calls = 0;
    const { connection, sockets } = setup({
      token: async () => {
        calls += 1;
        if (calls === 1) throw new Error('Cognito unreachable');
        return 'token-ok';
      },
    });
    connection.start();
    await settle();
    expect(sockets).toHaveLength(0);
    expect(connection.status).toBe('down');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets.map((socket) => socket.protocols)).toEqual([liveProtocols('token-ok')]);
    connection.stop();
  });

  it('pings every 5 minutes while open, and not after it closed', async () => {
    const { connection, last } = setup();
    connection.start();
    await settle();
    const socket = last();
    socket.open();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS - 1);
    expect(socket.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent).toEqual(['{"action":"ping"}']);
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(socket.sent).toHaveLength(2);
    socket.drop();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS * 3);
    expect(socket.sent).toHaveLength(2);
    connection.stop();
  });

  it('never reconnects after stop (sign-out), nor when the token is gone', async () => {
    const { connection, sockets, last } = setup();
    connection.start();
    await settle();
    last().open();
    connection.stop();
    expect(last().closedByClient).toBe(true);
    // A close arriving after the stop, and all the time in the world: no new socket.
    last().drop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sockets).toHaveLength(1);
    expect(connection.status).toBe('off');

    // Stopped during a pending retry.
    const second = setup();
    second.connection.start();
    await settle();
    second.last().open();
    second.last().drop();
    second.connection.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(second.sockets).toHaveLength(1);

    // Signed out elsewhere: the next connect finds no token and ends the connection.
    let signedIn = true;
    const third = setup({ token: async () => (signedIn ? 'token' : undefined) });
    third.connection.start();
    await settle();
    third.last().open();
    signedIn = false;
    third.last().drop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(third.sockets).toHaveLength(1);
    expect(third.connection.status).toBe('off');
  });

  it('says when a socket closed without opening (a refused handshake), once an attempt, and never for a drop or after stop', async () => {
    const { connection, sockets, last, handshakeFailures } = setup();
    connection.start();
    await settle();
    // Refused at the handshake twice: said each time, and the reconnects go on at 1 s, then 2 s.
    last().drop();
    expect(handshakeFailures()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
    last().drop();
    expect(handshakeFailures()).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sockets).toHaveLength(3);

    // An open socket that drops is not a refusal.
    last().open();
    last().drop();
    expect(handshakeFailures()).toBe(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(sockets).toHaveLength(4);

    // Closed by stop() (sign-out): nothing said.
    connection.stop();
    last().drop();
    expect(handshakeFailures()).toBe(2);
  });

  it('retries when the browser refuses to create the socket', async () => {
    const { connection, sockets } = setup({ refusals: 1 });
    connection.start();
    await settle();
    expect(sockets).toHaveLength(0);
    expect(connection.status).toBe('down');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(1);
    connection.stop();
  });

  it('opens no socket when the deployment has no live URL', async () => {
    const { connection, sockets } = setup({ url: async () => undefined });
    connection.start();
    await settle();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sockets).toHaveLength(0);
    expect(connection.status).toBe('off');
  });

  it('catches up each time a socket opens, the first one too (reads begun before it may have missed a change), never on a refused handshake', async () => {
    const { connection, last, opens, statuses } = setup();
    connection.start();
    await settle();
    expect(opens()).toBe(0);
    last().open();
    expect(opens()).toBe(1);
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(opens()).toBe(1);
    last().open();
    expect(opens()).toBe(2);
    last().drop();
    await vi.advanceTimersByTimeAsync(2_000);
    last().drop();
    await vi.advanceTimersByTimeAsync(4_000);
    last().open();
    expect(opens()).toBe(3);
    expect(statuses).toEqual(['connecting', 'open', 'down', 'open', 'down', 'open']);
    connection.stop();
  });

  it('hands on valid messages and ignores the rest', async () => {
    const { connection, last, messages } = setup();
    connection.start();
    await settle();
    last().open();
    last().receive({ type: 'post.counts', postId: 'p1', likeCount: 2, commentCount: 1 });
    last().receive({ type: 'post.counts', postId: 'p1', likeCount: 'two', commentCount: 1 });
    last().receive({ type: 'no.such.type' });
    last().receive('not json');
    last().receive({ type: 'anchors.changed' });
    expect(messages).toEqual([{ type: 'post.counts', postId: 'p1', likeCount: 2, commentCount: 1 }, { type: 'anchors.changed' }]);
    expect(parsePushMessage(new ArrayBuffer(2))).toBeNull();
    connection.stop();
  });
});
