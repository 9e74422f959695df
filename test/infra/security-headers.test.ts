import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY, REFERRER_POLICY, securityHeaders } from '../../lib/security-headers.ts';
import { EXAMPLE_EDGE_CONTEXT } from '../../lib/edge-context.ts';
import { referencedId, resourcesOf, synth } from './synth.ts';

/**
 * CloudFront's response headers policy, read from the synthesized template: every response of the
 * site and of /api/* carries the CSP, HSTS, nosniff, DENY framing, the referrer policy and the
 * permissions policy, each overriding whatever the origin sent.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A CloudFormation string with every reference rendered as `${Id}`. */
function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as { Ref?: string; 'Fn::Join'?: [string, unknown[]] };
  if (v.Ref) return `\${${v.Ref}}`;
  if (v['Fn::Join']) return v['Fn::Join'][1].map(flatten).join(v['Fn::Join'][0]);
  throw new Error(`Cannot flatten ${JSON.stringify(value)}`);
}

function parseCsp(value: string): Record<string, string[]> {
  return Object.fromEntries(
    value.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
}

describe.each(['dev', 'prod'] as const)('CloudFront security headers (%s)', (stage) => {
  const { template } = synth({ stage });
  const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
  const config = distribution?.Properties?.DistributionConfig as Json;
  const policies = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy');

  it('attaches one policy to the site and to /api/*', () => {
    const id = referencedId(config.DefaultCacheBehavior.ResponseHeadersPolicyId);
    expect(Object.keys(policies)).toEqual([id]);
    for (const behavior of config.CacheBehaviors as Json[]) expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: id });
  });

  const policy = Object.values(policies)[0]?.Properties?.ResponseHeadersPolicyConfig as Json;
  const security = policy.SecurityHeadersConfig as Json;

  it('sends HSTS for two years with subdomains and preload, nosniff, DENY and the referrer policy, all overriding', () => {
    expect(security.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(31_536_000);
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: REFERRER_POLICY, Override: true });
    expect(security.XSSProtection).toBeUndefined();
  });

  it('sends a Permissions-Policy allowing the camera to the page alone and refusing microphone, geolocation, payment and USB', () => {
    expect(policy.CustomHeadersConfig.Items).toEqual([{ Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true }]);
    expect(PERMISSIONS_POLICY).toContain('camera=(self)');
    for (const feature of ['microphone', 'geolocation', 'payment', 'usb']) expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
  });

  it('sends a CSP with no inline script or eval, no plugins, no framing, and only the needed origins', () => {
    expect(security.ContentSecurityPolicy.Override).toBe(true);
    const csp = parseCsp(flatten(security.ContentSecurityPolicy.ContentSecurityPolicy));
    // Uploads go to the pictures bucket (presigned POST); pictures are shown from 'self' (/pictures/*).
    const uploads = `https://anchored-${stage}-pictures-\${AWS::AccountId}-\${AWS::Region}.s3.\${AWS::Region}.\${AWS::URLSuffix}`;
    // The live socket is on the page's own origin (/live through CloudFront): 'self', and
    // the app's domain by name where it has one (prod), never the execute-api hostname.
    const live = stage === 'prod' ? [`wss://${EXAMPLE_EDGE_CONTEXT.domainName}`] : [];
    expect(csp).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'https://cognito-idp.${AWS::Region}.amazonaws.com', uploads, ...live],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    for (const sources of Object.values(csp)) {
      expect(sources).not.toContain('*');
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('http:');
    }
  });
});

describe('the shared header set', () => {
  it('is what the local web server sends: the same names and values as the CloudFront policy', () => {
    const csp = buildContentSecurityPolicy({ cognito: 'https://cognito.example', uploads: 'https://pictures.example' });
    expect(securityHeaders(csp)).toEqual({
      'content-security-policy': csp,
      'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS_POLICY,
    });
  });
});
