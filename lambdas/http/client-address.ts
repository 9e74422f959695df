import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { AppError } from '#domain/app-error';
import { functionEnv } from '#data/table';

/** Set by CloudFront on every request it forwards to the API (origin custom header, lib/web-hosting.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** Set by CloudFront's viewer-request function on /api/*: the viewer's IP, overwriting any sent. */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares in constant time (over digests, so unequal lengths leak nothing either). */
function isOriginSecret(presented: string | undefined, secret: string): boolean {
  return presented !== undefined && timingSafeEqual(digest(presented), digest(secret));
}

/**
 * The client's address, which per-client budgets (anonymous requests, invite-code checks) count.
 * On AWS the API is reached through CloudFront, so API Gateway's sourceIp is an edge server shared
 * by everyone near it; CloudFront therefore passes the viewer's IP in VIEWER_ADDRESS_HEADER. That
 * header is believed only beside the origin secret (ORIGIN_VERIFY_SECRET, which only CloudFront
 * sends): a client calling the execute-api endpoint directly could write any address there, so
 * without the secret it counts as its own sourceIp. Locally there is no secret and no CloudFront:
 * the gateway's sourceIp is the client.
 */
export function clientAddressOf(
  event: Pick<APIGatewayProxyEventV2WithJWTAuthorizer, 'headers' | 'requestContext'>,
  originSecret: string | undefined = functionEnv('ORIGIN_VERIFY_SECRET'),
): string {
  const sourceIp = event.requestContext?.http?.sourceIp || 'unknown';
  if (!originSecret) return sourceIp;
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER]?.trim();
  return viewer && isOriginSecret(event.headers?.[ORIGIN_VERIFY_HEADER], originSecret) ? viewer : sourceIp;
}

/** What a call that did not come through CloudFront is answered (403). */
export const DIRECT_CALL_REFUSED = "This API is reached through the app's own address; calls straight to the API endpoint are refused.";

/**
 * The API's front door is CloudFront: an HTTP API takes no WAF and no resource policy, so a call
 * to the execute-api endpoint itself would skip the web ACL and its rate rules. Every callable
 * runs this first, before any read: without the origin secret CloudFront adds (ORIGIN_VERIFY_HEADER)
 * it throws permission-denied. A constant-time compare of two SHA-256 digests, no I/O. Locally there
 * is no CloudFront and no secret: the local gateway is the front door, and nothing is checked.
 */
export function requireCloudFrontOrigin(
  event: Pick<APIGatewayProxyEventV2WithJWTAuthorizer, 'headers'>,
  originSecret: string | undefined = functionEnv('ORIGIN_VERIFY_SECRET'),
): void {
  if (!originSecret) return;
  if (!isOriginSecret(event.headers?.[ORIGIN_VERIFY_HEADER], originSecret)) throw new AppError('permission-denied', DIRECT_CALL_REFUSED);
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part is two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) => (side ? side.split(':').map((group) => parseInt(group, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * What a per-client budget counts for an address. An IPv6 subscriber is usually given a whole /64
 * (RFC 6177) and picks any of its 2^64 addresses at will, so an IPv6 address counts as its /64
 * prefix: rotating addresses inside it buys no fresh budget. IPv4 stays the address itself, and so
 * does an IPv4-mapped IPv6 address (::ffff:a.b.c.d, a dual-stack socket's view of an IPv4 client),
 * written as the IPv4 address it carries: its /64 would be ::/64, one bucket for every IPv4 client.
 * Anything that is not an IP address (e.g. 'unknown') is kept as it is.
 */
export function budgetAddressOf(address: string): string {
  // A zone index (fe80::1%eth0) names the receiving interface, not the client.
  const bare = address.trim().split('%')[0] ?? '';
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
