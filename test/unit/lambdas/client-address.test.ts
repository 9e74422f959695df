import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '#http/client-address';

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
