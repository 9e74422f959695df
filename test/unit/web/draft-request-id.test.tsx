// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEED_MESSAGES, type Post } from '#contracts/feed';
import { CommentsPanel } from '../../../web/src/features/feed/components/comments-panel.tsx';
import { PostForm } from '../../../web/src/features/feed/components/post-form.tsx';
import { useDraftRequestId } from '../../../web/src/lib/draft-request-id.ts';
import { installJsdomShims, renderWithProviders } from '../../support/render-web-route.tsx';
import { samplePost } from '../../support/sample-post.ts';

vi.mock('../../../web/src/lib/auth.ts', () => ({ accessToken: async () => 'access-token-1' }));

const CONFIG = {
  stage: 'local',
  region: 'us-east-1',
  apiUrl: '/api',
  liveUrl: 'ws://localhost:4000/live',
  cognito: { userPoolId: 'p', userPoolClientId: 'c' },
};
const POST_ID = 'P'.repeat(26);
const POST: Post = samplePost({ postId: POST_ID, content: 'First post' });
const COMMENT = { commentId: 'C'.repeat(26), postId: POST_ID, authorId: 'u1', authorName: 'Ada', authorPicture: '', content: 'Hi', createdAt: POST.createdAt };

/** waitFor and findBy* give up after 1 s by default; a machine busy with other runs needs more. */
const WAIT = { timeout: 5_000 };

interface Answer {
  status: number;
  body: unknown;
}
const busy: Answer = { status: 503, body: { error: { status: 'UNAVAILABLE', message: 'The service is busy. Please try again.' } } };

/** Creates the server has received; each waits until the test answers it, so a send can be caught in flight. */
let sent: { name: string; data: Record<string, unknown>; answer?: (answer: Answer) => void }[] = [];

beforeAll(installJsdomShims);

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/config.json') return Response.json(CONFIG);
    const name = url.split('/').pop() ?? '';
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    // An open comment list loads (and polls): always empty here.
    if (name === 'listComments') return Response.json({ result: { comments: [], nextCursor: null } });
    return new Promise<Response>((resolve) => {
      sent.push({ name, data, answer: ({ status, body }) => resolve(Response.json(body, { status })) });
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Answers the oldest create still waiting, once it has arrived. */
async function answerNext(answer: Answer): Promise<Record<string, unknown>> {
  const request = await waitFor(() => {
    const waiting = sent.find((candidate) => candidate.answer);
    if (!waiting?.answer) throw new Error('No create is waiting for an answer');
    return { data: waiting.data, respond: waiting.answer, waiting };
  }, WAIT);
  delete request.waiting.answer;
  await act(async () => request.respond(answer));
  return request.data;
}

/** What a keyboard does: appends to an editable field, and leaves a read-only one as it is. */
function typeInto(field: HTMLTextAreaElement, text: string): void {
  if (field.readOnly || field.disabled) return;
  fireEvent.change(field, { target: { value: field.value + text } });
}

function render(ui: React.ReactNode): void {
  // Retries as in the app (the hooks' own rule), without its back-off wait.
  // In a router: the post form reads the address (the phone bar's ?compose opens it).
  renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>, new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retryDelay: 0 } } }));
}

describe('useDraftRequestId', () => {
  it('keeps one id per draft sent, gives another draft another id, and renews after a post', () => {
    const { result } = renderHook(() => useDraftRequestId());
    const first = result.current.requestIdFor('Hello');
    expect(result.current.requestIdFor('Hello')).toBe(first);
    const edited = result.current.requestIdFor('Hello!');
    expect(edited).not.toBe(first);
    // Back to a text sent before: that id was given up when the draft changed.
    expect(result.current.requestIdFor('Hello')).not.toBe(first);
    const again = result.current.requestIdFor('Hello');
    result.current.renew();
    expect(result.current.requestIdFor('Hello')).not.toBe(again);
  });
});

// Several waits of up to WAIT each: more room than the 5 s default of a test.
describe('the post form (jsdom)', { timeout: 20_000 }, () => {
  it('never sends an edit made while a post is sending under that post’s id', async () => {
    render(<PostForm userId="u1" />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: "What's on your mind?" });
    typeInto(field, 'First post');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent).toHaveLength(1), WAIT);

    // The member keeps typing while the post is on its way.
    expect(field.readOnly).toBe(true);
    typeInto(field, ' and more');
    const first = await answerNext({ status: 200, body: { result: POST } });
    expect(first).toMatchObject({ content: 'First post' });
    // The form clears what was posted: nothing typed is dropped unseen, as the field refused it.
    await waitFor(() => expect(field.value).toBe(''), WAIT);

    typeInto(field, 'Second post');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    const second = await answerNext({ status: 200, body: { result: { ...POST, postId: 'Q'.repeat(26), content: 'Second post' } } });
    expect(second.content).toBe('Second post');
    expect(second.clientRequestId).not.toBe(first.clientRequestId);
  });

  it('after a failure, sends the same text with the same id and an edited text with a new one', async () => {
    render(<PostForm userId="u1" />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: "What's on your mind?" });
    typeInto(field, 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    // The first try and both retries meet a busy server (its answers may have been lost after the write).
    const tries = [await answerNext(busy), await answerNext(busy), await answerNext(busy)];
    expect(await screen.findByText(FEED_MESSAGES.postFailed, {}, WAIT)).toBeTruthy();
    expect(new Set(tries.map((body) => body.clientRequestId)).size).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    const resent = await answerNext(busy);
    expect(resent).toEqual(tries[0]);
    await answerNext(busy);
    await answerNext(busy);
    expect(await screen.findByText(FEED_MESSAGES.postFailed, {}, WAIT)).toBeTruthy();

    typeInto(field, ' world');
    // Editing takes the failure's alert away.
    expect(screen.queryByText(FEED_MESSAGES.postFailed)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    const edited = await answerNext({ status: 200, body: { result: { ...POST, content: 'Hello world' } } });
    expect(edited.content).toBe('Hello world');
    expect(edited.clientRequestId).not.toBe(tries[0]?.clientRequestId);
  });
});

describe('the comment form (jsdom)', { timeout: 20_000 }, () => {
  it('never sends an edit made while a comment is sending under that comment’s id', async () => {
    render(<CommentsPanel userId="u1" postId={POST_ID} />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Write a comment' });
    typeInto(field, 'Hi');
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(sent).toHaveLength(1), WAIT);

    typeInto(field, ' there');
    const first = await answerNext({ status: 200, body: { result: { comment: COMMENT, commentCount: 1 } } });
    expect(first).toMatchObject({ postId: POST_ID, content: 'Hi' });
    await waitFor(() => expect(field.value).toBe(''), WAIT);

    typeInto(field, 'Hi there');
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    const second = await answerNext({
      status: 200,
      body: { result: { comment: { ...COMMENT, commentId: 'D'.repeat(26), content: 'Hi there' }, commentCount: 2 } },
    });
    expect(second.content).toBe('Hi there');
    expect(second.clientRequestId).not.toBe(first.clientRequestId);
  });
});
