// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAddComment } from '../../../web/src/features/feed/api/comments.ts';
import { useCreatePost } from '../../../web/src/features/feed/api/create-post.ts';

vi.mock('../../../web/src/lib/auth.ts', () => ({ accessToken: async () => 'access-token-1' }));

const CONFIG = {
  stage: 'local',
  region: 'us-east-1',
  apiUrl: '/api',
  liveUrl: 'ws://localhost:4000/live',
  cognito: { userPoolId: 'p', userPoolClientId: 'c' },
};
const POST_ID = 'P'.repeat(26);
const COMMENT = { commentId: 'C'.repeat(26), postId: POST_ID, authorId: 'u1', authorName: 'Ada', content: 'Hi', createdAt: '2024-01-01T00:00:00.000Z' };
const POST = { postId: POST_ID, authorId: 'u1', authorName: 'Ada', content: 'Hi', privacy: 'anchors', likeCount: 0, commentCount: 0 };

/** The server, by its HTTP answers in order: each call takes the next one. */
function stubServer(answers: { status: number; body: unknown }[]) {
  const bodies: { data: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/config.json') return Response.json(CONFIG);
    bodies.push(JSON.parse(String(init?.body)) as { data: Record<string, unknown> });
    const answer = answers[bodies.length - 1] ?? { status: 500, body: {} };
    return Response.json(answer.body, { status: answer.status });
  });
  return bodies;
}

const busy = { status: 503, body: { error: { status: 'UNAVAILABLE', message: 'The service is busy. Please try again.' } } };
const refused = { status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: 'Comment cannot be empty' } } };

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retryDelay: 0 } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('creates that carry a clientRequestId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a comment after a busy answer is sent again with the same clientRequestId', async () => {
    const bodies = stubServer([busy, { status: 200, body: { result: { comment: COMMENT, commentCount: 1 } } }]);
    const { result } = renderHook(() => useAddComment('u1', POST_ID), { wrapper });
    result.current.mutate({ content: 'Hi', clientRequestId: 'request-1' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(bodies.map((body) => body.data)).toEqual([
      { postId: POST_ID, content: 'Hi', clientRequestId: 'request-1' },
      { postId: POST_ID, content: 'Hi', clientRequestId: 'request-1' },
    ]);
  });

  it('a post is tried three times at most, each with the draft id', async () => {
    const bodies = stubServer([busy, busy, busy, { status: 200, body: { result: POST } }]);
    const { result } = renderHook(() => useCreatePost('u1'), { wrapper });
    result.current.mutate({ content: 'Hi', privacy: 'anchors', clientRequestId: 'draft-7' });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(bodies.map((body) => body.data.clientRequestId)).toEqual(['draft-7', 'draft-7', 'draft-7']);
  });

  it('a refusal is final: not sent again', async () => {
    const bodies = stubServer([refused]);
    const { result } = renderHook(() => useAddComment('u1', POST_ID), { wrapper });
    result.current.mutate({ content: ' ', clientRequestId: 'request-2' });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(bodies).toHaveLength(1);
  });
});
