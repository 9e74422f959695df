import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PROXY_SECRET_HEADER, sourceIpOf } from '../../../local/api-gateway-event.ts';

const SECRET = 'this-start-proxy-secret';

const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
const viaProxy = (forwardedFor: string, secret = SECRET) => from('127.0.0.1', { 'x-forwarded-for': forwardedFor, [PROXY_SECRET_HEADER]: secret });

describe("the local gateway's sourceIp (what per-client budgets count)", () => {
  it("takes the address the web dev server's proxy appended (the last X-Forwarded-For entry) when it sends the proxy secret", () => {
    expect(sourceIpOf(viaProxy('203.0.113.9'), SECRET)).toBe('203.0.113.9');
    expect(sourceIpOf(from('::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.9', [PROXY_SECRET_HEADER]: SECRET }), SECRET)).toBe('203.0.113.9');
  });

  it('never believes what the browser put in front (a page can set X-Forwarded-For on its own requests)', () => {
    expect(sourceIpOf(viaProxy('198.51.100.1, 127.0.0.1'), SECRET)).toBe('127.0.0.1');
    expect(sourceIpOf(viaProxy('198.51.100.1,198.51.100.2, 203.0.113.9'), SECRET)).toBe('203.0.113.9');
  });

  it('is the peer itself for anyone without the proxy secret, whatever X-Forwarded-For they forge', () => {
    expect(sourceIpOf(from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), SECRET)).toBe('127.0.0.1');
    expect(sourceIpOf(from('::ffff:127.0.0.5', { 'x-forwarded-for': '203.0.113.9' }), SECRET)).toBe('127.0.0.5');
    expect(sourceIpOf(viaProxy('203.0.113.9', 'guessed'), SECRET)).toBe('127.0.0.1');
    expect(sourceIpOf(viaProxy('203.0.113.9', ''), SECRET)).toBe('127.0.0.1');
    // No secret configured (an event built in-process): nobody is a proxy.
    expect(sourceIpOf(viaProxy('203.0.113.9'), undefined)).toBe('127.0.0.1');
  });

  it('is the peer when the proxy sends no X-Forwarded-For', () => {
    expect(sourceIpOf(from('127.0.0.1', { [PROXY_SECRET_HEADER]: SECRET }), SECRET)).toBe('127.0.0.1');
    expect(sourceIpOf(from('127.0.0.1'), SECRET)).toBe('127.0.0.1');
  });
});
