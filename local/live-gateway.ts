import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { liveHandlers, type LiveRoute } from '#lambdas/live/handler-rows';
import type { LiveEvent } from '#lambdas/live/live-event';
import { BodyTooLargeError, readBody, send, sendJson } from './http-helpers.ts';
import { lambdaContext, loadHandler } from './lambda-modules.ts';
import { connectEvent, connectionOf, disconnectEvent, messageEvent, type LiveConnectionInfo } from './live-event.ts';

/** The path of the live socket on the gateway: `ws://localhost:{port}/live`, the AWS stage's path. */
export const LIVE_PATH = '/live';

/**
 * API Gateway WebSocket limits the local socket keeps (docs/deploy.md): a frame's payload (128 KB,
 * also PostToConnection's), 10 minutes without a frame either way, 2 hours at most. The times are
 * options so a test can shorten them.
 */
export const LIVE_PAYLOAD_LIMIT_BYTES = 128 * 1024;
export const LIVE_IDLE_TIMEOUT_MS = 10 * 60_000;
export const LIVE_MAX_DURATION_MS = 2 * 60 * 60_000;
/** API Gateway's integration timeout for WebSocket routes. */
const ROUTE_TIMEOUT_MS = 29_000;
/** The close code when a limit ends a socket ("going away"); DeleteConnection closes with CLOSE_NORMAL. */
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_NORMAL = 1000;

export interface LiveGatewayOptions {
  /** Of this start: the web dev server's proxy (X-Forwarded-For is believed only beside it). */
  proxySecret: string;
  log: (line: string) => void;
  idleTimeoutMs?: number;
  maxDurationMs?: number;
}

interface OpenSocket {
  info: LiveConnectionInfo;
  socket: WebSocket;
  lastActiveAt: number;
  idle?: NodeJS.Timeout;
  lifetime?: NodeJS.Timeout;
}

function isSuccess(result: unknown): boolean {
  // As for HTTP APIs, an answer that is not a {statusCode} object counts as 200.
  const status = typeof result === 'object' && result !== null && 'statusCode' in result ? Number(result.statusCode) : 200;
  return status >= 200 && status < 300;
}

function statusOf(result: unknown): number {
  return typeof result === 'object' && result !== null && 'statusCode' in result ? Number(result.statusCode) || 500 : 200;
}

/** The `Sec-WebSocket-Protocol` a $connect answer names (its headers, any case), if any. */
function protocolOf(result: unknown): string | undefined {
  const headers = typeof result === 'object' && result !== null && 'headers' in result ? (result.headers as Record<string, unknown>) : {};
  const found = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'sec-websocket-protocol')?.[1];
  return typeof found === 'string' ? found : undefined;
}

