import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

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
  originSecret: string | undefined = process.env.ORIGIN_VERIFY_SECRET,
): string {
  const sourceIp = event.requestContext?.http?.sourceIp || 'unknown';
  if (!originSecret) return sourceIp;
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER]?.trim();
  return viewer && isOriginSecret(event.headers?.[ORIGIN_VERIFY_HEADER], originSecret) ? viewer : sourceIp;
}
