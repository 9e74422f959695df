import { pushMessageSchema, type PushMessage } from '#contracts/push';
import { forgetLiveConnection, listLiveConnections, type LiveConnection } from './live-connections.ts';
import { deleteConnection, postToConnection } from './live-management.ts';
import { countProductEvent } from '#data/table';

/** What one push did; a push that could not reach a connection for another reason throws instead. */
export interface PushReport {
  /** Members asked for, each counted once. */
  members: number;
  /** Their open connections found in the registry. */
  connections: number;
  /** Frames API Gateway took for delivery. */
  delivered: number;
  /** Connections API Gateway no longer knew (410 GoneException): unregistered. */
  gone: number;
}

/** Thrown after every member was tried, when some connections failed other than as gone. */
export class LivePushError extends Error {
  constructor(
    readonly report: PushReport,
    readonly failures: readonly unknown[],
  ) {
    super(`${failures.length} live push(es) failed: ${String((failures[0] as Error | undefined)?.message ?? failures[0])}`, { cause: failures[0] });
    this.name = 'LivePushError';
  }
}

/** Members whose connections are read and sent to at once: a stream batch's fan-out stays within the SDK's sockets. */
const MEMBER_CONCURRENCY = 16;

/**
 * A connection registered this recently may still be inside its $connect, which AWS answers with
 * 410 for (a socket is postable only once $connect returned): it is left registered, and its
 * $disconnect or expiry removes it if it really is gone.
 */
export const CONNECTING_GRACE_MS = 10_000;

/** Runs `work` on every item, at most `limit` at a time; `work` must not throw. */
async function eachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function forgetIfGone(connection: LiveConnection): Promise<void> {
  if (Date.now() - connection.connectedAt < CONNECTING_GRACE_MS) return;
  await forgetLiveConnection(connection.uid, connection.connectionId);
}

/**
 * Sends `message` to every open page of every member in `uids`: one Query per member (16 members at
 * a time), then one PostToConnection per connection. A connection API Gateway no longer knows is
 * unregistered. Any other failure (throttling, a timeout, the registry unreadable) is thrown as a
 * LivePushError once every member was tried, so the caller (a stream consumer) retries the batch;
 * the connections that did receive it then receive it again, which the messages allow: each says
 * only what to read again. The message is parsed first, so nothing beyond the contract is sent.
 */
export async function pushToMembers(uids: readonly string[], message: PushMessage): Promise<PushReport> {
  const text = JSON.stringify(pushMessageSchema.parse(message));
  const members = [...new Set(uids)];
  const report: PushReport = { members: members.length, connections: 0, delivered: 0, gone: 0 };
  const failures: unknown[] = [];

  await eachBounded(members, MEMBER_CONCURRENCY, async (uid) => {
    try {
      const connections = await listLiveConnections(uid);
      report.connections += connections.length;
      await Promise.all(
        connections.map(async (connection) => {
          try {
            if ((await postToConnection(connection.connectionId, text)) === 'sent') {
              report.delivered++;
              return;
            }
            report.gone++;
            await forgetIfGone(connection);
          } catch (error) {
            failures.push(error);
          }
        }),
      );
    } catch (error) {
      failures.push(error);
    }
  });

  countProductEvent('pushDelivered', report.delivered);
  countProductEvent('pushFailed', failures.length);
  if (failures.length > 0) throw new LivePushError(report, failures);
  return report;
}

/** What endMemberSessions did. */
export interface EndedSessions {
  /** The member's open connections found. */
  connections: number;
  /** Those that were still open and got session.ended before being closed. */
  closed: number;
}

/**
 * Ends a member's open pages (removed, or signed out everywhere): each connection is sent
 * `session.ended` and then closed, and unregistered at once (its $disconnect finds nothing left).
 * Failures other than a connection already gone throw, after every connection was tried.
 */
export async function endMemberSessions(uid: string, reason: Extract<PushMessage, { type: 'session.ended' }>['reason']): Promise<EndedSessions> {
  const text = JSON.stringify(pushMessageSchema.parse({ type: 'session.ended', reason }));
  const connections = await listLiveConnections(uid);
  const failures: unknown[] = [];
  let closed = 0;
  await Promise.all(
    connections.map(async ({ connectionId }) => {
      try {
        // The frame first: a page must learn why, not merely see its socket drop and reconnect.
        if ((await postToConnection(connectionId, text)) === 'sent' && (await deleteConnection(connectionId)) === 'closed') closed++;
        await forgetLiveConnection(uid, connectionId);
      } catch (error) {
        failures.push(error);
      }
    }),
  );
  if (failures.length > 0)
    throw new LivePushError({ members: 1, connections: connections.length, delivered: closed, gone: connections.length - closed }, failures);
  return { connections: connections.length, closed };
}
