import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIVE_PROTOCOL, liveProtocols } from '../../lambdas/contracts/push.ts';
import { listLiveConnections } from '#data/live';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/http/client-address.ts';
import { handler as connect } from '../../lambdas/live/connect.ts';
import type { LiveEvent } from '../../lambdas/live/live-event.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

/**
 * On AWS the live socket is reached through CloudFront and its web ACL (lib/web-hosting.ts, `/live`),
 * which adds the origin secret; a handshake straight to the execute-api hostname would skip the
 * ACL, so $connect refuses one without the secret (403) before it reads anything.
 * Here $connect runs in this process with ORIGIN_VERIFY_SECRET set as on AWS, against the local
 * cloud's table. The local gateway has no CloudFront and no secret, so there the check is off.
 * Not run here: CloudFront adding the header on a WebSocket upgrade (asserted in test/infra/web-hosting.test.ts).
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const SECRET = 'live-origin-secret-of-this-test-0123456789';
const saved = { ...process.env };
let member: TestMember;

beforeAll(async () => {
  member = await createMember(endpoints, 'live-origin');
  const payload = JSON.parse(Buffer.from(member.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iss: string };
  // $connect checks tokens against the pool's issuer and app client, as the local cloud configures it.
  process.env.TOKEN_ISSUER = payload.iss;
  process.env.USER_POOL_CLIENT_ID = endpoints.cognito.userPoolClientId;
  process.env.STAGE = 'local';
  process.env.ORIGIN_VERIFY_SECRET = SECRET;
});

afterAll(() => {
  for (const name of ['TOKEN_ISSUER', 'USER_POOL_CLIENT_ID', 'STAGE', 'ORIGIN_VERIFY_SECRET']) {
    if (saved[name] === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = saved[name];
  }
});

function handshake(connectionId: string, headers: Record<string, string>): LiveEvent {
  return {
    headers: { 'Sec-WebSocket-Protocol': liveProtocols(member.accessToken).join(', '), ...headers },
    requestContext: { connectionId, connectedAt: Date.now(), routeKey: '$connect', eventType: 'CONNECT' },
  } as unknown as LiveEvent;
}

describe('$connect behind CloudFront', () => {
  it('refuses a handshake without the origin secret, or with another, with 403 and registers nothing', async () => {
    expect(await connect(handshake('direct-none', {}))).toEqual({ statusCode: 403 });
    expect(await connect(handshake('direct-wrong', { [ORIGIN_VERIFY_HEADER]: 'guessed' }))).toEqual({ statusCode: 403 });
    expect(await connect(handshake('direct-long', { [ORIGIN_VERIFY_HEADER]: `${SECRET}x` }))).toEqual({ statusCode: 403 });
    expect(await listLiveConnections(member.uid)).toEqual([]);
  });

  it('accepts the member through CloudFront (the secret, in any header case) and answers the live subprotocol', async () => {
    expect(await connect(handshake('through-cloudfront', { [ORIGIN_VERIFY_HEADER]: SECRET }))).toEqual({
      statusCode: 200,
      headers: { 'Sec-WebSocket-Protocol': LIVE_PROTOCOL },
    });
    expect(await connect(handshake('through-cloudfront-2', { 'X-Origin-Verify': SECRET }))).toMatchObject({ statusCode: 200 });
    expect((await listLiveConnections(member.uid)).map((c) => c.connectionId).toSorted()).toEqual(['through-cloudfront', 'through-cloudfront-2']);
  });
});
