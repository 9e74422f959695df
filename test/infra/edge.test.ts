import { describe, expect, it } from 'vitest';
import { customDomainFromContext, EXAMPLE_EDGE_CONTEXT } from '../../lib/edge-context.ts';
import { OpsContextError } from '../../lib/ops-context.ts';
import { PICTURES_URL_ENV } from '#data/storage';
import { resourcesOf, synth } from './synth.ts';

/** The distribution's config and the callables' PICTURES_URL of a synthesized stage. */
function edgeOf(stage: 'dev' | 'prod', context: Record<string, unknown> = {}) {
  const { template, stack } = synth({ stage, context });
  const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
  const config = distribution?.Properties?.DistributionConfig as Record<string, unknown>;
  const callable = [...stack.api.functions.values()][0];
  const fn = resourcesOf(template, 'AWS::Lambda::Function')[stack.getLogicalId(callable?.function.node.defaultChild as never)];
  const picturesUrl = (fn?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables[PICTURES_URL_ENV];
  return { config, picturesUrl, outputs: template.findOutputs('*') };
}

describe('the custom domain and its certificate (CloudFront)', () => {
  it('prod serves its domain on its us-east-1 certificate with the TLSv1.2_2021 viewer policy, SNI only', () => {
    const { config, picturesUrl, outputs } = edgeOf('prod');
    expect(config.Aliases).toEqual([EXAMPLE_EDGE_CONTEXT.domainName]);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: EXAMPLE_EDGE_CONTEXT.certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    // Pictures and the API are named on the page's own origin (the CSP's img-src is 'self').
    expect(picturesUrl).toBe(`https://${EXAMPLE_EDGE_CONTEXT.domainName}/pictures`);
    expect(outputs.ApiUrl?.Value).toBe(`https://${EXAMPLE_EDGE_CONTEXT.domainName}/api`);
  });

  it('dev without a domain keeps the *.cloudfront.net certificate; with one it is served as prod is', () => {
    expect(edgeOf('dev').config).not.toHaveProperty('Aliases');
    expect(edgeOf('dev').config).not.toHaveProperty('ViewerCertificate');
    const withDomain = edgeOf('dev', { domainName: 'dev.example.com', certificateArn: EXAMPLE_EDGE_CONTEXT.certificateArn });
    expect(withDomain.config.Aliases).toEqual(['dev.example.com']);
    expect(withDomain.config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021' });
  });

  it('prod without a domain stops synth with a sentence naming domainName', () => {
    expect(() => customDomainFromContext('prod', { domainName: undefined, certificateArn: undefined })).toThrow(OpsContextError);
    expect(() => synth({ stage: 'prod', context: { domainName: '', certificateArn: '' } })).toThrow(
      /^No domainName given: prod is served on a domain of its own/,
    );
  });

  it.each([
    [{ domainName: 'https://app.example.com' }, /domainName must be one domain name/],
    [{ domainName: '*.example.com' }, /domainName must be one domain name/],
    [{ domainName: 'localhost' }, /domainName must be one domain name/],
    [{ domainName: 42 }, /domainName must be one domain name/],
    [{ domainName: 'app.example.com', certificateArn: undefined }, /^No certificateArn given for app\.example\.com/],
    [{ domainName: undefined, certificateArn: EXAMPLE_EDGE_CONTEXT.certificateArn }, /^certificateArn is given without domainName/],
    [{ domainName: 'app.example.com', certificateArn: 'arn:aws:acm:us-east-1:123:certificate/x' }, /certificateArn must be an ACM certificate ARN/],
    [
      { domainName: 'app.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/00000000-0000-4000-8000-000000000000' },
      /certificateArn must be a certificate in us-east-1, not eu-west-1: CloudFront reads viewer certificates only from us-east-1/,
    ],
  ])('a malformed value %j stops synth on either stage with a sentence naming it', (values, message) => {
    const given: { domainName: unknown; certificateArn: unknown } = { domainName: undefined, certificateArn: EXAMPLE_EDGE_CONTEXT.certificateArn };
    Object.assign(given, values);
    for (const stage of ['dev', 'prod'] as const) {
      expect(() => customDomainFromContext(stage, given)).toThrow(message);
    }
  });

  it('trims, lower-cases and drops a final dot', () => {
    expect(customDomainFromContext('dev', { domainName: ' App.Example.COM. ', certificateArn: ` ${EXAMPLE_EDGE_CONTEXT.certificateArn} ` })).toEqual({
      domainName: 'app.example.com',
      certificateArn: EXAMPLE_EDGE_CONTEXT.certificateArn,
    });
  });
});
