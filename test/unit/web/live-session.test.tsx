// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveProtocols, type PushMessage } from '#contracts/push';

const LIVE_URL = 'ws://localhost:4000/live';
const amplifySignOut = vi.fn(async () => undefined);
vi.mock('../../../web/src/lib/auth.ts', () => ({ accessToken: async () => 'access-token-1', signOut: amplifySignOut }));
// The API, answered per callable by the test (a refused handshake makes the tab ask getMe).
vi.mock('../../../web/src/lib/api-client.ts', () => import('../../support/scripted-api.ts'));
// The runtime config with its live endpoint (the socket itself is a stand-in).
vi.mock('../../../web/src/lib/config.ts', () => ({
  loadConfig: async () => ({ stage: 'local', region: 'us-east-1', apiUrl: '/api', liveUrl: LIVE_URL, cognito: { userPoolId: 'p', userPoolClientId: 'c' } }),
  loadedConfig: () => undefined,
}));

const { answers, ApiError, calls, resetScriptedApi } = await import('../../support/scripted-api.ts');
const { useLiveSession, SESSION_NOTICES } = await import('../../../web/src/lib/live/live-session.ts');
const { liveBus } = await import('../../../web/src/lib/live/live-bus.ts');
const { announceSignOut, SESSION_CHANNEL, SIGNED_OUT_STORAGE_KEY } = await import('../../../web/src/lib/live/cross-tab.ts');
const { sessionKeys, useSignOut } = await import('../../../web/src/lib/session.ts');

/** The browser's WebSocket, stood in for: the test opens and drops it and speaks for the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.closed = true;
  }
}
const lastSocket = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket');
  return socket;
};

const SESSION = { userId: 'u1', email: 'ada@example.com', emailVerifiedClaim: true, groups: [] };
const WAIT = { timeout: 5_000 };

function Shell({ joined }: { joined: boolean }) {
  useLiveSession({ userId: SESSION.userId, joined });
  const signOut = useSignOut();
  return (
    <p>
      Dashboard <button onClick={() => signOut.mutate()}>Sign out</button>
    </p>
  );
}

function SignIn() {
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return <p role="status">Sign in: {notice}</p>;
}

function renderTab({ joined = true } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sessionKeys.auth, SESSION);
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <Shell joined={joined} /> },
      { path: '/auth/signin', element: <SignIn /> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

/** Another tab of this browser: it hears sign-outs on its own channel, and may sign out itself. */
function otherTab() {
  const heard: unknown[] = [];
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (event) => heard.push(event.data);
  return { heard, signOut: () => channel.postMessage({ type: 'signed-out' }), close: () => channel.close() };
}

