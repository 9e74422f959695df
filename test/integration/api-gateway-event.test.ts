import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { callerFromEvent } from '#http/caller';
import { apiGatewayEvent, PROXY_SECRET_HEADER } from '../../local/api-gateway-event.ts';

/** Sends one real HTTP request and hands back what a Node server received. */
async function receive(init: RequestInit & { path: string }): Promise<{ request: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.end();
        server.close();
        resolve({ request, body: Buffer.concat(chunks) });
      });
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      fetch(`http://127.0.0.1:${port}${init.path}`, init).catch(reject);
    });
  });
}

describe('the API Gateway v2 event the local gateway builds', () => {
  it('carries the request and the claims as the HTTP API JWT authorizer passes them', async () => {
    const { request, body } = await receive({
      path: '/api/getMe?x=1',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'test-agent', 'X-Correlation-Id': 'abcdefgh-1234' },
      body: '{"data":{}}',
    });
    const event = apiGatewayEvent({
      request,
      requestId: 'req-1',
      routeKey: 'POST /api/getMe',
      rawPath: '/api/getMe',
      body,
      claims: {
        sub: 'user-1',
        username: 'user-1',
        token_use: 'access',
        'cognito:groups': ['admin', 'moderators'],
        exp: 2_000_000_000,
        scope: 'aws.cognito.signin.user.admin',
      },
    });

    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/getMe',
      rawPath: '/api/getMe',
      rawQueryString: 'x=1',
      body: '{"data":{}}',
      isBase64Encoded: false,
      headers: { 'content-type': 'application/json', 'user-agent': 'test-agent', 'x-correlation-id': 'abcdefgh-1234' },
      requestContext: {
        requestId: 'req-1',
        http: { method: 'POST', path: '/api/getMe', sourceIp: '127.0.0.1', userAgent: 'test-agent' },
        authorizer: {
          jwt: {
            claims: { sub: 'user-1', username: 'user-1', token_use: 'access', 'cognito:groups': '[admin moderators]', exp: '2000000000' },
            scopes: ['aws.cognito.signin.user.admin'],
          },
        },
      },
    });
    // The protocol layer reads it back as the caller.
    expect(callerFromEvent(event)).toEqual({ uid: 'user-1', username: 'user-1', groups: ['admin', 'moderators'] });
  });

  it('has no authorizer context at all for an anonymous call, as a public route has none', async () => {
    const { request, body } = await receive({ path: '/api/getMe', method: 'POST', body: '' });
    const event = apiGatewayEvent({ request, requestId: 'req-2', routeKey: 'POST /api/getMe', rawPath: '/api/getMe', body, claims: null });
    expect(event.requestContext.authorizer).toBeUndefined();
    expect(event.body).toBeUndefined();
    expect(callerFromEvent(event)).toBeNull();
  });

  it('reports as sourceIp the address the web proxy appended to X-Forwarded-For when it sends the proxy secret, else the peer; the secret never reaches the handler', async () => {
    const secret = 'this-start-proxy-secret';
    // 198.51.100.7 is what the browser itself claimed; the proxy appended the address it saw.
    const forwarded = { 'X-Forwarded-For': '198.51.100.7, 10.1.2.3' };
    const proxied = await receive({ path: '/api/getMe', method: 'POST', body: '', headers: { ...forwarded, [PROXY_SECRET_HEADER]: secret } });
    const event = apiGatewayEvent({
      request: proxied.request,
      requestId: 'req-3',
      routeKey: 'POST /api/getMe',
      rawPath: '/api/getMe',
      body: proxied.body,
      claims: null,
      proxySecret: secret,
    });
    expect(event.requestContext.http.sourceIp).toBe('10.1.2.3');
    expect(event.headers[PROXY_SECRET_HEADER]).toBeUndefined();
    expect(JSON.stringify(event)).not.toContain(secret);
    // Anyone else forging the header, with a guessed secret or none, is the peer it is.
    for (const headers of [forwarded, { ...forwarded, [PROXY_SECRET_HEADER]: 'guessed' }]) {
      const forged = await receive({ path: '/api/getMe', method: 'POST', body: '', headers });
      const plain = apiGatewayEvent({
        request: forged.request,
        requestId: 'req-4',
        routeKey: 'POST /api/getMe',
        rawPath: '/api/getMe',
        body: forged.body,
        claims: null,
        proxySecret: secret,
      });
      expect(plain.requestContext.http.sourceIp).toBe('127.0.0.1');
    }
  });
});
