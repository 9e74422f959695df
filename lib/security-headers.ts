/**
 * The security headers of every response the product sends to a browser, in one place: CloudFront's
 * response headers policy (lib/web-hosting.ts) and the local web server (local/web-security-headers.ts)
 * both build from these, so the local cloud shows the same policy the deployed site does.
 * Plain data and string building only: the local server loads it without aws-cdk-lib.
 */

/** HSTS lifetime: two years, the preload list's expectation. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Powerful features: the camera for the page itself only (the vouch scanner reads a member's QR
 * code); the rest the product never uses, refused for the page and anything it might embed.
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

export interface CspSources {
  /** Where Amplify talks to Cognito (the regional cognito-idp endpoint on AWS). */
  readonly cognito: string;
  /**
   * Origin of the presigned POST uploads (the pictures bucket's regional endpoint). Pictures are
   * shown from the page's own origin (`/pictures/*`), so images need nothing beyond 'self'.
   */
  readonly uploads: string;
  /** Origin of the live socket (`wss://{apiId}.execute-api…` on AWS, the local gateway's `ws://` locally). */
  readonly live?: string;
  /** Extra connect-src entries (the local dev server's HMR socket); none on AWS. */
  readonly extraConnect?: readonly string[];
  /** Extra script-src entries (hashes of the dev server's inline preamble); none on AWS. */
  readonly extraScript?: readonly string[];
}

/** The Content-Security-Policy: no inline scripts, no eval, no plugins, no framing. */
export function buildContentSecurityPolicy(sources: CspSources): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...(sources.extraScript ?? [])].join(' '),
    // The UI library sets style attributes and injects <style> elements at runtime.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    [`connect-src 'self' ${sources.cognito} ${sources.uploads}`, ...(sources.live ? [sources.live] : []), ...(sources.extraConnect ?? [])].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The header set (lower-case names) for a policy: what CloudFront adds and the local server sends. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
  };
}
