import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import type * as LiveConnections from '#data/live';
import { liveProtocols } from '../../lambdas/contracts/push.ts';
import type { LiveEvent } from '../../lambdas/live/live-event.ts';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * $connect reads the member's standing, then registers the connection. A sign-out everywhere (or a
 * removal) landing between the two looks for the member's connections before this one is there,
 * so nobody would tell it: the handler reads the standing again once registered, and refuses.
 * Here the sign-out lands at that exact moment (right after the registration's write).
 */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);

const race: { afterRegister?: (uid: string) => Promise<void> } = {};
vi.mock('../../lambdas/data/live/live-connections.ts', async (importOriginal) => {
  const real = await importOriginal<typeof LiveConnections>();
  return {
    ...real,
    registerLiveConnection: async (connection: LiveConnections.LiveConnection) => {
      const registered = await real.registerLiveConnection(connection);
      await race.afterRegister?.(connection.uid);
      return registered;
    },
  };
});

const { handler: connect } = await import('../../lambdas/live/connect.ts');
const { listLiveConnections } = await import('#data/live');
const { advanceSessionEpoch } = await import('#data/members');

const environment = { ...process.env };
afterAll(() => {
  for (const name of ['TOKEN_ISSUER', 'USER_POOL_CLIENT_ID', 'STAGE']) {
    if (name in environment) process.env[name] = environment[name];
    else Reflect.deleteProperty(process.env, name);
  }
});

/** $connect checks tokens against the pool's issuer and app client, as the local cloud configures it (local/cloud.ts). */
function trustTokensLike(token: string): void {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iss: string };
  process.env.TOKEN_ISSUER = payload.iss;
  process.env.USER_POOL_CLIENT_ID = endpoints.cognito.userPoolClientId;
  // The local issuer is http://, which the verifier accepts only on the local stage.
  process.env.STAGE = 'local';
}

function connectEvent(connectionId: string, token: string): LiveEvent {
  return {
    requestContext: { connectionId, connectedAt: Date.now() },
    headers: { 'Sec-WebSocket-Protocol': liveProtocols(token).join(', ') },
  } as unknown as LiveEvent;
}

describe('$connect racing a sign-out everywhere', () => {
  it('accepts and keeps the connection when nothing lands meanwhile', async () => {
    const member = await createMember(endpoints, 'connect-race-calm');
    trustTokensLike(member.accessToken);
    race.afterRegister = undefined;
    expect(await connect(connectEvent('calm-1', member.accessToken))).toMatchObject({ statusCode: 200 });
    expect((await listLiveConnections(member.uid)).map((connection) => connection.connectionId)).toEqual(['calm-1']);
  });

  it('refuses (401) and leaves no registration when the sign-out lands between its read and its registration', async () => {
    const member = await createMember(endpoints, 'connect-race');
    trustTokensLike(member.accessToken);
    let registered = 0;
    race.afterRegister = async (uid) => {
      registered += 1;
      await advanceSessionEpoch(uid, Math.floor(Date.now() / 1000) + 5);
    };
    try {
      expect(await connect(connectEvent('raced-1', member.accessToken))).toEqual({ statusCode: 401 });
    } finally {
      race.afterRegister = undefined;
    }
    // The token passed the first read (it was registered): the second read refused it.
    expect(registered).toBe(1);
    expect(await listLiveConnections(member.uid)).toEqual([]);
  });
});
