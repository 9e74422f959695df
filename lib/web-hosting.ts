import * as fs from 'node:fs';
import * as path from 'node:path';
import { Annotations, Duration, Stack, type RemovalPolicy } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { WebConfig } from '../lambdas/contracts/web-config.ts';
import { SERVED_PICTURES_PATH } from '../lambdas/data/table/index.ts';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../lambdas/http/client-address.ts';
import { API_PATH_PREFIX } from './callable-api.ts';
import { LIVE_STAGE_NAME } from './live-api.ts';
import type { CustomDomain } from './edge-context.ts';
import { acknowledgeGuard } from './guard.ts';
import { acknowledge, arnReference, pseudoParameters } from './nag.ts';
import type { ServedPicturesOrigin } from './pictures-storage.ts';
import { buildContentSecurityPolicy, HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY } from './security-headers.ts';
import { removalPolicyFor, type Stage } from './stage.ts';

export interface WebHostingProps {
  readonly stage: Stage;
  /** The built SPA (`web/dist`): index.html (landing), spa.html (shell), hashed files under assets/, public files. */
  readonly webAssetPath: string;
  /** `{apiId}.execute-api.{region}.amazonaws.com`: `/api/*` is forwarded there unchanged. */
  readonly apiDomainName: string;
  /** Sent to the API with every request as ORIGIN_VERIFY_HEADER (a dynamic reference, lib/origin-secret.ts). */
  readonly originSecret: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /**
   * The live socket's WebSocket API (lib/live-api.ts), `{apiId}.execute-api.{region}.amazonaws.com`:
   * served at `/live` on the app's own origin, through this web ACL, with the origin secret.
   */
  readonly liveDomainName: string;
  /** The pictures bucket: served under `/pictures/*` (OAC), its upload endpoint allowed by the CSP. */
  readonly pictures: ServedPicturesOrigin;
  readonly accessLogsBucket: s3.IBucket;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
  /** The app's domain and its us-east-1 certificate (lib/edge-context.ts). @default the *.cloudfront.net name */
  readonly customDomain?: CustomDomain;
  /** CloudFront's web ACL (scope CLOUDFRONT, in us-east-1: lib/cloudfront-firewall.ts). */
  readonly webAclArn: string;
}

/** Where the live socket is served on the app's origin: the WebSocket stage's own path, forwarded as it is. */
export const LIVE_PATH = `/${LIVE_STAGE_NAME}`;

/**
 * `/` gets index.html (the landing, prerendered: web/scripts/build-web.ts); other extension-less
 * paths (client-side routes like /dashboard) get spa.html, the app shell. Only the default
 * behaviour runs it, so /api/* keeps the API's own JSON 404s.
 */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (request.uri === '/') {
    request.uri = '/index.html';
  } else if (lastSegment.indexOf('.') === -1) {
    request.uri = '/spa.html';
  }
  return request;
}`;

/**
 * On /api/*: passes the viewer's IP to the API in VIEWER_ADDRESS_HEADER, replacing any value the
 * client sent, so per-client rate limits count viewers, not CloudFront's edge servers.
 */
export const VIEWER_ADDRESS_CODE = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/** The Content-Security-Policy of every response: no inline scripts, no framing. */
export function contentSecurityPolicy(region: string, uploadsEndpoint: string, liveOrigin?: string): string {
  return buildContentSecurityPolicy({ cognito: `https://cognito-idp.${region}.amazonaws.com`, uploads: uploadsEndpoint, live: liveOrigin });
}

/**
 * How long an edge keeps a served picture, whatever the object's own Cache-Control says (minimum =
 * default = maximum). It bounds how long a deleted or re-keyed picture stays reachable at the edge;
 * the member's browser may keep the bytes longer (the object's `private, max-age=86400, immutable`).
 */
export const PICTURE_EDGE_TTL = Duration.minutes(5);

/**
 * Hashed build files under assets/: a new build has new names, so an edge (and the browser, from the
 * objects' `public, max-age=31536000, immutable`) keeps one a year (minimum = default = maximum).
 */
export const ASSET_EDGE_TTL = Duration.days(365);
/** The path of the hashed build files (vite's assetsDir). */
export const ASSETS_PATH = '/assets';

/**
 * The SPA on CloudFront: a private bucket behind origin access control, `/api/*` forwarded to
 * the HTTP API on the same origin, security headers on every response, and the runtime
 * config.json written from the stack's own outputs.
 */
