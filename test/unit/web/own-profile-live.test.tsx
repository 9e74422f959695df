// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The server's side: the profile as getUserProfile answers it, every call recorded with whose profile. */
const server = { verified: false };
const calls: string[] = [];
vi.mock('../../../web/src/lib/api-client.ts', () => ({
  callApi: async (name: string, data: { userId: string }) => {
    calls.push(`${name} ${data.userId}`);
    if (name === 'getUserProfile')
      return { uid: data.userId, displayName: data.userId, profilePicture: '', verifiedInPerson: server.verified, private: true, relationship: 'self' };
    throw new Error(`unexpected call ${name}`);
  },
  isApiError: () => false,
}));

const { liveBus } = await import('../../../web/src/lib/live/live-bus.ts');
const { useUserProfile } = await import('../../../web/src/features/profile/api/get-user-profile.ts');
const { sessionKeys } = await import('../../../web/src/lib/session.ts');

const ME = 'u1';

afterEach(() => {
  cleanup();
  calls.length = 0;
  server.verified = false;
});

function profileOf(userId: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.auth, { userId: ME, email: 'ann@example.com', emailVerifiedClaim: true, groups: [] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useUserProfile(userId), { wrapper }).result;
}

describe('one’s own profile follows me.changed', () => {
  it('reads again when the live socket says the member’s record changed, and shows the badge', async () => {
    const result = profileOf(ME);
    await waitFor(() => expect(result.current.data?.verifiedInPerson).toBe(false));
    server.verified = true;
    act(() => liveBus.publish({ type: 'me.changed' }));
    await waitFor(() => expect(result.current.data?.verifiedInPerson).toBe(true));
    expect(calls).toEqual([`getUserProfile ${ME}`, `getUserProfile ${ME}`]);
  });

  it('another member’s profile is not read again: me.changed is about the viewer alone', async () => {
    const result = profileOf('u2');
    await waitFor(() => expect(result.current.data).toBeDefined());
    act(() => liveBus.publish({ type: 'me.changed' }));
    // The own-profile case above shows the read happens within a tick; give this one the same chance.
    await act(() => Promise.resolve());
    expect(calls).toEqual(['getUserProfile u2']);
  });
});
