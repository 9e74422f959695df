import { Aws, Duration } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { STAGED_UPLOADS_PREFIX } from '../lambdas/data/keys.ts';
import { removalPolicyFor, type Stage } from './stage.ts';

export interface PicturesStorageProps {
  readonly stage: Stage;
  readonly accessLogsBucket: s3.IBucket;
}

/**
 * Members' pictures. Never public: the API hands the browser short-lived presigned URLs (POST/PUT
 * to upload, GET to show), so the browser talks to the bucket's regional endpoint directly.
 */
export class PicturesStorage extends Construct {
  public readonly bucket: s3.Bucket;
  /**
   * `https://<bucket>.s3.<region>.amazonaws.com`, the origin of every presigned URL. Built from the
   * bucket's fixed name (not a reference to the bucket), so the CloudFront CSP can name it while
   * the bucket's CORS rule names CloudFront without a dependency cycle.
   */
  public readonly regionalEndpoint: string;

  constructor(scope: Construct, id: string, props: PicturesStorageProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    // Account and region make the name globally unique; the stage keeps dev and prod apart.
    const bucketName = `anchored-${props.stage}-pictures-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
    this.regionalEndpoint = `https://${bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      bucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'pictures/',
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads granted but never confirmed (confirmation moves a checked file to users/), and
        // any made with a grant after its member was removed: S3 deletes them a day after.
        { id: 'ExpireStagedUploads', prefix: STAGED_UPLOADS_PREFIX, expiration: Duration.days(1) },
      ],
      removalPolicy: removalPolicyFor(props.stage),
      autoDeleteObjects: !prod,
    });
  }

  /** Lets pages of these origins upload and fetch pictures with presigned URLs. */
  allowBrowserAccessFrom(origins: readonly string[]): void {
    this.bucket.addCorsRule({
      allowedOrigins: [...origins],
      allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.PUT, s3.HttpMethods.POST],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }
}
