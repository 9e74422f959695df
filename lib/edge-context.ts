import { OpsContextError } from './ops-context.ts';
import type { Stage } from './stage.ts';

/** The app's own address on CloudFront: a DNS name and an ACM certificate covering it. */
export interface CustomDomain {
  /** e.g. app.example.org: the distribution's alternate domain name (a CNAME or alias points it at DistributionDomainName). */
  readonly domainName: string;
  /** An ACM certificate in us-east-1 (CloudFront reads certificates only there) that covers domainName. */
  readonly certificateArn: string;
}

/** Values an example prod synth uses (tests, `synth:prod`): a reserved domain, a certificate that does not exist. */
export const EXAMPLE_EDGE_CONTEXT = {
  domainName: 'app.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-4000-8000-000000000000',
} as const;

const EDGE_HOW =
  'npx cdk deploy -c stage=prod -c domainName=app.yourdomain.example -c certificateArn=arn:aws:acm:us-east-1:<account>:certificate/<id> (docs/deploy.md, "Domain and certificate")';

/** A DNS name of at least two labels (letters, digits, inner hyphens; each at most 63), a TLD of letters or xn--, at most 253 characters; no wildcard. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** An ACM certificate's ARN in the commercial partition, any region (the region is checked apart, to say why). */
const CERTIFICATE_ARN = /^arn:aws:acm:([a-z0-9-]+):(\d{12}):certificate\/([0-9a-f-]{36})$/;

const missing = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The `domainName` and `certificateArn` context values. Required on prod: only a certificate of its
 * own lets CloudFront use the TLSv1.2_2021 viewer policy (the *.cloudfront.net one fixes an older
 * floor), and members' bookmarks and passkeys should not hang on a generated host name. Optional on
 * dev, but both or neither. The certificate is imported, not created: DNS may live anywhere (a
 * registrar, Route 53, another provider), the operator validates it once in ACM, and the app stack
 * needs no hosted zone nor a cross-region certificate stack.
 */
export function customDomainFromContext(stage: Stage, values: { domainName: unknown; certificateArn: unknown }): CustomDomain | undefined {
  if (missing(values.domainName) && missing(values.certificateArn)) {
    if (stage === 'prod') throw new OpsContextError(`No domainName given: prod is served on a domain of its own with its ACM certificate; ${EDGE_HOW}.`);
    return undefined;
  }
  if (missing(values.domainName)) throw new OpsContextError(`certificateArn is given without domainName: name the domain the certificate covers; ${EDGE_HOW}.`);
  const domainName = typeof values.domainName === 'string' ? values.domainName.trim().toLowerCase().replace(/\.$/, '') : null;
  if (domainName === null || !DOMAIN.test(domainName)) {
    throw new OpsContextError(
      `domainName must be one domain name such as app.example.org (no scheme, path or wildcard), not ${JSON.stringify(values.domainName)}; ${EDGE_HOW}.`,
    );
  }
  if (missing(values.certificateArn)) {
    throw new OpsContextError(`No certificateArn given for ${domainName}: request a certificate for it in ACM in us-east-1 (DNS validation); ${EDGE_HOW}.`);
  }
  const certificateArn = typeof values.certificateArn === 'string' ? values.certificateArn.trim() : '';
  const parts = CERTIFICATE_ARN.exec(certificateArn);
  if (!parts) {
    throw new OpsContextError(
      `certificateArn must be an ACM certificate ARN (arn:aws:acm:us-east-1:<account>:certificate/<id>), not ${JSON.stringify(values.certificateArn)}.`,
    );
  }
  if (parts[1] !== 'us-east-1') {
    throw new OpsContextError(
      `certificateArn must be a certificate in us-east-1, not ${parts[1]}: CloudFront reads viewer certificates only from us-east-1, whatever the app's region; request it there for ${domainName}.`,
    );
  }
  return { domainName, certificateArn };
}
