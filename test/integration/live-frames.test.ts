import { ApiGatewayManagementApiClient, GetConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { describe, expect, inject, it } from 'vitest';
import { listLiveConnections, pushToMembers } from '#data/live';
import { LIVE_FRAME_LIMIT } from '../../lambdas/domain/live-frames.ts';
import type { LiveEvent } from '../../lambdas/live/live-event.ts';
import { handler as receiveFrame } from '../../lambdas/live/message.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/local-aws.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { type TestSocket, useLiveSockets } from '../support/live-sockets.ts';

/**
 * What a page may send on its live socket: only the frames the client message
 * contract defines (clientMessageSchema: today the ping), at most LIVE_FRAME_LIMIT a socket, counted
 * by the warm $default function (no table write per frame). Anything else closes that socket,
 * through the @connections API as on AWS; the member's other pages stay open.
 */
const endpoints = inject('endpoints');
const { liveManagementEndpoint } = inject('localCloudSecrets');
useLocalCloudData(endpoints);
process.env.LIVE_MANAGEMENT_ENDPOINT = liveManagementEndpoint;
const openPage = useLiveSockets(endpoints);

const management = new ApiGatewayManagementApiClient({ endpoint: liveManagementEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
const PING = JSON.stringify({ action: 'ping' });

async function isOpen(connectionId: string): Promise<boolean> {
  try {
    await management.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    return true;
  } catch {
    return false;
  }
}

/** One page and its connection id (the member's only socket). */
async function onePage(member: TestMember): Promise<{ page: TestSocket; connectionId: string }> {
  const page = await openPage(member.accessToken);
  const [connection] = await listLiveConnections(member.uid);
  if (!connection) throw new Error('The socket was not registered');
  return { page, connectionId: connection.connectionId };
}

/** A text frame as API Gateway hands it to $default, for the socket `connectionId`. */
function frame(connectionId: string, body: string): LiveEvent {
  return {
    body,
    isBase64Encoded: false,
    requestContext: { connectionId, routeKey: '$default', eventType: 'MESSAGE', connectedAt: Date.now() },
  } as LiveEvent;
}

describe('a frame the client message contract does not define', () => {
  it.each([
    ['an unknown action', JSON.stringify({ action: 'subscribe', to: 'everything' })],
    ['a ping with an extra field', JSON.stringify({ action: 'ping', extra: 1 })],
    ['text that is not JSON', 'not json'],
    ['100 KB of anything', 'x'.repeat(100 * 1024)],
  ])('closes the socket: %s; the member’s other page stays open and still hears pushes', async (_name, body) => {
    const member = await createMember(endpoints, 'live-unknown-frame');
    const hostile = await openPage(member.accessToken);
    const other = await openPage(member.accessToken);
    hostile.socket.send(body);
    await hostile.closed;
    await pushToMembers([member.uid], { type: 'anchors.changed' });
    expect(await other.next()).toEqual({ type: 'anchors.changed' });
    expect(other.socket.readyState).toBe(other.socket.OPEN);
  });

  it('closes the socket: a binary frame', async () => {
    const member = await createMember(endpoints, 'live-binary-frame');
    const hostile = await openPage(member.accessToken);
    hostile.socket.send(Buffer.from(PING));
    await hostile.closed;
  });
});

describe('the frame rate of a socket', () => {
  it(`keeps a page open through ${LIVE_FRAME_LIMIT.maxFrames} pings in a window, then closes it at the next`, async () => {
    const member = await createMember(endpoints, 'live-frame-rate');
    const { page, connectionId } = await onePage(member);
    // In this process, as one warm $default function sees the socket's frames one after another.
    for (let i = 0; i < LIVE_FRAME_LIMIT.maxFrames; i++) await receiveFrame(frame(connectionId, PING));
    expect(await isOpen(connectionId)).toBe(true);
    expect(page.socket.readyState).toBe(page.socket.OPEN);

    await receiveFrame(frame(connectionId, PING));
    await page.closed;
    expect(await isOpen(connectionId)).toBe(false);
  });

  it('counts each socket apart: a flooding page does not close its member’s other page', async () => {
    const member = await createMember(endpoints, 'live-frame-rate-apart');
    const flooding = await openPage(member.accessToken);
    const honest = await openPage(member.accessToken);
    for (let i = 0; i <= LIVE_FRAME_LIMIT.maxFrames * 2; i++) flooding.socket.send(PING);
    await flooding.closed;
    honest.socket.send(PING);
    await pushToMembers([member.uid], { type: 'anchors.changed' });
    expect(await honest.next()).toEqual({ type: 'anchors.changed' });
    expect(honest.socket.readyState).toBe(honest.socket.OPEN);
  });

  it('is far above honest use: the app pings once every 5 minutes', async () => {
    const { PING_INTERVAL_MS } = await import('../../web/src/lib/live/backoff.ts');
    const pingsPerWindow = Math.ceil(LIVE_FRAME_LIMIT.windowMs / PING_INTERVAL_MS);
    expect(LIVE_FRAME_LIMIT.maxFrames).toBeGreaterThanOrEqual(pingsPerWindow * 10);
  });
});
