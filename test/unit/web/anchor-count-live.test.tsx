// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#contracts/user';

/** The server's side: the member's anchor count as listAnchors answers it, every call recorded. */
const server = { count: 2 };
const calls: string[] = [];
vi.mock('../../../web/src/lib/api-client.ts', () => ({
  callApi: async (name: string) => {
    calls.push(name);
    if (name === 'listAnchors') return { anchors: [], count: server.count, max: 100 };
    throw new Error(`unexpected call ${name}`);
  },
  isApiError: () => false,
}));

const { liveBus } = await import('../../../web/src/lib/live/live-bus.ts');
const { anchorKeys } = await import('../../../web/src/features/anchors/keys.ts');
const { useAnchorList, useAnchorsLive } = await import('../../../web/src/features/anchors/api/anchor-requests.ts');
const { sessionKeys } = await import('../../../web/src/lib/session.ts');

const ME = 'u1';

afterEach(() => {
  cleanup();
  calls.length = 0;
  server.count = 2;
});

/** The dashboard's reads: the anchor list, live, beside the member's record read at sign-in (anchorCount 2). */
function dashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.auth, { userId: ME, email: 'ann@example.com', emailVerifiedClaim: true, groups: [] });
  queryClient.setQueryData(sessionKeys.me(ME), { uid: ME, displayName: 'Ann', anchorCount: 2 } as User);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(
    () => {
      useAnchorsLive();
      return useAnchorList();
    },
    { wrapper },
  );
  const record = () => queryClient.getQueryData<User>(sessionKeys.me(ME));
  return { queryClient, result, record };
}

describe('the anchor count after an anchor leaves (deleted account, removal, block)', () => {
  it('anchors.changed reads the list again, and the cached record takes its count without a getMe', async () => {
    const { result, record } = dashboard();
    await waitFor(() => expect(result.current.data?.count).toBe(2));
    // An anchor deleted their account: the server's count fell, and the stream says anchors.changed.
    server.count = 1;
    act(() => liveBus.publish({ type: 'anchors.changed' }));
    await waitFor(() => expect(result.current.data?.count).toBe(1));
    expect(record()?.anchorCount).toBe(1);
    expect(calls).toEqual(['listAnchors', 'listAnchors']);
  });

  it('a reconnect (messages missed while the socket was down) reads it again too', async () => {
    const { result, record } = dashboard();
    await waitFor(() => expect(result.current.data?.count).toBe(2));
    server.count = 0;
    act(() => liveBus.publishCatchUp());
    await waitFor(() => expect(result.current.data?.count).toBe(0));
    expect(record()?.anchorCount).toBe(0);
  });

  it('leaves a record that is not cached alone (nothing to correct, nothing invented)', async () => {
    const { queryClient, result } = dashboard();
    queryClient.removeQueries({ queryKey: sessionKeys.me(ME) });
    await waitFor(() => expect(result.current.data?.count).toBe(2));
    act(() => liveBus.publish({ type: 'anchors.changed' }));
    await waitFor(() => expect(calls.filter((name) => name === 'listAnchors')).toHaveLength(2));
    expect(queryClient.getQueryData(sessionKeys.me(ME))).toBeUndefined();
    expect(queryClient.getQueryData(anchorKeys.list(ME))).toMatchObject({ count: 2 });
  });
});