/** An HTTP answer on a socket that asked to upgrade: the refused handshake. */
function refuseUpgrade(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  const reason = STATUS_CODES[status] ?? 'Error';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`);
}

/** API Gateway's error for a connection it does not know (or no longer knows): 410 GoneException. */
function sendGone(response: ServerResponse): void {
  sendJson(response, 410, { message: null }, { 'x-amzn-errortype': 'GoneException' });
}

/**
 * The local stand-in for an API Gateway WebSocket API: the socket at /live, whose $connect,
 * $default and $disconnect routes are the very handler modules CDK deploys, and the @connections
 * management API the backend sends through (the AWS SDK's ApiGatewayManagementApiClient, with
 * the per-start endpoint gateway.ts serves it under).
 */
export function createLiveGateway(options: LiveGatewayOptions) {
  const idleTimeoutMs = options.idleTimeoutMs ?? LIVE_IDLE_TIMEOUT_MS;
  const maxDurationMs = options.maxDurationMs ?? LIVE_MAX_DURATION_MS;
  const open = new Map<string, OpenSocket>();
  /** The subprotocol each accepted handshake's $connect answered with (API Gateway echoes it to the client). */
  const chosenProtocols = new WeakMap<IncomingMessage, string>();
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: LIVE_PAYLOAD_LIMIT_BYTES,
    handleProtocols: (offered, request) => {
      const chosen = chosenProtocols.get(request);
      return chosen !== undefined && offered.has(chosen) ? chosen : false;
    },
  });
  let stopping = false;

  async function run(route: LiveRoute, event: LiveEvent): Promise<unknown> {
    const handler = await loadHandler(liveHandlers[route].entry);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${liveHandlers[route].routeKey} timed out`)), ROUTE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([handler(event, lambdaContext(`live-${route}`, ROUTE_TIMEOUT_MS)), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Counts a frame either way: API Gateway's idle timeout runs from the last one. */
  function touch(entry: OpenSocket): void {
    entry.lastActiveAt = Date.now();
    clearTimeout(entry.idle);
    entry.idle = setTimeout(() => entry.socket.close(CLOSE_GOING_AWAY, 'Going away'), idleTimeoutMs);
  }

  function accept(info: LiveConnectionInfo, socket: WebSocket): void {
    const entry: OpenSocket = { info, socket, lastActiveAt: Date.now() };
    open.set(info.connectionId, entry);
    touch(entry);
    entry.lifetime = setTimeout(() => socket.close(CLOSE_GOING_AWAY, 'Going away'), maxDurationMs);
    // A hostile or broken client (a frame over 128 KB, a bad frame) makes `ws` close that socket
    // with the fitting code (1009 for the size, as API Gateway) and emit 'error': unheard, it
    // would end the process and every service with it. The 'close' below cleans up as usual.
    socket.on('error', (error: Error) => options.log(`live socket ${info.connectionId} closed: ${error.message}`));
    socket.on('message', (data: RawData, isBinary: boolean) => {
      touch(entry);
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      // Each frame is its own invocation on AWS, concurrent with the next: nothing waits here.
      run('message', messageEvent(info, bytes, isBinary)).catch((error: unknown) => options.log(`live $default failed: ${(error as Error).message}`));
    });
    socket.on('close', (code: number, reason: Buffer) => {
      clearTimeout(entry.idle);
      clearTimeout(entry.lifetime);
      open.delete(info.connectionId);
      if (stopping) return;
      run('disconnect', disconnectEvent(info, code, reason.toString('utf8'))).catch((error: unknown) => {
        // One still running when the cloud stops meets a table that is going away: nothing to report.
        if (!stopping) options.log(`live $disconnect failed: ${(error as Error).message}`);
      });
    });
  }

  /**
   * A handshake on /live: $connect decides. Until it answers, the connection exists for nobody (the
   * management API answers 410 for it, as AWS does); a non-2xx answer (or a crash: 500) refuses
   * the upgrade with that status, and nothing else runs for it.
   */
  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const info = connectionOf(request, options.proxySecret);
    // A client that drops while $connect runs must not crash the gateway (checked below).
    socket.on('error', () => undefined);
    let result: unknown;
    try {
      result = await run('connect', connectEvent(request, info));
    } catch (error) {
      options.log(`live $connect crashed: ${(error as Error).stack ?? String(error)}`);
      refuseUpgrade(socket, 500);
      return;
    }
    if (!isSuccess(result)) {
      options.log(`GET /live ${statusOf(result)}`);
      refuseUpgrade(socket, statusOf(result));
      return;
    }
    if (socket.destroyed || stopping) {
      // The client left during $connect: API Gateway then runs $disconnect for the connection $connect accepted.
      void run('disconnect', disconnectEvent(info, 1006, '')).catch(() => undefined);
      return;
    }
    const protocol = protocolOf(result);
    if (protocol !== undefined) chosenProtocols.set(request, protocol);
    server.handleUpgrade(request, socket, head, (ws) => accept(info, ws));
  }

  /**
   * `{POST|GET|DELETE} /@connections/{connectionId}` below the management endpoint: send a frame
   * (the body, as text), describe the connection, or close it — 410 GoneException for a connection
   * that is not open.
   */
  async function manage(request: IncomingMessage, response: ServerResponse, encodedId: string): Promise<void> {
    const entry = open.get(decodeURIComponent(encodedId));
    const method = request.method ?? 'GET';
    if (method === 'POST') {
      let body: Buffer;
      try {
        body = await readBody(request, LIVE_PAYLOAD_LIMIT_BYTES);
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error;
        sendJson(response, 413, { message: 'Message too long' }, { 'x-amzn-errortype': 'PayloadTooLargeException' });
        return;
      }
      if (!entry || entry.socket.readyState !== WebSocket.OPEN) return sendGone(response);
      touch(entry);
      await new Promise<void>((resolve, reject) => entry.socket.send(body.toString('utf8'), { binary: false }, (error) => (error ? reject(error) : resolve())));
      send(response, 200, {}, '');
      return;
    }
    if (!entry || entry.socket.readyState !== WebSocket.OPEN) return sendGone(response);
    if (method === 'DELETE') {
      entry.socket.close(CLOSE_NORMAL, '');
      send(response, 204, {}, '');
      return;
    }
    if (method === 'GET') {
      sendJson(response, 200, {
        connectedAt: new Date(entry.info.connectedAt).toISOString(),
        identity: { sourceIp: entry.info.sourceIp, userAgent: entry.info.userAgent },
        lastActiveAt: new Date(entry.lastActiveAt).toISOString(),
      });
      return;
    }
    sendJson(response, 404, { message: 'Not Found' });
  }

  return {
    upgrade,
    manage,
    /** Open connections now (tests, the banner). */
    openCount: () => open.size,
    /** Ends every socket without running $disconnect: the cloud is going down with its table. */
    stop(): void {
      stopping = true;
      for (const { socket } of open.values()) socket.terminate();
      open.clear();
      server.close();
    },
  };
}

export type LiveGateway = ReturnType<typeof createLiveGateway>;
