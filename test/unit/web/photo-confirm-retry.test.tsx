// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#contracts/user';
import { useAddPhoto } from '../../../web/src/features/settings/api/settings-mutations.ts';
import { sessionKeys } from '../../../web/src/lib/session.ts';
import { testMember } from '../../support/render-web-route.tsx';

vi.mock('../../../web/src/lib/auth.ts', () => ({ accessToken: async () => 'access-token-1' }));

const CONFIG = {
  stage: 'local',
  region: 'us-east-1',
  apiUrl: '/api',
  liveUrl: 'ws://localhost:4000/live',
  cognito: { userPoolId: 'p', userPoolClientId: 'c' },
};
const UPLOAD_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const STORAGE_URL = 'http://storage.test/pictures';
const PHOTO = { id: 'photo-1', url: 'http://storage.test/pictures/users/u1/photos/photo-1.jpg?signed', caption: '', uploadedAt: '2026-11-22T00:00:00.000Z' };

type Answer = { status: number; body: unknown } | 'connection lost';
const busy: Answer = { status: 503, body: { error: { status: 'UNAVAILABLE', message: 'The service is busy. Please try again.' } } };
const conflict: Answer = { status: 409, body: { error: { status: 'ABORTED', message: 'Someone else changed this at the same time. Please try again.' } } };
const gallery: Answer = { status: 200, body: { result: { photos: [PHOTO], count: 1, max: 10 } } };

/**
 * The server: createPhotoUpload stages one upload, storage takes the file, and confirmPhotoUpload
 * takes the given answers in order. Records every call by name (the storage POST as 'storage').
 */
function stubServer(confirmAnswers: Answer[]) {
  const calls: { name: string; data?: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/config.json') return Response.json(CONFIG);
    if (url === STORAGE_URL) {
      calls.push({ name: 'storage' });
      return new Response(null, { status: 204 });
    }
    const name = url.split('/').pop() ?? '';
    const { data } = JSON.parse(String(init?.body)) as { data: unknown };
    calls.push({ name, data });
    if (name === 'createPhotoUpload') return Response.json({ result: { uploadId: UPLOAD_ID, upload: { url: STORAGE_URL, fields: { key: 'k' } } } });
    if (name === 'getMe') return Response.json({ result: testMember({ uid: 'u1', displayName: 'Ada', now: new Date(0) }, { photos: [PHOTO] }) });
    const answer = confirmAnswers[calls.filter((call) => call.name === 'confirmPhotoUpload').length - 1] ?? busy;
    if (answer === 'connection lost') throw new TypeError('Failed to fetch');
    return Response.json(answer.body, { status: answer.status });
  });
  return calls;
}

function setup() {
  // No back-off wait between tries; the rule of when to try again is the app's own.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retryDelay: 0 } } });
  queryClient.setQueryData<User>(sessionKeys.me('u1'), testMember({ uid: 'u1', displayName: 'Ada', now: new Date(0) }));
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useAddPhoto('u1'), { wrapper });
  const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' });
  return { queryClient, result, add: () => result.current.mutate(photo) };
}

const WAIT = { timeout: 5_000 };

// A loaded machine can spend seconds on the first render; the waits above need room in the test's time.
describe('adding a gallery photo (jsdom)', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms the same upload again after a lost connection and a busy answer: one upload, one photo', async () => {
    const calls = stubServer(['connection lost', busy, gallery]);
    const { queryClient, result, add } = setup();
    add();
    await waitFor(() => expect(result.current.isSuccess).toBe(true), WAIT);
    expect(calls.map((call) => call.name)).toEqual(['createPhotoUpload', 'storage', 'confirmPhotoUpload', 'confirmPhotoUpload', 'confirmPhotoUpload']);
    for (const call of calls.filter(({ name }) => name === 'confirmPhotoUpload')) expect(call.data).toEqual({ uploadId: UPLOAD_ID });
    expect(queryClient.getQueryData<User>(sessionKeys.me('u1'))?.photos).toEqual([PHOTO]);
  });

  it('confirms again after a conflict', async () => {
    const calls = stubServer([conflict, gallery]);
    const { result, add } = setup();
    add();
    await waitFor(() => expect(result.current.isSuccess).toBe(true), WAIT);
    expect(calls.filter(({ name }) => name === 'confirmPhotoUpload')).toHaveLength(2);
  });

  it('gives up after three tries, and reads the record again so a photo that did land shows', async () => {
    const calls = stubServer([busy, busy, busy, gallery]);
    const { queryClient, result, add } = setup();
    add();
    await waitFor(() => expect(result.current.isError).toBe(true), WAIT);
    expect(calls.filter(({ name }) => name === 'confirmPhotoUpload')).toHaveLength(3);
    expect(calls.filter(({ name }) => name === 'createPhotoUpload')).toHaveLength(1);
    expect(queryClient.getQueryState(sessionKeys.me('u1'))?.isInvalidated).toBe(true);
  });

  it('does not confirm again after a refusal', async () => {
    const refused: Answer = { status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: 'The file is not an image.' } } };
    const calls = stubServer([refused, gallery]);
    const { result, add } = setup();
    add();
    await waitFor(() => expect(result.current.isError).toBe(true), WAIT);
    expect(calls.filter(({ name }) => name === 'confirmPhotoUpload')).toHaveLength(1);
  });
});
