import { liveProtocols, type PushMessage, pushMessageSchema } from '#contracts/push';
import { PING_INTERVAL_MS, reconnectDelay, STABLE_CONNECTION_MS } from './backoff.ts';
import type { LiveStatus } from './live-bus.ts';

export interface LiveConnectionOptions {
  /** The live endpoint (`liveUrl` of /config.json); undefined: this deployment has none, so no socket. */
  url: () => Promise<string | undefined>;
  /** The member's access token, asked for on every (re)connect; undefined: signed out, so it ends. */
  token: () => Promise<string | undefined>;
  onMessage: (message: PushMessage) => void;
  onStatus: (status: LiveStatus) => void;
  /**
   * Each time a socket opens, the first one too: a change made before the server registered this
   * socket was pushed to nobody, and the page's reads so far (begun before it opened) may have
   * missed it, so the page reads again once.
   */
  onOpen: () => void;
  /**
   * A socket closed without ever opening: its handshake was refused or never reached the server
   * (the browser does not say which). Called before the reconnect is scheduled, at most once an
   * attempt, so as often as the backoff allows.
   */
  onHandshakeFailed?: () => void;
  /** Tests pass a stand-in; the browser's WebSocket otherwise. `protocols` carry the token (liveProtocols). */
  createSocket?: (url: string, protocols: string[]) => WebSocket;
  /** The jitter's source (tests fix it). */
  random?: () => number;
}

/** A push message from a socket frame, or null for anything else (which is ignored). */
export function parsePushMessage(data: unknown): PushMessage | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = pushMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * One WebSocket to the live endpoint, kept open: a fresh token on every connect, a ping every
 * 5 minutes, and after a drop a reconnect with exponential backoff and jitter (backoff.ts), the
 * schedule starting over once a connection has stayed up STABLE_CONNECTION_MS. stop() ends it for
 * good (sign-out): no reconnect follows, and neither does one when the token is gone.
 */
export class LiveConnection {
  private readonly createSocket: (url: string, protocols: string[]) => WebSocket;
  private readonly random: () => number;
  private socket: WebSocket | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private attempt = 0;
  private openedAt: number | undefined;
  private running = false;
  /** Bumped by stop(): an attempt still awaiting its URL or token then gives up. */
  private generation = 0;
  private current: LiveStatus = 'off';

  constructor(private readonly options: LiveConnectionOptions) {
    this.createSocket = options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols));
    this.random = options.random ?? Math.random;
  }

  get status(): LiveStatus {
    return this.current;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.setStatus('connecting');
    void this.connect();
  }

  stop(): void {
    this.running = false;
    this.generation += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.stopPing();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000);
    }
    this.setStatus('off');
  }

  private setStatus(next: LiveStatus): void {
    if (next === this.current) return;
    this.current = next;
    this.options.onStatus(next);
  }

  private async connect(): Promise<void> {
    const generation = this.generation;
    let url: string | undefined;
    let token: string | undefined;
    try {
      url = await this.options.url();
      if (generation !== this.generation) return;
      if (!url) {
        // No live endpoint here: the screens poll once a minute instead.
        this.running = false;
        this.setStatus('off');
        return;
      }
      token = await this.options.token();
    } catch {
      if (generation === this.generation) this.retryLater();
      return;
    }
    if (generation !== this.generation) return;
    if (!token) {
      this.stop();
      return;
    }
    let socket: WebSocket;
    try {
      // The token in Sec-WebSocket-Protocol, never in the URL: CloudFront's logs record URLs.
      socket = this.createSocket(url, liveProtocols(token));
    } catch {
      // A URL the browser refuses (malformed, or outside the page's CSP): try again later, as after a drop.
      this.retryLater();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.opened(socket);
    socket.onmessage = (event: MessageEvent) => {
      const message = parsePushMessage(event.data);
      if (message && this.socket === socket) this.options.onMessage(message);
    };
    socket.onclose = () => this.closed(socket);
    // An error is followed by close, which reconnects.
    socket.onerror = () => undefined;
  }

  private opened(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.openedAt = Date.now();
    this.setStatus('open');
    this.stopPing();
    this.pingTimer = setInterval(() => {
      try {
        socket.send(JSON.stringify({ action: 'ping' }));
      } catch {
        // closing already: close reconnects
      }
    }, PING_INTERVAL_MS);
    this.options.onOpen();
  }

  private closed(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.stopPing();
    const opened = this.openedAt !== undefined;
    if (opened && Date.now() - (this.openedAt ?? 0) >= STABLE_CONNECTION_MS) this.attempt = 0;
    this.openedAt = undefined;
    if (!this.running) return;
    if (!opened) this.options.onHandshakeFailed?.();
    this.retryLater();
  }

  private retryLater(): void {
    this.setStatus('down');
    const delay = reconnectDelay(this.attempt, this.random);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, delay);
  }

  private stopPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }
}
