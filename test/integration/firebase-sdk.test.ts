import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { getFunctions, httpsCallableFromURL, type FunctionsError } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../lambdas/contracts/admin.ts';
import { ANCHOR_MESSAGES } from '../../lambdas/contracts/anchors.ts';
import { INVITE_MESSAGES } from '../../lambdas/contracts/joining.ts';
import { errorOf } from '../support/callable-client.ts';
import { proxiedFrom, signIn } from '../support/local-cloud-client.ts';
import { clientAddress, createMember, MEMBER_PASSWORD, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { awayFromWindowEnd } from '../support/rate-windows.ts';

/**
 * The official Firebase JS SDK (`httpsCallableFromURL`) against the local cloud, as an app built on
 * a Firebase client would call this backend after changing its URL: successes decode, and every
 * refusal arrives with the right code, the server's message (the SDK appends " [HTTP status]") and
 * its details. The Cognito access token stands in for Firebase Auth's ID token: a wrapper around
 * this file's fetch adds it as the bearer (and a client address of this file's own, for the
 * per-client budgets), and keeps the raw answer so the SDK's error can be compared with the wire.
 */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { INVITE_CHECK_LIMIT } = await import('../../lambdas/handlers/joining/validate-invite-code.ts');

interface Exchange {
  sent: { headers: Headers; body: string };
  answer: { status: number; body: unknown };
}

const realFetch = globalThis.fetch;
let bearer: string | undefined;
let address = clientAddress();
let last: Exchange | undefined;

function wrapFetch(): void {
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(endpoints.apiUrl)) return realFetch(input, init);
    const headers = new Headers(init?.headers);
    if (bearer) headers.set('authorization', `Bearer ${bearer}`);
    for (const [name, value] of Object.entries(proxiedFrom(address))) headers.set(name, value);
    const response = await realFetch(input, { ...init, headers });
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Shown as text.
    }
    last = { sent: { headers, body: String(init?.body) }, answer: { status: response.status, body } };
    return response;
  };
}

let app: FirebaseApp;

/** Calls `name` through the SDK with `token` as the bearer (none: no Authorization header). */
async function call(name: string, data: unknown, token?: string): Promise<{ data: unknown } | FunctionsError> {
  bearer = token;
  const callable = httpsCallableFromURL(getFunctions(app), `${endpoints.apiUrl}/${name}`);
  try {
    return await (data === undefined ? callable() : callable(data));
  } catch (error) {
    return error as FunctionsError;
  } finally {
    bearer = undefined;
  }
}

function exchange(): Exchange {
  if (!last) throw new Error('No request went out');
  return last;
}

/** The SDK's error for a refusal, checked against the wire: its code, the server's message and details. */
function expectRefusal(outcome: unknown, http: number, code: string, message: string): FunctionsError {
  const { answer } = exchange();
  expect(answer.status).toBe(http);
  const error = outcome as FunctionsError;
  expect(error).toBeInstanceOf(Error);
  expect(error.code).toBe(`functions/${code}`);
  expect(error.message).toBe(`${message} [${http}]`);
  const wire = errorOf(answer);
  expect(wire?.message).toBe(message);
  expect(error.details).toEqual(wire?.details);
  expect(error.details).toMatchObject({ correlationId: expect.any(String) });
  return error;
}

describe('the official Firebase JS SDK (httpsCallableFromURL) speaks to this backend', () => {
  let member: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    app = initializeApp({ projectId: 'anchored-local', apiKey: 'local-api-key', appId: '1:000000000000:web:anchored' }, 'firebase-sdk-test');
    wrapFetch();
    [member, other] = await Promise.all([createMember(endpoints, 'sdk-member'), createMember(endpoints, 'sdk-other')]);
  });

  afterAll(async () => {
    globalThis.fetch = realFetch;
    await deleteApp(app);
  });

  it('success: a call without an argument ({"data": null}) and one with data decode their results', async () => {
    const me = await call('getMe', undefined, member.accessToken);
    expect(exchange().sent.body).toBe('{"data":null}');
    expect(exchange().sent.headers.get('content-type')).toBe('application/json');
    expect(me).toMatchObject({ data: { uid: member.uid, email: member.email } });

    const post = await call('createPost', { content: 'Hello from the Firebase SDK', privacy: 'public' }, member.accessToken);
    expect(post).toMatchObject({ data: { postId: expect.any(String) } });
  });

  it('400: invalid-argument with the field at fault in the details', async () => {
    const error = expectRefusal(
      await call('createPost', { content: 'hi', privacy: 'friends' }, member.accessToken),
      400,
      'invalid-argument',
      errorOf(exchange().answer)?.message ?? '',
    );
    expect(error.message).toMatch(/^Invalid request: privacy: /);
    expect(error.details).toMatchObject({ issues: [{ path: 'privacy', message: expect.any(String) }] });
  });

  it("401: a missing or bad token, refused by the JWT authorizer with API Gateway's own body, is unauthenticated", async () => {
    for (const token of [undefined, 'not-a-jwt']) {
      const error = (await call('getMe', undefined, token)) as FunctionsError;
      expect(exchange().answer).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      expect(error.code).toBe('functions/unauthenticated');
      // No protocol body: the SDK names the code by the HTTP status and has no details.
      expect(error.message).toBe('unauthenticated [401]');
      expect(error.details).toBeUndefined();
    }
  });

  it("401: an ID token passes the authorizer and the handler's refusal arrives with its message", async () => {
    const { idToken } = await signIn(endpoints, member.email, MEMBER_PASSWORD);
    expectRefusal(await call('getMe', undefined, idToken), 401, 'unauthenticated', 'Please sign in to continue.');
  });

  it('403: permission-denied for a member at an admin callable', async () => {
    expectRefusal(await call('getAdminOverview', undefined, member.accessToken), 403, 'permission-denied', ADMIN_MESSAGES.accessDenied);
  });

  it('404: not-found for an unknown invite code (a public callable, no token)', async () => {
    address = clientAddress();
    expectRefusal(
      await call('validateInviteCode', { inviteCode: 'ZZZZZZZZ', userLocation: { city: 'Austin', state: 'Texas' } }),
      404,
      'not-found',
      INVITE_MESSAGES.invalidCode,
    );
  });

  it('409: aborted for an anchor request already pending', async () => {
    expect(await call('sendAnchorRequest', { userId: other.uid }, member.accessToken)).toMatchObject({ data: { status: 'pending' } });
    // The other member's request meets the pending one (the sender's own repeat is a success).
    expectRefusal(await call('sendAnchorRequest', { userId: member.uid }, other.accessToken), 409, 'aborted', ANCHOR_MESSAGES.alreadyPending);
  });

  it('429: resource-exhausted once a client has tried too many unknown invite codes', { timeout: 90_000 }, async () => {
    await awayFromWindowEnd(INVITE_CHECK_LIMIT);
    address = clientAddress();
    const guess = (letter: string) => call('validateInviteCode', { inviteCode: `ZZZZZZZ${letter}`, userLocation: { city: 'Austin', state: 'Texas' } });
    for (const letter of 'ABCDEFGHJK') expect(((await guess(letter)) as FunctionsError).code).toBe('functions/not-found');
    expectRefusal(await guess('M'), 429, 'resource-exhausted', INVITE_MESSAGES.rateLimited);
  });
});
