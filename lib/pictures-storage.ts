import { Aws, Duration } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { DATA_EXPORT_KEEP_DAYS } from '../lambdas/contracts/exports.ts';
import { DATA_EXPORTS_PREFIX, SERVED_PICTURES_PREFIX, STAGED_UPLOADS_PREFIX } from '../lambdas/data/table/index.ts';
import { acknowledgeGuard } from './guard.ts';
import { removalPolicyFor, type Stage } from './stage.ts';

/**
 * How long S3 keeps a version that is no longer current (a replaced or deleted picture, an expired
 * upload or export). Restoring a member's picture must happen within it; a removed or deleted
 * member's versions are deleted at once by the removal (lambdas/data/storage/member-files.ts), not left to it.
 */
export const NONCURRENT_PICTURE_VERSION_DAYS = 7;

export interface PicturesStorageProps {
  readonly stage: Stage;
  readonly accessLogsBucket: s3.IBucket;
}

/**
 * The pictures bucket as CloudFront's origin and the browser's upload target, by its fixed name
 * alone (no reference to the bucket resource): the bucket's CORS rule names the distribution, so
 * the distribution must not depend on the bucket back.
 */
export interface ServedPicturesOrigin {
  readonly bucketName: string;
  /** `<bucket>.s3.<region>.amazonaws.com`: CloudFront's origin for `/pictures/*`. */
  readonly regionalDomainName: string;
  /** `https://<bucket>.s3.<region>.amazonaws.com`: where the browser sends presigned POST uploads. */
  readonly uploadsEndpoint: string;
}

/**
 * Members' pictures. Never public: the browser uploads with a presigned POST (to `uploads/`, which
 * nobody else reads), and confirmed pictures under SERVED_PICTURES_PREFIX are read by the web
 * distribution alone (origin access control), at unguessable per-version keys, with no signature.
 * Data exports under DATA_EXPORTS_PREFIX are read only through presigned GETs that expire.
 */
export class PicturesStorage extends Construct {
  public readonly bucket: s3.Bucket;
  public readonly origin: ServedPicturesOrigin;

  constructor(scope: Construct, id: string, props: PicturesStorageProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    // Account and region make the name globally unique; the stage keeps dev and prod apart.
    const bucketName = `anchored-${props.stage}-pictures-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
    const regionalDomainName = `${bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    this.origin = { bucketName, regionalDomainName, uploadsEndpoint: `https://${regionalDomainName}` };

    this.bucket = new s3.Bucket(this, 'Bucket', {
      bucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'pictures/',
      // Versioned so that a picture deleted by mistake (or by a bad deploy) can be restored for a
      // week; the removal of a member deletes every version of their objects, so never theirs.
      versioned: true,
      lifecycleRules: [
        // Old versions go a week after they stop being current, and a delete marker with no version
        // left behind it is cleaned up, so listings stay short and nothing lingers longer.
        {
          id: 'ExpireNoncurrentVersions',
          noncurrentVersionExpiration: Duration.days(NONCURRENT_PICTURE_VERSION_DAYS),
          expiredObjectDeleteMarker: true,
        },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads granted but never confirmed (confirmation copies a checked file to pictures/), and
        // any made with a grant after its member was removed: S3 deletes them a day after.
        { id: 'ExpireStagedUploads', prefix: STAGED_UPLOADS_PREFIX, expiration: Duration.days(1) },
        // Members' data exports (zips under exports/<uid>/, read only through presigned GETs): gone a week after.
        { id: 'ExpireDataExports', prefix: DATA_EXPORTS_PREFIX, expiration: Duration.days(DATA_EXPORT_KEEP_DAYS) },
      ],
      removalPolicy: removalPolicyFor(props.stage),
      autoDeleteObjects: !prod,
    });
    acknowledgeGuard(
      this.bucket,
      'CT.S3.PR.9',
      "Object Lock would hold a removed or deleted member's picture versions for its retention, and the removal must delete every version at once (a member's pictures never outlive their removal).",
    );
    acknowledgeGuard(
      this.bucket,
      'CT.S3.PR.10',
      'SSE-S3 encrypts every object at rest. The pictures are shown to signed-in members through CloudFront and the exports reach ' +
        'their owner through short presigned URLs: a KMS key would add a key grant to the origin access and a KMS request to every ' +
        "uncached read, while who may read the bucket is already held by each function's own role and the OAC bucket policy.",
    );
    acknowledgeGuard(
      this.bucket,
      'CT.S3.PR.4',
      'Nothing reacts to an object arriving: an upload is checked and copied by the confirm callable its page calls, and the lifecycle rules expire what is never confirmed.',
    );
  }

  /**
   * Lets pages of these origins upload with presigned POSTs. Only POST: the page shows pictures
   * from its own origin (CloudFront's `/pictures/*`), never from the bucket.
   */
  allowBrowserAccessFrom(origins: readonly string[]): void {
    this.bucket.addCorsRule({
      allowedOrigins: [...origins],
      allowedMethods: [s3.HttpMethods.POST],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }

  /**
   * Lets this distribution (through origin access control) read served pictures and nothing else:
   * s3:GetObject on SERVED_PICTURES_PREFIX only, never staged uploads or any other key. The
   * distribution's origin names the bucket by attributes (ServedPicturesOrigin), so CDK cannot add
   * this statement itself.
   */
  serveThrough(distribution: cloudfront.IDistribution): void {
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'ServedPicturesThroughCloudFront',
        effect: iam.Effect.ALLOW,
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${SERVED_PICTURES_PREFIX}*`)],
        conditions: { StringEquals: { 'AWS:SourceArn': distribution.distributionArn } },
      }),
    );
  }
}