beforeEach(() => {
  resetScriptedApi();
  FakeSocket.all = [];
  amplifySignOut.mockClear();
  vi.stubGlobal('WebSocket', FakeSocket);
  // No jitter left to chance: the first reconnect waits 0.5 s.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the live session of a tab', () => {
  it('connects once the member has joined, catches up each time the socket opens (the first time too), and hands on messages', async () => {
    renderTab();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), WAIT);
    expect(lastSocket().url).toBe(LIVE_URL);
    expect(lastSocket().protocols).toEqual(liveProtocols('access-token-1'));
    const received: PushMessage[] = [];
    const stopMessages = liveBus.subscribe('anchors.changed', (message) => received.push(message));
    let catchUps = 0;
    const stopCatchUps = liveBus.subscribeCatchUp(() => {
      catchUps += 1;
    });

    expect(catchUps).toBe(0);
    act(() => lastSocket().onopen?.());
    expect(liveBus.status()).toBe('open');
    // The screens' first reads began before the socket was registered: a change in between was pushed to nobody.
    expect(catchUps).toBe(1);
    act(() => lastSocket().onmessage?.({ data: '{"type":"anchors.changed"}' }));
    expect(received).toEqual([{ type: 'anchors.changed' }]);

    act(() => lastSocket().onclose?.());
    expect(liveBus.status()).toBe('down');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), WAIT);
    act(() => lastSocket().onopen?.());
    expect(catchUps).toBe(2);
    stopMessages();
    stopCatchUps();
  });

  it('opens no socket for a member who has not joined (the server would refuse it)', async () => {
    renderTab({ joined: false });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(FakeSocket.all).toHaveLength(0);
    expect(liveBus.status()).toBe('off');
  });

  it('on session.ended: signs out, tells the other tabs, lands on sign-in with a notice, and never reconnects', async () => {
    localStorage.setItem('CognitoIdentityServiceProvider.c.u1.accessToken', 'stored');
    const tab = otherTab();
    const { queryClient, router } = renderTab();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), WAIT);
    act(() => lastSocket().onopen?.());

    act(() => lastSocket().onmessage?.({ data: JSON.stringify({ type: 'session.ended', reason: 'removed' }) }));
    expect((await screen.findByRole('status', {}, WAIT)).textContent).toBe(`Sign in: ${SESSION_NOTICES.removed}`);
    expect(router.state.location.pathname).toBe('/auth/signin');
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.auth)).toBeNull(), WAIT);
    expect(amplifySignOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(tab.heard).toEqual([{ type: 'signed-out' }]), WAIT);
    expect(lastSocket().closed).toBe(true);
    expect(liveBus.status()).toBe('off');

    // The server's close after its message, and time for several backoff steps: no new socket.
    act(() => lastSocket().onclose?.());
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    expect(FakeSocket.all).toHaveLength(1);
    tab.close();
  });

  it('on session.ended (signed-out): asks getMe first; refused there too, the tab signs out with the notice', async () => {
    localStorage.setItem('CognitoIdentityServiceProvider.c.u1.accessToken', 'stored');
    answers.getMe = () => {
      throw new ApiError('unauthenticated', 'You signed out everywhere. Please sign in again.');
    };
    const { queryClient, router } = renderTab();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), WAIT);
    act(() => lastSocket().onopen?.());

    act(() => lastSocket().onmessage?.({ data: JSON.stringify({ type: 'session.ended', reason: 'signed-out' }) }));
    expect((await screen.findByRole('status', {}, WAIT)).textContent).toBe(`Sign in: ${SESSION_NOTICES['signed-out']}`);
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(calls.map((call) => call.name)).toEqual(['getMe']);
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.auth)).toBeNull(), WAIT);
    expect(lastSocket().closed).toBe(true);
  });

  it('on session.ended (signed-out) reaching a tab that signed in again since (a password change): getMe answers, the tab stays and reconnects', async () => {
    answers.getMe = () => ({ uid: 'u1' });
    const { queryClient, router } = renderTab();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), WAIT);
    act(() => lastSocket().onopen?.());

    act(() => lastSocket().onmessage?.({ data: JSON.stringify({ type: 'session.ended', reason: 'signed-out' }) }));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), WAIT);
    expect(FakeSocket.all[0]?.closed).toBe(true);
    expect(calls.map((call) => call.name)).toEqual(['getMe']);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('status')).toBeNull();
    expect(queryClient.getQueryData(sessionKeys.auth)).toEqual(SESSION);
    expect(amplifySignOut).not.toHaveBeenCalled();
  });

  it('a socket refused at its handshake asks getMe; refused there too (a sign-out everywhere it never heard), the tab signs out', async () => {
    localStorage.setItem('CognitoIdentityServiceProvider.c.u1.accessToken', 'stored');
    answers.getMe = () => {
      throw new ApiError('unauthenticated', 'You signed out everywhere. Please sign in again.');
    };
    const { queryClient, router } = renderTab();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), WAIT);
    expect(calls).toEqual([]);

    // The handshake is refused: the socket closes without ever opening.
    act(() => lastSocket().onclose?.());
    expect((await screen.findByRole('status', {}, WAIT)).textContent).toBe(`Sign in: ${SESSION_NOTICES['signed-out']}`);
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(calls.map((call) => call.name)).toEqual(['getMe']);
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.auth)).toBeNull(), WAIT);
    expect(amplifySignOut).toHaveBeenCalledTimes(1);
    // No reconnect follows (several backoff steps' time).
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('a refused handshake whose getMe finds the member removed ends the tab with the removal notice', async () => {
    answers.getMe = () => {
      throw new ApiError('not-found', 'User not found');
    };
    renderTab();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), WAIT);
    act(() => lastSocket().onclose?.());
    expect((await screen.findByRole('status', {}, WAIT)).textContent).toBe(`Sign in: ${SESSION_NOTICES.removed}`);
  });

  it('a refused handshake while the session stands (the live endpoint down) keeps the tab and its reconnects; a dropped open socket asks nothing', async () => {
    answers.getMe = () => ({ uid: 'u1' });
    const { router } = renderTab();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), WAIT);
    act(() => lastSocket().onclose?.());
    await waitFor(() => expect(calls.map((call) => call.name)).toEqual(['getMe']), WAIT);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), WAIT);
    expect(router.state.location.pathname).toBe('/dashboard');

    act(() => lastSocket().onopen?.());
    act(() => lastSocket().onclose?.());
    await waitFor(() => expect(FakeSocket.all).toHaveLength(3), WAIT);
    expect(calls.map((call) => call.name)).toEqual(['getMe']);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('signs out when another tab of the browser signs out (BroadcastChannel), and lands on sign-in', async () => {
    const { queryClient, router } = renderTab();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), WAIT);

    // What the other tab's sign-out sends (it signed out through Amplify itself).
    const tab = otherTab();
    tab.signOut();
    expect((await screen.findByRole('status', {}, WAIT)).textContent).toBe(`Sign in: ${SESSION_NOTICES.otherTab}`);
    expect(router.state.location.pathname).toBe('/auth/signin');
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.auth)).toBeNull(), WAIT);
    // The tokens were the other tab's to clear; this tab only forgets.
    expect(amplifySignOut).not.toHaveBeenCalled();
    expect(lastSocket().closed).toBe(true);
    tab.close();
  });

  it("the tab's own sign-out closes its socket before Amplify revokes the token, and opens none after", async () => {
    localStorage.setItem('CognitoIdentityServiceProvider.c.u1.accessToken', 'stored');
    const { queryClient } = renderTab();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), WAIT);
    act(() => lastSocket().onopen?.());
    let socketClosedWhenRevoking: boolean | undefined;
    amplifySignOut.mockImplementationOnce(async () => {
      socketClosedWhenRevoking = lastSocket().closed;
    });

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.auth)).toBeNull(), WAIT);
    // Still open then, its reconnect or catch-up could have sent a read with the revoked token (401).
    expect(socketClosedWhenRevoking).toBe(true);
    expect(liveBus.status()).toBe('off');
    act(() => lastSocket().onclose?.());
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('does not hear its own sign-out: the tab that signs out is not told it signed out in another tab', async () => {
    const tab = otherTab();
    const { queryClient, router } = renderTab();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), WAIT);

    // What this tab's own sign-out sends (useSignOut), while its listener is still mounted.
    announceSignOut();
    await waitFor(() => expect(tab.heard).toEqual([{ type: 'signed-out' }]), WAIT);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('status')).toBeNull();
    expect(queryClient.getQueryData(sessionKeys.auth)).toEqual(SESSION);
    tab.close();
  });

  it('falls back to a storage event where BroadcastChannel is missing', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const { queryClient, router } = renderTab({ joined: false });
    announceSignOut();
    expect(localStorage.getItem(SIGNED_OUT_STORAGE_KEY)).toBeTruthy();
    // jsdom, like a browser, tells only the other tabs of a write: play one of them.
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_OUT_STORAGE_KEY, newValue: String(Date.now()) }));
    });
    expect((await screen.findByRole('status', {}, WAIT)).textContent).toBe(`Sign in: ${SESSION_NOTICES.otherTab}`);
    expect(router.state.location.pathname).toBe('/auth/signin');
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.auth)).toBeNull(), WAIT);
  });
});
