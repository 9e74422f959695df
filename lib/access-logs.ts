import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledgeGuard } from './guard.ts';
import { acknowledge } from './nag.ts';
import { removalPolicyFor, type Stage } from './stage.ts';

export interface AccessLogsProps {
  readonly stage: Stage;
}

/**
 * Observability, kept small: one bucket for S3 server access logs and CloudFront standard logs
 * (expiring), and the retention every CloudWatch log group of the stack uses.
 */
export class AccessLogs extends Construct {
  public readonly bucket: s3.Bucket;
  public readonly logRetention: logs.RetentionDays;

  constructor(scope: Construct, id: string, props: AccessLogsProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    this.logRetention = prod ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_MONTH;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      // CloudFront standard logging writes with ACLs, which BucketOwnerEnforced would refuse.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(prod ? 365 : 30) }],
      removalPolicy: removalPolicyFor(props.stage),
      autoDeleteObjects: !prod,
    });
    acknowledge(this.bucket, 'AwsSolutions-S1', 'This is the access-log bucket itself; logging its own access into itself would loop.');
    // The Control Tower controls (npm run guard) that a log bucket answers differently from a data bucket.
    acknowledgeGuard(this.bucket, 'CT.S3.PR.2', 'This is the access-log bucket itself; logging its own access into itself would loop.');
    acknowledgeGuard(
      this.bucket,
      'CT.S3.PR.10',
      'S3 server access logging delivers only to a target bucket whose default encryption is SSE-S3 (AES-256), not SSE-KMS; the logs are encrypted with SSE-S3.',
    );
    acknowledgeGuard(
      this.bucket,
      'CT.S3.PR.4',
      'Nothing reacts to a log object arriving: logs are read when someone investigates, and the lifecycle rule expires them.',
    );
    acknowledgeGuard(
      this.bucket,
      'CT.S3.PR.11',
      'Log objects are written once and never overwritten; versioning would only keep noncurrent copies of logs after the lifecycle rule expires them.',
    );
    acknowledgeGuard(
      this.bucket,
      'CT.S3.PR.9',
      "Object Lock requires versioning and holds every version for its retention, so the lifecycle rule could no longer expire logs and dev's stack could not empty the bucket on destroy; these logs serve investigation, not a compliance archive.",
    );
  }
}

/**
 * What every API Gateway access log line starts with (HTTP callables and the live WebSocket alike):
 * one request id, client address and time, so a search across both log groups reads the same fields.
 */
export const ACCESS_LOG_COMMON_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
} as const;

/** An API Gateway access-log format: one JSON line, the common fields first, then the API's own. */
export function apiAccessLogFormat(fields: Record<string, string>): AccessLogFormat {
  return AccessLogFormat.custom(JSON.stringify({ ...ACCESS_LOG_COMMON_FIELDS, ...fields }));
}
