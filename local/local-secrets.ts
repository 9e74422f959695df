import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A secret of one local cloud's start (256 bits, URL-safe: it travels in paths and headers). The
 * gateway's local-only routes and its trust in X-Forwarded-For hang on such secrets, so that
 * another program on this machine, or a web page in its browser, cannot use them.
 */
export function newLocalSecret(): string {
  return randomBytes(32).toString('base64url');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares in constant time (over digests, so unequal lengths leak nothing either). */
export function isSecret(presented: string | undefined, secret: string | undefined): boolean {
  return presented !== undefined && secret !== undefined && timingSafeEqual(digest(presented), digest(secret));
}

/** `localhost`, any 127.x.y.z or [::1], then an optional port: nothing else (user info, a path). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;

/**
 * Whether a request names this machine in its Host header (`localhost` or a loopback address,
 * with or without a port). A page that points its own domain at 127.0.0.1 (DNS rebinding) may
 * read the local cloud's answers as its own origin's, but its requests still carry its domain in
 * Host, so they are refused.
 */
export function isForLocalhost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}
