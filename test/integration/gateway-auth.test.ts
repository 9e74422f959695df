import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, callRaw, expectAuthorizerRefusal, expectRefusal, ok } from '../support/callable-client.ts';
import { rawRequest, signIn, type Tokens } from '../support/local-cloud-client.ts';
import { decodeJwtPayload, foreignKey, signJwt } from '../support/local-cloud-tokens.ts';

const endpoints = inject('endpoints');
const founder = inject('founder');

describe('the local gateway guards callables as API Gateway’s JWT authorizer does', () => {
  let founderTokens: Tokens;

  beforeAll(async () => {
    founderTokens = await signIn(endpoints, founder.email, founder.password);
  });

  /** A token cognito-local itself could have issued for the founder, with `changes` applied. */
  function genuineLooking(changes: Record<string, unknown>): string {
    return signJwt({ ...decodeJwtPayload(founderTokens.accessToken), ...changes });
  }

  it('refuses getMe without a token with API Gateway\'s own 401 {"message":"Unauthorized"}', async () => {
    const answer = await call(endpoints, 'getMe', {});
    expectAuthorizerRefusal(answer);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('www-authenticate')).toBeNull();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a token that is not a JWT', async () => {
    const answer = await call(endpoints, 'getMe', { token: 'not-a-jwt' });
    expectAuthorizerRefusal(answer);
    // As API Gateway's: the flaw is named in the www-authenticate header, never in the body.
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer scope="" error="invalid_token" error_description="[^"]+"$/);
  });

  it('refuses a token signed with another key', async () => {
    const forged = signJwt(decodeJwtPayload(founderTokens.accessToken), foreignKey());
    expectAuthorizerRefusal(await call(endpoints, 'getMe', { token: forged }));
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = genuineLooking({ iat: past - 3600, auth_time: past - 3600, exp: past });
    expectAuthorizerRefusal(await call(endpoints, 'getMe', { token: expired }));
  });

  it('refuses a token for another app client or issuer', async () => {
    expectAuthorizerRefusal(await call(endpoints, 'getMe', { token: genuineLooking({ client_id: 'someone-else' }) }));
    expectAuthorizerRefusal(await call(endpoints, 'getMe', { token: genuineLooking({ iss: `${endpoints.cognito.endpoint}/local_other` }) }));
  });

  it('accepts a re-signed genuine token (so the refusals above are about the one change)', async () => {
    expect((await call(endpoints, 'getMe', { token: genuineLooking({}) })).status).toBe(200);
  });

  it('lets an ID token through the authorizer, as API Gateway does, and the handler refuses it in the protocol format', async () => {
    expectRefusal(await call(endpoints, 'getMe', { token: founderTokens.idToken }), 401, 'UNAUTHENTICATED');
  });

  it("returns the founder's record for the founder's access token, without storage attributes", async () => {
    const user = await ok(endpoints, 'getMe', { token: founderTokens.accessToken });
    expect(user).toMatchObject({
      uid: founder.userId,
      email: founder.email,
      isSuperuser: true,
      isAdmin: true,
      isVerified: true,
      verificationLevel: 'verified',
      profileCompleted: true,
      inviteSystem: { inviteCode: founder.inviteCode, invitedBy: null },
    });
    for (const storageOnly of ['pk', 'sk', 'nameShard', 'nameKey', 'emailShard', 'emailKey', 'invitedBy']) {
      expect(user).not.toHaveProperty(storageOnly);
    }
  });
});

