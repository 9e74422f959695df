import { describe, expect, inject, it } from 'vitest';
import { LIVE_PAYLOAD_LIMIT_BYTES } from '../../local/live-gateway.ts';
import { ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';
import { useLiveSockets } from '../support/live-sockets.ts';

/**
 * A hostile socket must cost only itself: a frame over API Gateway's 128 KB made
 * the local gateway's `ws` emit an 'error' nobody handled, and `npm start` (this suite's cloud, in
 * the global setup's process) went down with every service. API Gateway refuses such a frame by
 * closing that one socket with 1009 (message too big); the cloud keeps serving.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const openPage = useLiveSockets(endpoints);

describe('a frame over 128 KB on the live socket', () => {
  it('closes that socket with 1009, and the cloud keeps serving: another page stays open and a call succeeds', async () => {
    const member = await createMember(endpoints, 'live-oversized');
    const hostile = await openPage(member.accessToken);
    const bystander = await openPage(member.accessToken);

    const frame = 'x'.repeat(200 * 1024);
    expect(frame.length).toBeGreaterThan(LIVE_PAYLOAD_LIMIT_BYTES);
    hostile.socket.send(frame);

    expect((await hostile.closed).code).toBe(1009);
    expect(bystander.socket.readyState).toBe(bystander.socket.OPEN);
    await expect(ok(endpoints, 'getMe', { token: member.accessToken, data: {} })).resolves.toMatchObject({ uid: member.uid });
  });
});
