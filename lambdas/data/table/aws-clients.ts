import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { withFaultInjection } from './fault-injection.ts';
import { withGrantCheck } from './grant-check.ts';
import { tracedClient } from './tracer.ts';

/**
 * Clients are built from the environment the first time they are used. On AWS only TABLE_NAME
 * (and AWS_REGION, set by Lambda) are present; the local cloud adds *_ENDPOINT variables. On
 * Lambda every client's calls are X-Ray subsegments (tracer.ts; a no-op elsewhere).
 */
let documentClient: DynamoDBDocumentClient | undefined;

export function region(): string {
  return process.env.AWS_REGION ?? 'us-east-1';
}

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export function tableName(): string {
  return requiredEnv('TABLE_NAME');
}

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(
    // The document client shares this client's middleware stack, so faults and the grant check reach it too (local only).
    tracedClient(
      withGrantCheck(
        withFaultInjection(new DynamoDBClient({ region: region(), endpoint: process.env.DYNAMODB_ENDPOINT || undefined }), 'dynamodb'),
        'dynamodb',
      ),
    ),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
}

let cognitoClient: CognitoIdentityProviderClient | undefined;
let s3Client: S3Client | undefined;

export function userPoolId(): string {
  return requiredEnv('USER_POOL_ID');
}

export function cognito(): CognitoIdentityProviderClient {
  cognitoClient ??= tracedClient(
    withFaultInjection(new CognitoIdentityProviderClient({ region: region(), endpoint: process.env.COGNITO_ENDPOINT || undefined }), 'cognito'),
  );
  return cognitoClient;
}

export function bucketName(): string {
  return requiredEnv('BUCKET_NAME');
}

/** Locally s3rver serves buckets by path (http://host:port/bucket/key), not as subdomains. */
export function s3(): S3Client {
  const endpoint = process.env.S3_ENDPOINT || undefined;
  s3Client ??= tracedClient(withGrantCheck(withFaultInjection(new S3Client({ region: region(), endpoint, forcePathStyle: Boolean(endpoint) }), 's3'), 's3'));
  return s3Client;
}
