import * as fs from 'node:fs';
import * as path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { webConfigSchema } from '../../lambdas/contracts/web-config.ts';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../lambdas/http/client-address.ts';
import { SERVED_PICTURES_PATH } from '#data/table';
import { PICTURES_URL_ENV } from '#data/storage';
import { ASSET_EDGE_TTL, LIVE_PATH, PICTURE_EDGE_TTL, SPA_FALLBACK_CODE, VIEWER_ADDRESS_CODE } from '../../lib/web-hosting.ts';
import { referencedId, resourcesOf, synth } from './synth.ts';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const PICTURES_BUCKET = 'anchored-dev-pictures-${AWS::AccountId}-${AWS::Region}';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/** A CloudFormation string value with every reference rendered as `${Id}`, for reading. */
function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as { Ref?: string; 'Fn::GetAtt'?: string[]; 'Fn::Join'?: [string, unknown[]] };
  if (v.Ref) return `\${${v.Ref}}`;
  if (v['Fn::GetAtt']) return `\${${v['Fn::GetAtt'].join('.')}}`;
  if (v['Fn::Join']) return v['Fn::Join'][1].map(flatten).join(v['Fn::Join'][0]);
  throw new Error(`Cannot flatten ${JSON.stringify(value)}`);
}

describe('web hosting (CloudFront)', () => {
  const { template, app, stack } = synth({ stage: 'dev' });
  const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
  const config = distribution?.Properties?.DistributionConfig as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const webBucketId = stack.getLogicalId(stack.web.bucket.node.defaultChild as never);

  it('serves the SPA bucket through origin access control only', () => {
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    const s3Origin = config.Origins.find((o: any) => o.OriginAccessControlId && JSON.stringify(o.DomainName).includes(webBucketId)); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(s3Origin.DomainName).toEqual({ 'Fn::GetAtt': [webBucketId, 'RegionalDomainName'] });
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(s3Origin.Id);
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultRootObject).toBe('index.html');
  });

  it('routes /api/* to the HTTP API on the same origin, uncached, with all methods', () => {
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(flatten(origin.DomainName)).toMatch(/^\$\{ApiHttpApi\w+\}\.execute-api\.\$\{AWS::Region\}\.\$\{AWS::URLSuffix\}$/);
    expect(origin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
  });

  it("passes the viewer's IP to the API, vouched for by a Secrets Manager value only CloudFront and the callables hold", () => {
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    const [association, ...others] = api.FunctionAssociations;
    expect(others).toEqual([]);
    expect(association.EventType).toBe('viewer-request');
    const fn = resourcesOf(template, 'AWS::CloudFront::Function')[referencedId(association.FunctionARN)];
    expect(fn?.Properties?.FunctionCode).toBe(VIEWER_ADDRESS_CODE);
    // The function overwrites whatever address the client claimed.
    const handler = new Function(`${VIEWER_ADDRESS_CODE}; return handler;`)() as (e: unknown) => { headers: Record<string, { value: string }> };
    const forwarded = handler({ viewer: { ip: '203.0.113.40' }, request: { headers: { [VIEWER_ADDRESS_HEADER]: { value: '10.0.0.1' } } } });
    expect(forwarded.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '203.0.113.40' });

    // The origin secret; the other one signs sign-up tickets (lib/sign-up-ticket-secret.ts).
    const secrets = Object.keys(resourcesOf(template, 'AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(2);
    const secretId = secrets.find((id) => id.startsWith('OriginSecret')) ?? '';
    const reference = `{{resolve:secretsmanager:\${${secretId}}:SecretString:::}}`;
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(origin.OriginCustomHeaders.map((h: { HeaderName: string; HeaderValue: unknown }) => [h.HeaderName, flatten(h.HeaderValue)])).toEqual([
      [ORIGIN_VERIFY_HEADER, reference],
    ]);
    const callables = [...stack.api.functions.values()].map(
      (fn) => resourcesOf(template, 'AWS::Lambda::Function')[stack.getLogicalId(fn.function.node.defaultChild as never)],
    );
    for (const callable of callables) {
      expect(flatten((callable?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.ORIGIN_VERIFY_SECRET)).toBe(reference);
    }
  });

  it('routes /live to the WebSocket API through the web ACL, with the origin secret $connect checks', () => {
    const live = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === LIVE_PATH);
    expect(LIVE_PATH).toBe('/live');
    expect(live).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      // Every viewer header but Host: the handshake's Sec-WebSocket-Key, -Version and -Protocol (the token).
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = config.Origins.find((o: { Id: string }) => o.Id === live.TargetOriginId);
    const liveApiId = stack.getLogicalId(stack.live.api.node.defaultChild as never);
    expect(flatten(origin.DomainName)).toBe(`\${${liveApiId}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}`);
    expect(origin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    // The same secret as /api/*, and $connect holds it: a handshake straight to execute-api is refused.
    const secretId = Object.keys(resourcesOf(template, 'AWS::SecretsManager::Secret')).find((id) => id.startsWith('OriginSecret')) ?? '';
    const reference = `{{resolve:secretsmanager:\${${secretId}}:SecretString:::}}`;
    expect(origin.OriginCustomHeaders.map((h: { HeaderName: string; HeaderValue: unknown }) => [h.HeaderName, flatten(h.HeaderValue)])).toEqual([
      [ORIGIN_VERIFY_HEADER, reference],
    ]);
    const connect = resourcesOf(template, 'AWS::Lambda::Function')[stack.getLogicalId(stack.live.functions.connect.function.node.defaultChild as never)];
    expect(flatten((connect?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.ORIGIN_VERIFY_SECRET)).toBe(reference);
    // One distribution, one web ACL: the socket is behind the same one as the site and the API.
    expect(config.WebACLId).toBeDefined();
  });

  it('serves / the prerendered index.html and other extension-less paths spa.html, in a viewer-request function', () => {
    const [association] = config.DefaultCacheBehavior.FunctionAssociations;
    expect(association.EventType).toBe('viewer-request');
    const fn = resourcesOf(template, 'AWS::CloudFront::Function')[referencedId(association.FunctionARN)];
    expect(fn?.Properties?.FunctionCode).toBe(SPA_FALLBACK_CODE);

    const handler = new Function(`${SPA_FALLBACK_CODE}; return handler;`)() as (e: unknown) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/dashboard')).toBe('/spa.html');
    expect(rewrite('/profile/abc-123')).toBe('/spa.html');
    expect(rewrite('/why')).toBe('/spa.html');
    expect(rewrite('/assets/index-x1.js')).toBe('/assets/index-x1.js');
    expect(rewrite('/config.json')).toBe('/config.json');
  });

  it('sends security headers: strict CSP, HSTS, nosniff, DENY, strict-origin-when-cross-origin', () => {
    const id = referencedId(config.DefaultCacheBehavior.ResponseHeadersPolicyId);
    expect(config.CacheBehaviors[0].ResponseHeadersPolicyId).toEqual({ Ref: id });
    const policy = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy')[id]?.Properties?.ResponseHeadersPolicyConfig as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const headers = policy.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: 63_072_000,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });

    const csp = Object.fromEntries(
      flatten(headers.ContentSecurityPolicy.ContentSecurityPolicy)
        .split('; ')
        .map((directive) => {
          const [name, ...sources] = directive.split(' ');
          return [name, sources];
        }),
    );
    const pictures = `https://${PICTURES_BUCKET}.s3.\${AWS::Region}.\${AWS::URLSuffix}`;
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    // The live socket is on the page's own origin (/live): 'self' covers it; no execute-api hostname.
    expect(csp['connect-src']).toEqual(["'self'", 'https://cognito-idp.${AWS::Region}.amazonaws.com', pictures]);
    // Pictures come from the page's own origin (/pictures/*): no other image source.
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(JSON.stringify(csp)).not.toContain('unsafe-eval');
  });

  it('serves /pictures/* from the pictures bucket through origin access control, GET and HEAD only, 5 minutes at the edge', () => {
    const behaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === `${SERVED_PICTURES_PATH}/*`);
    expect(behaviour).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: false,
      ResponseHeadersPolicyId: config.DefaultCacheBehavior.ResponseHeadersPolicyId,
    });
    expect(behaviour.FunctionAssociations).toBeUndefined();
    expect(behaviour.OriginRequestPolicyId).toBeUndefined();
    const origin = config.Origins.find((o: { Id: string }) => o.Id === behaviour.TargetOriginId);
    // By the bucket's fixed name, not a reference to it (its CORS rule names the distribution).
    expect(flatten(origin.DomainName)).toBe(`${PICTURES_BUCKET}.s3.\${AWS::Region}.\${AWS::URLSuffix}`);
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    const oac = resourcesOf(template, 'AWS::CloudFront::OriginAccessControl')[referencedId(origin.OriginAccessControlId)];
    expect(oac?.Properties?.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });

    const policies = resourcesOf(template, 'AWS::CloudFront::CachePolicy');
    const cache = policies[referencedId(behaviour.CachePolicyId)]?.Properties?.CachePolicyConfig as Record<string, unknown>;
    const edgeSeconds = PICTURE_EDGE_TTL.toSeconds();
    expect(edgeSeconds).toBe(300);
    expect([cache.MinTTL, cache.DefaultTTL, cache.MaxTTL]).toEqual([edgeSeconds, edgeSeconds, edgeSeconds]);
    // Nothing of the viewer reaches the cache key (or S3): the path is the whole key.
    expect(cache.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
  });

  it('caches hashed assets a year at the edge and revalidates index.html, spa.html and config.json (no-cache) on each request', () => {
    const policies = resourcesOf(template, 'AWS::CloudFront::CachePolicy');
    const ttlsOf = (behaviour: { CachePolicyId: unknown }) => {
      const cache = policies[referencedId(behaviour.CachePolicyId)]?.Properties?.CachePolicyConfig as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      return { ttls: [cache.MinTTL, cache.DefaultTTL, cache.MaxTTL], key: cache.ParametersInCacheKeyAndForwardedToOrigin };
    };
    const assets = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/assets/*');
    expect(assets).toMatchObject({ AllowedMethods: ['GET', 'HEAD'], Compress: true, TargetOriginId: config.DefaultCacheBehavior.TargetOriginId });
    expect(assets.FunctionAssociations).toBeUndefined();
    const year = ASSET_EDGE_TTL.toSeconds();
    expect(year).toBe(31_536_000);
    expect(ttlsOf(assets).ttls).toEqual([year, year, year]);
    expect(ttlsOf(assets).key).toMatchObject({
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
      QueryStringsConfig: { QueryStringBehavior: 'none' },
    });
    // No minimum: CloudFront honours the files' own no-cache and revalidates with the bucket.
    const site = ttlsOf(config.DefaultCacheBehavior);
    expect(site.ttls).toEqual([0, 0, 86_400]);
    expect(site.key).toMatchObject({ EnableAcceptEncodingGzip: true, EnableAcceptEncodingBrotli: true });
    // Pictures stay as the live issue chose: 5 minutes at the edge, the removal bound.
    const pictures = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === `${SERVED_PICTURES_PATH}/*`);
    expect(ttlsOf(pictures).ttls).toEqual([300, 300, 300]);
  });

  it('gives every callable the served pictures URL on its own origin, and no other function', () => {
    const lambdas = resourcesOf(template, 'AWS::Lambda::Function');
    const callableIds = new Set([...stack.api.functions.values()].map((fn) => stack.getLogicalId(fn.function.node.defaultChild as never)));
    expect(callableIds.size).toBeGreaterThan(10);
    for (const [id, fn] of Object.entries(lambdas)) {
      const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      if (callableIds.has(id)) expect(flatten(variables[PICTURES_URL_ENV]), id).toMatch(/^https:\/\/\$\{WebDistribution\w+\.DomainName\}\/pictures$/);
      else expect(variables[PICTURES_URL_ENV], id).toBeUndefined();
    }
  });

  it('logs viewer requests to the access-log bucket', () => {
    expect(config.Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [expect.stringMatching(/^AccessLogsBucket/), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
  });

  it('deploys the SPA and a config.json made from the stack outputs, then invalidates', () => {
    const deployments = Object.values(resourcesOf(template, 'Custom::CDKBucketDeployment')).map((d) => d.Properties ?? {});
    for (const d of deployments) expect(d.DestinationBucketName).toEqual({ Ref: webBucketId });
    const assets = deployments.find((d) => d.DestinationBucketKeyPrefix === 'assets/');
    expect(assets?.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });

    const site = deployments.find((d) => d.DistributionId);
    expect(site).toMatchObject({ DistributionPaths: ['/*'], SystemMetadata: { 'cache-control': 'no-cache' } });
    const keys = site?.SourceObjectKeys as string[];
    const markers = site?.SourceMarkers as Record<string, unknown>[];
    const staged = keys.map((key) => path.join(app.outdir, `asset.${key.replace(/\.zip$/, '')}`));

    const configIndex = staged.findIndex((dir) => fs.existsSync(path.join(dir, 'config.json')));
    expect(configIndex).toBeGreaterThanOrEqual(0);
    let raw = fs.readFileSync(path.join(String(staged[configIndex]), 'config.json'), 'utf8');
    for (const [marker, value] of Object.entries(markers[configIndex] ?? {})) raw = raw.replace(marker, flatten(value));
    const webConfig = webConfigSchema.parse(JSON.parse(raw));
    expect(webConfig).toEqual({
      stage: 'dev',
      region: '${AWS::Region}',
      apiUrl: '/api',
      liveUrl: `wss://\${${stack.getLogicalId(stack.web.distribution.node.defaultChild as never)}.DomainName}/live`,
      cognito: {
        userPoolId: `\${${stack.getLogicalId(stack.auth.userPool.node.defaultChild as never)}}`,
        userPoolClientId: `\${${stack.getLogicalId(stack.auth.userPoolClient.node.defaultChild as never)}}`,
      },
    });

    const siteFiles = staged.filter((_, i) => i !== configIndex).flatMap((dir) => fs.readdirSync(dir));
    expect(siteFiles).toContain('index.html');
    expect(siteFiles).toContain('spa.html');
    expect(siteFiles).not.toContain('assets');
  });
});

describe('stack outputs', () => {
  it('publishes what deployers and tests outside the stack need', () => {
    const outputs = synth({ stage: 'dev' }).template.findOutputs('*');
    expect(Object.keys(outputs).toSorted()).toEqual(
      ['ApiUrl', 'DistributionDomainName', 'LiveUrl', 'PicturesBucketName', 'TableName', 'UserPoolClientId', 'UserPoolId'].toSorted(),
    );
    expect(flatten(outputs.ApiUrl?.Value)).toMatch(/^https:\/\/\$\{WebDistribution\w+\.DomainName\}\/api$/);
  });
});