export class WebHosting extends Construct {
  public readonly bucket: s3.Bucket;
  public readonly distribution: cloudfront.Distribution;
  public readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;
  public readonly webConfig: WebConfig;
  /** Where served pictures are fetched: `https://{distribution}/pictures` (the callables' PICTURES_URL). */
  public readonly picturesUrl: string;
  /** The app's origin: `https://{domainName}`, or the distribution's own name without a custom domain. */
  public readonly origin: string;
  /** The live socket through this distribution, `wss://{domainName}/live`: config.json's liveUrl. */
  public readonly liveUrl: string;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    const region = Stack.of(this).region;
    const missing = ['index.html', 'spa.html'].filter((file) => !fs.existsSync(path.join(props.webAssetPath, file)));
    if (missing.length > 0) {
      throw new Error(`No built SPA at ${props.webAssetPath} (${missing.join(', ')} missing): run npm run build:web`);
    }

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'web/',
      // Versioned with a lifecycle (Control Tower CT.S3.PR.3): a deploy that overwrote a file can be
      // rolled back by hand for a week, and nothing older, or half uploaded, is kept or paid for.
      versioned: true,
      lifecycleRules: [
        { id: 'AbortIncompleteUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'ExpireNoncurrentVersions', noncurrentVersionExpiration: Duration.days(7), expiredObjectDeleteMarker: true },
      ],
      // Everything in it is rebuilt from the repository on each deploy.
      removalPolicy: removalPolicyFor('dev'),
      autoDeleteObjects: true,
    });
    // The Control Tower controls (npm run guard) that a bucket of the public, rebuilt SPA answers differently.
    acknowledgeGuard(
      this.bucket,
      'CT.S3.PR.10',
      "It holds the built SPA that CloudFront serves to every visitor, no member's data; SSE-S3 encrypts it at rest, and a KMS key " +
        'would only add a key grant to the origin access and a KMS request to every uncached read.',
    );
    acknowledgeGuard(this.bucket, 'CT.S3.PR.4', 'Only the deploy writes here (BucketDeployment), and nothing reacts to a file arriving.');
    acknowledgeGuard(
      this.bucket,
      'CT.S3.PR.9',
      'Each deploy replaces and prunes the build, and the noncurrent versions expire after a week; Object Lock would forbid both, and ' +
        'the whole content is rebuilt from the repository.',
    );

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      comment: 'Serve the prerendered landing at / and the app shell (spa.html) for client-side routes',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK_CODE),
    });

    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      comment: 'Pass the viewer IP to the API for per-client rate limits',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS_CODE),
    });

    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'anchored security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          // The live socket is on the page's own origin (/live): 'self' covers wss:// there (CSP Level 3);
          // a custom domain is named as well, for browsers that read 'self' as https only.
          contentSecurityPolicy: contentSecurityPolicy(
            region,
            props.pictures.uploadsEndpoint,
            props.customDomain ? `wss://${props.customDomain.domainName}` : undefined,
          ),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
      },
    });

    // The pictures bucket by its attributes (see ServedPicturesOrigin): CDK then cannot add the
    // bucket policy statement OAC needs, and PicturesStorage.serveThrough adds a narrower one.
    const picturesOrigin = s3.Bucket.fromBucketAttributes(this, 'PicturesOrigin', {
      bucketName: props.pictures.bucketName,
      bucketRegionalDomainName: props.pictures.regionalDomainName,
    });
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      "PicturesStorage.serveThrough grants this distribution s3:GetObject on the served prefix only (CDK's own statement would cover every key).",
    );
    const picturesCache = new cloudfront.CachePolicy(this, 'PicturesCache', {
      comment: 'Served pictures: immutable keys; an edge keeps one 5 minutes, so a deleted key stops answering within that',
      minTtl: PICTURE_EDGE_TTL,
      defaultTtl: PICTURE_EDGE_TTL,
      maxTtl: PICTURE_EDGE_TTL,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });

    // index.html, spa.html, config.json and the public files: no minimum, so their `no-cache` (set by
    // the deployment) makes an edge revalidate each with the bucket (a 304 when unchanged); a deploy
    // also invalidates them. Gzip and Brotli for the HTML and JSON.
    const revalidatedCache = new cloudfront.CachePolicy(this, 'RevalidatedCache', {
      comment: 'index.html, spa.html, config.json, public files: honour their no-cache (revalidate at the edge)',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const assetsCache = new cloudfront.CachePolicy(this, 'AssetsCache', {
      comment: 'Hashed build files: immutable, a year at the edge',
      minTtl: ASSET_EDGE_TTL,
      defaultTtl: ASSET_EDGE_TTL,
      maxTtl: ASSET_EDGE_TTL,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `anchored (${props.stage})`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclArn,
      ...(props.customDomain && {
        domainNames: [props.customDomain.domainName],
        certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
        // TLS 1.2 or later with forward-secret ciphers only; needs a certificate of the app's own.
        minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
        sslSupportMethod: cloudfront.SSLMethod.SNI,
      }),
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: revalidatedCache,
        compress: true,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // No SPA fallback: every asset path names a file.
        [`${ASSETS_PATH}/*`]: {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: assetsCache,
          compress: true,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
        // No signature and no per-read work: the key is the secret, and deleting it revokes it.
        [`${SERVED_PICTURES_PATH}/*`]: {
          origin: origins.S3BucketOrigin.withOriginAccessControl(picturesOrigin),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: picturesCache,
          // JPEG, PNG, WebP and GIF are compressed already.
          compress: false,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
        [`${API_PATH_PREFIX}/*`]: {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret },
          }),
          // A redirect would turn a POST into a GET.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
          functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
        // The live socket (a WebSocket upgrade is a GET; CloudFront passes it through), behind this
        // web ACL: $connect refuses a handshake without the origin secret, so the execute-api
        // hostname is no way around it. The token rides in Sec-WebSocket-Protocol, never the URL.
        [LIVE_PATH]: {
          origin: new origins.HttpOrigin(props.liveDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every viewer header but Host: the handshake's Sec-WebSocket-* ones included.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
      },
    });
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'No geo restriction: members join by personal invitation from anywhere; invite codes, not geography, ' + 'decide who gets in.',
    );
    acknowledgeGuard(
      this.distribution,
      'CT.CLOUDFRONT.PR.4',
      'Its origins are one region: the SPA bucket, the pictures bucket and the API. A failover origin group would need a replicated ' +
        'bucket and a second API in another region, and the API could not serve from there (one table, one user pool).',
    );
    if (!props.customDomain) {
      const reason =
        'A dev stage without -c domainName is served on the default *.cloudfront.net certificate, for which ' +
        'CloudFront fixes the viewer security policy; prod always has its own certificate and TLSv1.2_2021.';
      acknowledge(this.distribution, 'AwsSolutions-CFR4', reason);
      for (const rule of ['CT.CLOUDFRONT.PR.6', 'CT.CLOUDFRONT.PR.7', 'CT.CLOUDFRONT.PR.9'] as const) acknowledgeGuard(this.distribution, rule, reason);
    }

    const domainName = props.customDomain?.domainName ?? this.distribution.distributionDomainName;
    this.origin = `https://${domainName}`;
    this.liveUrl = `wss://${domainName}${LIVE_PATH}`;
    // On the page's own origin: the CSP's img-src is 'self'.
    this.picturesUrl = `${this.origin}${SERVED_PICTURES_PATH}`;
    this.webConfig = {
      stage: props.stage,
      region,
      apiUrl: API_PATH_PREFIX,
      liveUrl: this.liveUrl,
      cognito: { userPoolId: props.userPoolId, userPoolClientId: props.userPoolClientId },
    };
    this.deploy(props);
  }

  /**
   * Two deployments: hashed files under assets/ are immutable and never pruned (a browser holding
   * the previous index.html can still load them); index.html, spa.html, config.json and public files are
   * revalidated on every load, deployed after the assets they reference, then invalidated.
   */
  private deploy(props: WebHostingProps): void {
    const logGroup = new logs.LogGroup(this, 'DeploymentLogs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    const role = new iam.Role(this, 'DeploymentRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the built SPA into the web bucket',
    });
    logGroup.grantWrite(role);
    const common = { destinationBucket: this.bucket, role, logGroup, memoryLimit: 512, prune: false, outputObjectKeys: false };

    const hashedAssets = path.join(props.webAssetPath, 'assets');
    const assets = fs.existsSync(hashedAssets)
      ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
          ...common,
          sources: [s3deploy.Source.asset(hashedAssets)],
          destinationKeyPrefix: 'assets/',
          cacheControl: [s3deploy.CacheControl.setPublic(), s3deploy.CacheControl.maxAge(Duration.days(365)), s3deploy.CacheControl.immutable()],
        })
      : undefined;

    const site = new s3deploy.BucketDeployment(this, 'DeploySite', {
      ...common,
      sources: [s3deploy.Source.asset(props.webAssetPath, { exclude: ['assets', 'config.json'] }), s3deploy.Source.jsonData('config.json', this.webConfig)],
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) site.node.addDependency(assets);

    // BucketDeployment's handler is one singleton function per stack, created outside this construct.
    for (const child of Stack.of(this).node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        acknowledge(child, 'AwsSolutions-L1', 'CDK BucketDeployment handler: its Python runtime is chosen and kept current by aws-cdk-lib, not by this app.');
      }
    }

    const reason = 'CDK BucketDeployment handler: copies the built SPA from the CDK asset bucket';
    acknowledge(role, 'AwsSolutions-IAM5[Action::s3:GetObject*]', `${reason} (reads the asset objects).`);
    acknowledge(role, 'AwsSolutions-IAM5[Action::s3:GetBucket*]', `${reason} (reads bucket locations).`);
    acknowledge(role, 'AwsSolutions-IAM5[Action::s3:List*]', `${reason} (lists for sync).`);
    acknowledge(role, 'AwsSolutions-IAM5[Action::s3:DeleteObject*]', `${reason} (sync may replace objects).`);
    acknowledge(role, 'AwsSolutions-IAM5[Action::s3:Abort*]', `${reason} (aborts failed multipart uploads).`);
    acknowledge(
      role,
      `AwsSolutions-IAM5[Resource::arn:${pseudoParameters(this).partition}:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${pseudoParameters(this).region}/*]`,
      `${reason}: the bootstrap asset bucket holds the zipped build under generated keys.`,
    );
    acknowledge(
      role,
      `AwsSolutions-IAM5[Resource::${arnReference(this.bucket.node.defaultChild as s3.CfnBucket)}/*]`,
      `${reason}: it writes any file of the build into the web bucket.`,
    );
    acknowledge(role, 'AwsSolutions-IAM5[Resource::*]', `${reason}; CloudFront invalidation actions have no resource-level scoping beyond the distribution.`);
  }
}
