import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CALL_TIMEOUT_MS, callApi, signingOutWith } from '../../../web/src/lib/api-client.ts';

/** Resolves when the token may be handed out: a test holds it to catch a call between reading its token and sending. */
const tokenRead = vi.hoisted(() => ({ ready: Promise.resolve() }));
vi.mock('../../../web/src/lib/auth.ts', () => ({
  accessToken: async () => {
    await tokenRead.ready;
    return 'access-token-1';
  },
}));

const CONFIG = {
  stage: 'local',
  region: 'us-east-1',
  apiUrl: '/api',
  liveUrl: 'ws://localhost:4000/live',
  cognito: { userPoolId: 'local_1', userPoolClientId: 'client1', endpoint: 'http://localhost:9229' },
};

const USER = {
  uid: 'u1',
  email: 'a@example.com',
  displayName: 'Ada',
  createdAt: '2024-01-01T00:00:00.000Z',
  lastActive: '2024-01-01T00:00:00.000Z',
  inviteSystem: { invitesRemaining: 10, inviteCode: 'ABCDEFGH' },
};

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

function stubApi(answer: Answer) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/config.json') return Response.json(CONFIG);
    calls.push({ url, init });
    if (answer instanceof Error) throw answer;
    const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(body, { status: answer.status, headers: answer.headers });
  });
  return calls;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('callApi', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('sends nothing while the tab signs out (a call then is cancelled, not answered 401), and sends again after', async () => {
    const calls = stubApi({ status: 200, body: { result: USER } });
    const held = await signingOutWith(() => failure(callApi('getMe', {})));
    expect(held.status).toBe('cancelled');
    expect(calls).toHaveLength(0);
    await expect(callApi('getMe', {})).resolves.toEqual(USER);
    expect(calls).toHaveLength(1);
  });

  it('cancels a call on its way when the tab starts signing out, before the token is revoked', async () => {
    let sent: AbortSignal | undefined;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url === '/config.json') return Response.json(CONFIG);
      sent = init?.signal ?? undefined;
      // The server has not answered yet: only an abort settles it.
      return new Promise<Response>((_resolve, reject) => sent?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
    const call = failure(callApi('getFeed', {}));
    await vi.waitFor(() => expect(sent).toBeDefined());
    const abortedBeforeRevoking = await signingOutWith(async () => sent?.aborted);
    expect(abortedBeforeRevoking).toBe(true);
    expect((await call).status).toBe('cancelled');
  });

  it('never sends a call begun before a sign-out whose token was still being read (it would go out revoked, or with none)', async () => {
    const calls = stubApi({ status: 200, body: { result: USER } });
    let handOutToken = () => {};
    tokenRead.ready = new Promise((resolve) => (handOutToken = resolve));
    try {
      const call = failure(callApi('getFeed', {}));
      await signingOutWith(async () => undefined);
      handOutToken();
      expect((await call).status).toBe('cancelled');
      expect(calls).toHaveLength(0);
    } finally {
      tokenRead.ready = Promise.resolve();
    }
  });

  it('POSTs {data} to {apiUrl}/{name} with the bearer access token and resolves with the result', async () => {
    const calls = stubApi({ status: 200, body: { result: USER } });
    await expect(callApi('getMe', {})).resolves.toEqual(USER);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('/api/getMe');
    expect(call?.init?.method).toBe('POST');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ data: {} });
    expect((call?.init?.headers as Record<string, string>).authorization).toBe('Bearer access-token-1');
  });

  it('sends Content-Type application/json and a body of exactly {data}', async () => {
    const calls = stubApi({ status: 200, body: { result: [] } });
    await callApi('searchUsers', { query: 'ada' });
    const [call] = calls;
    expect((call?.init?.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ data: { query: 'ada' } });
  });

  it('throws an ApiError with the protocol status (by its lower-case name), message and correlation id', async () => {
    stubApi({
      status: 404,
      body: { error: { status: 'NOT_FOUND', message: 'User not found', details: { correlationId: 'c-1' } } },
    });
    const error = await failure(callApi('getMe', {}));
    expect(error).toMatchObject({ status: 'not-found', message: 'User not found', correlationId: 'c-1' });
  });

  it.each([
    ['INVALID_ARGUMENT', 400, 'invalid-argument'],
    ['UNAUTHENTICATED', 401, 'unauthenticated'],
    ['PERMISSION_DENIED', 403, 'permission-denied'],
    ['ABORTED', 409, 'aborted'],
    ['RESOURCE_EXHAUSTED', 429, 'resource-exhausted'],
    ['INTERNAL', 500, 'internal'],
    ['UNIMPLEMENTED', 501, 'unimplemented'],
    ['UNAVAILABLE', 503, 'unavailable'],
    ['DEADLINE_EXCEEDED', 504, 'deadline-exceeded'],
  ])('maps the wire status %s (HTTP %i) to %s', async (wire, status, code) => {
    stubApi({ status, body: { error: { status: wire, message: 'The server says so.' } } });
    expect(await failure(callApi('getMe', {}))).toMatchObject({ status: code, message: 'The server says so.' });
  });

  it('takes an error status outside the protocol (e.g. a lower-case name) as internal, as the Firebase SDKs do', async () => {
    stubApi({ status: 404, body: { error: { status: 'not-found', message: 'User not found' } } });
    expect((await failure(callApi('getMe', {}))).status).toBe('internal');
  });

  it("maps a body without the protocol (API Gateway's own 401) by its HTTP status", async () => {
    stubApi({ status: 401, body: { message: 'Unauthorized' }, headers: { 'x-correlation-id': 'c-2' } });
    const error = await failure(callApi('getMe', {}));
    expect(error).toMatchObject({ status: 'unauthenticated', message: 'Unauthorized', correlationId: 'c-2' });
  });

  it('maps an unparseable 502 to internal', async () => {
    stubApi({ status: 502, body: undefined });
    expect((await failure(callApi('getMe', {}))).status).toBe('internal');
  });

  it("maps a network failure to 'internal' (spec §8)", async () => {
    stubApi(new TypeError('Failed to fetch'));
    const error = await failure(callApi('getMe', {}));
    expect(error.status).toBe('internal');
    expect(error.message).toMatch(/could not reach the server/i);
  });
});

describe("callApi gives up after 70 seconds (the spec's default timeout)", () => {
  let seen: AbortSignal | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    seen = undefined;
    // A server that never answers: the request settles only when its signal aborts.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (url === '/config.json') return Promise.resolve(Response.json(CONFIG));
      seen = init?.signal ?? undefined;
      return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('rejects with deadline-exceeded and a message at 70 s, not before, and aborts the request', async () => {
    expect(CALL_TIMEOUT_MS).toBe(70_000);
    const outcome = failure(callApi('getMe', {}));
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toMatchObject({ status: 'deadline-exceeded', message: 'The request took too long. Please try again.' });
    expect(seen?.aborted).toBe(true);
  });

  it("rejects with cancelled when the caller's signal aborts first", async () => {
    const controller = new AbortController();
    const outcome = failure(callApi('getMe', {}, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    expect((await outcome).status).toBe('cancelled');
    expect(vi.getTimerCount()).toBe(0);
  });
});
