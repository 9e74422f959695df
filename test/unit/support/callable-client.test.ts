import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callRaw, errorOf, expectRefusal, ok, resultOf } from '../../support/callable-client.ts';

/** A stand-in gateway: records each request and answers what the test queued. */
const requests: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];
let next: { status: number; body: string } = { status: 200, body: '{"result":{}}' };
let server: Server;
let apiUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(next.status, { 'content-type': 'application/json' }).end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const refusal = { error: { status: 'NOT_FOUND', message: 'Post not found', details: { correlationId: 'c-1' } } };

describe('the callable test client', () => {
  it('sends the protocol request: POST {apiUrl}/{name}, JSON, the bearer token, {"data": ...} ({} when left out)', async () => {
    next = { status: 200, body: JSON.stringify({ result: { postId: 'p-1' } }) };
    await call({ apiUrl }, 'getPost', { token: 'tok', data: { postId: 'p-1' } });
    await call({ apiUrl }, 'getFeed', {});
    const [withData, withoutData] = requests.slice(-2);
    expect(withData).toMatchObject({ method: 'POST', url: '/api/getPost', body: '{"data":{"postId":"p-1"}}' });
    expect(withData?.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer tok' });
    expect(withoutData).toMatchObject({ url: '/api/getFeed', body: '{"data":{}}' });
    expect(withoutData?.headers.authorization).toBeUndefined();
  });

  it('ok answers the result, and throws with the status and body of anything else', async () => {
    next = { status: 200, body: JSON.stringify({ result: { postId: 'p-2' } }) };
    expect(await ok({ apiUrl }, 'getPost', { data: { postId: 'p-2' } })).toEqual({ postId: 'p-2' });
    next = { status: 404, body: JSON.stringify(refusal) };
    await expect(ok({ apiUrl }, 'getPost', { data: { postId: 'p-3' } })).rejects.toThrow(`getPost answered 404: ${JSON.stringify(refusal)}`);
  });

  it('callRaw sends any body as given and keeps an answer that is not JSON as text', async () => {
    next = { status: 400, body: 'not json' };
    const answer = await callRaw({ apiUrl }, 'noSuchCallable', { rawBody: '{"data": ', headers: { 'content-type': 'text/plain' } });
    expect(requests.at(-1)).toMatchObject({ url: '/api/noSuchCallable', body: '{"data": ' });
    expect(requests.at(-1)?.headers['content-type']).toBe('text/plain');
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: 'not json' });
    expect(errorOf(answer)).toBeUndefined();
  });

  it('expectRefusal passes on the HTTP status, the canonical name and the message, returns the error, and fails on any of them', () => {
    const answer = { status: 404, body: refusal };
    expect(expectRefusal(answer, 404, 'NOT_FOUND', 'Post not found')).toEqual(refusal.error);
    expectRefusal(answer, 404, 'NOT_FOUND');
    expectRefusal(answer, 404, 'NOT_FOUND', /not found/);
    expectRefusal(answer, 404, 'NOT_FOUND', expect.stringContaining('Post'));
    expect(() => expectRefusal(answer, 400, 'NOT_FOUND')).toThrow();
    expect(() => expectRefusal(answer, 404, 'INVALID_ARGUMENT')).toThrow();
    expect(() => expectRefusal(answer, 404, 'NOT_FOUND', 'Post')).toThrow();
    expect(() => expectRefusal(answer, 404, 'NOT_FOUND', /^found/)).toThrow();
    expect(() => expectRefusal({ status: 200, body: { result: {} } }, 200, 'NOT_FOUND')).toThrow();
  });

  it('resultOf and errorOf read an answer in hand', () => {
    expect(resultOf({ status: 200, body: { result: 7 } })).toBe(7);
    expect(() => resultOf({ status: 409, body: { error: { status: 'ABORTED', message: 'Busy' } } }, 'togglePostLike')).toThrow('togglePostLike answered 409');
    expect(errorOf({ body: refusal })).toEqual(refusal.error);
    expect(errorOf({ body: { result: {} } })).toBeUndefined();
    expect(errorOf({ body: { message: 'Unauthorized' } })).toBeUndefined();
  });
});
