import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { budgetAddressOf, clientAddressOf, ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '#http/client-address';

const SECRET = 'k3P9wq7Zr2mT8vXyB4nJ6hL1sD5fG0aC';
const EDGE = '130.176.1.1';
const VIEWER = '203.0.113.40';

function event(headers: Record<string, string>, sourceIp = EDGE): APIGatewayProxyEventV2WithJWTAuthorizer {
  return { headers, requestContext: { http: { sourceIp } } } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

describe('the client address per-client budgets count', () => {
  it("is the viewer's address CloudFront passes, when the origin secret comes with it", () => {
    expect(clientAddressOf(event({ [VIEWER_ADDRESS_HEADER]: VIEWER, [ORIGIN_VERIFY_HEADER]: SECRET }), SECRET)).toBe(VIEWER);
  });

  it('is the sender itself when the viewer header comes without the secret or with a wrong one (a direct call to the API)', () => {
    expect(clientAddressOf(event({ [VIEWER_ADDRESS_HEADER]: VIEWER }), SECRET)).toBe(EDGE);
    expect(clientAddressOf(event({ [VIEWER_ADDRESS_HEADER]: VIEWER, [ORIGIN_VERIFY_HEADER]: 'guess' }), SECRET)).toBe(EDGE);
    expect(clientAddressOf(event({ [VIEWER_ADDRESS_HEADER]: VIEWER, [ORIGIN_VERIFY_HEADER]: `${SECRET}x` }), SECRET)).toBe(EDGE);
    expect(clientAddressOf(event({ [VIEWER_ADDRESS_HEADER]: VIEWER, [ORIGIN_VERIFY_HEADER]: '' }), SECRET)).toBe(EDGE);
  });

  it('is the sender when CloudFront passed no viewer address', () => {
    expect(clientAddressOf(event({ [ORIGIN_VERIFY_HEADER]: SECRET }), SECRET)).toBe(EDGE);
    expect(clientAddressOf(event({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '  ' }), SECRET)).toBe(EDGE);
  });

  it('is the sender where no secret is configured (the local cloud), whatever headers say', () => {
    expect(clientAddressOf(event({ [VIEWER_ADDRESS_HEADER]: VIEWER, [ORIGIN_VERIFY_HEADER]: SECRET }, '127.0.0.1'), undefined)).toBe('127.0.0.1');
    expect(clientAddressOf(event({ [VIEWER_ADDRESS_HEADER]: VIEWER, [ORIGIN_VERIFY_HEADER]: '' }, '127.0.0.1'), '')).toBe('127.0.0.1');
  });

  it("is 'unknown' when API Gateway reported none", () => {
    expect(clientAddressOf({ requestContext: {} } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer, undefined)).toBe('unknown');
  });
});

describe('the address a per-client budget counts', () => {
  it('is an IPv4 address itself', () => {
    expect(budgetAddressOf('203.0.113.40')).toBe('203.0.113.40');
    expect(budgetAddressOf('203.0.113.41')).not.toBe(budgetAddressOf('203.0.113.40'));
  });

  it("is an IPv6 address's /64: every address a subscriber can pick inside it counts as one", () => {
    const key = budgetAddressOf('2001:db8:85a3:42::1');
    expect(key).toBe('2001:db8:85a3:42::/64');
    expect(budgetAddressOf('2001:db8:85a3:42:ffff:ffff:ffff:fffe')).toBe(key);
    expect(budgetAddressOf('2001:db8:85a3:42:1234:5678:9abc:def0')).toBe(key);
    // However it is written: expanded, upper case, leading zeros.
    expect(budgetAddressOf('2001:0DB8:85A3:0042:0000:0000:0000:0001')).toBe(key);
    // The next /64 is another client.
    expect(budgetAddressOf('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(budgetAddressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(budgetAddressOf('::1')).toBe('0:0:0:0::/64');
  });

  it('ignores a zone index', () => {
    expect(budgetAddressOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('is the IPv4 address an IPv4-mapped IPv6 address carries (never ::/64, shared by every IPv4 client)', () => {
    expect(budgetAddressOf('::ffff:203.0.113.40')).toBe('203.0.113.40');
    expect(budgetAddressOf('::FFFF:cb00:7128')).toBe('203.0.113.40');
    expect(budgetAddressOf('0:0:0:0:0:ffff:198.51.100.2')).toBe('198.51.100.2');
    expect(budgetAddressOf('::ffff:198.51.100.2')).not.toBe(budgetAddressOf('::ffff:203.0.113.40'));
  });

  it('keeps anything that is not an IP address as it is', () => {
    expect(budgetAddressOf('unknown')).toBe('unknown');
    expect(budgetAddressOf('2001:db8::g')).toBe('2001:db8::g');
  });
});
