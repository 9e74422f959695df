import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sourceIpOf } from '../../../local/api-gateway-event.ts';

const from = (remoteAddress: string) => ({ socket: { remoteAddress } }) as IncomingMessage;

describe("the local gateway's sourceIp (what per-client budgets count)", () => {
  it('takes the address a loopback proxy appended, the last X-Forwarded-For entry', () => {
    expect(sourceIpOf(from('127.0.0.1'), { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    expect(sourceIpOf(from('::ffff:127.0.0.1'), { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
  });

  it('never believes what the client put in front (a page can set X-Forwarded-For on its own requests)', () => {
    expect(sourceIpOf(from('127.0.0.1'), { 'x-forwarded-for': '198.51.100.1, 127.0.0.1' })).toBe('127.0.0.1');
    expect(sourceIpOf(from('127.0.0.1'), { 'x-forwarded-for': '198.51.100.1,198.51.100.2, 203.0.113.9' })).toBe('203.0.113.9');
  });

  it('is the peer itself when the peer is no loopback proxy or sends no header', () => {
    expect(sourceIpOf(from('192.0.2.7'), { 'x-forwarded-for': '203.0.113.9' })).toBe('192.0.2.7');
    expect(sourceIpOf(from('127.0.0.1'), {})).toBe('127.0.0.1');
  });
});