describe('the local gateway speaks the callable protocol', () => {
  let token: string;

  beforeAll(async () => {
    token = (await signIn(endpoints, founder.email, founder.password)).accessToken;
  });

  it('answers an unknown callable with 404 NOT_FOUND', async () => {
    expectRefusal(await callRaw(endpoints, 'noSuchCallable', { token }), 404, 'NOT_FOUND');
  });

  it('has no route for other methods', async () => {
    const response = await fetch(`${endpoints.apiUrl}/getMe`);
    expect(response.status).toBe(404);
  });

  it('refuses malformed JSON with 400 INVALID_ARGUMENT', async () => {
    expectRefusal(await callRaw(endpoints, 'getMe', { token, rawBody: '{"data": ' }), 400, 'INVALID_ARGUMENT');
  });

  it('refuses fields a callable does not take with 400 INVALID_ARGUMENT', async () => {
    expectRefusal(await callRaw(endpoints, 'getMe', { token, data: { uid: 'someone-else' } }), 400, 'INVALID_ARGUMENT');
  });

  it('refuses a request that is not exactly a JSON POST of {data} with 400 INVALID_ARGUMENT, and takes {"data": null}', async () => {
    const envelope = 'The request body must be JSON of the form {"data": ...}.';
    const refusals: [string, { rawBody?: string; headers?: Record<string, string> }, string][] = [
      ['no data field', { rawBody: '{}' }, envelope],
      ['an empty body', { rawBody: '' }, envelope],
      ['an extra top-level field', { rawBody: '{"data":{},"extra":true}' }, envelope],
      ['a bare array', { rawBody: '[{"data":{}}]' }, envelope],
      ['text/plain', { headers: { 'content-type': 'text/plain' } }, 'The request must have Content-Type application/json.'],
      ['form encoding', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 'The request must have Content-Type application/json.'],
    ];
    for (const [what, options, message] of refusals) {
      const answer = await callRaw(endpoints, 'getMe', { token, ...options });
      expect({ what, status: answer.status, body: answer.body }).toMatchObject({ what, status: 400, body: { error: { status: 'INVALID_ARGUMENT', message } } });
    }
    expect((await callRaw(endpoints, 'getMe', { token, rawBody: '{"data":null}' })).status).toBe(200);
    expect((await call(endpoints, 'getMe', { token, headers: { 'content-type': 'application/json; charset=utf-8' } })).status).toBe(200);
  });

  it('refuses a body over API Gateway’s 10 MB limit with 413', async () => {
    const answer = await callRaw(endpoints, 'getMe', { token, rawBody: JSON.stringify({ data: { x: 'a'.repeat(10 * 1024 * 1024) } }) });
    expectRefusal(answer, 413, 'INVALID_ARGUMENT');
  });

  it('serves the SPA runtime configuration at /config.json', async () => {
    const response = await fetch(new URL('/config.json', endpoints.apiUrl));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      stage: 'local',
      region: endpoints.region,
      apiUrl: '/api',
      liveUrl: endpoints.live.url,
      cognito: {
        userPoolId: endpoints.cognito.userPoolId,
        userPoolClientId: endpoints.cognito.userPoolClientId,
        endpoint: endpoints.cognito.endpoint,
      },
    });
  });
});

describe('the Lambda Invoke API the gateway serves cognito-local (its triggers) answers only localhost with the per-start token', () => {
  const gateway = new URL(endpoints.apiUrl);
  const invoke = (base: string, headers: Record<string, string> = {}) =>
    rawRequest(`${base}/2015-03-31/functions/PreSignUp/invocations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });

  it('runs nothing without the token or with a wrong one', async () => {
    for (const base of [gateway.origin, `${gateway.origin}/local/lambda/${'A'.repeat(43)}`]) {
      for (const headers of [{}, { 'x-amz-invocation-type': 'Event' }] as Record<string, string>[]) {
        const answer = await invoke(base, headers);
        expect({ base, headers, status: answer.status }).toEqual({ base, headers, status: 404 });
        // Lambda's answer headers: no function ran, not even to refuse the empty event.
        expect(answer.headers['x-amz-executed-version']).toBeUndefined();
        expect(answer.headers['x-amz-function-error']).toBeUndefined();
      }
    }
  });

  it('refuses a request for another host name even with the token, and runs the trigger for localhost', async () => {
    const { lambdaEndpoint } = inject('localCloudSecrets');
    expect(new URL(lambdaEndpoint).origin).toBe(gateway.origin);
    const rebound = await invoke(lambdaEndpoint, { host: `rebound.example:${gateway.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.headers['x-amz-executed-version']).toBeUndefined();
    // The honest caller: PreSignUp runs and refuses the empty event as Lambda reports a function error.
    const honest = await invoke(lambdaEndpoint);
    expect(honest.status).toBe(200);
    expect(honest.headers['x-amz-function-error']).toBe('Unhandled');
  });
});
