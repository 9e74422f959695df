import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { withGrantCheck } from './grant-check.ts';
import { tracedClient } from './tracer.ts';
import { functionEnv, requiredEnv } from './function-env.ts';

/**
 * Clients are built from the environment the first time they are used. On AWS only TABLE_NAME
 * (and AWS_REGION, set by Lambda) are present; the local cloud adds *_ENDPOINT variables. On
 * Lambda every client's calls are X-Ray subsegments (tracer.ts; a no-op elsewhere).
 */
let documentClient: DynamoDBDocumentClient | undefined;

/** The services whose clients this module builds. */
export type ClientService = 'dynamodb' | 's3' | 'cognito';
/** What a client decorator may touch: the client's SDK middleware stack. */
export interface ClientMiddlewareStack {
  middlewareStack: { add: (...args: never[]) => void };
}
type ClientDecorator = (client: ClientMiddlewareStack, service: ClientService) => void;
const decorators: ClientDecorator[] = [];

/**
 * Adds middleware to every client built from now on (before the grant check and tracing). Only
 * the local cloud and the tests call it (fault injection, local/fault-injection.ts), so no Lambda
 * bundle carries what they add.
 */
export function decorateNewClients(decorator: ClientDecorator): void {
  decorators.push(decorator);
}

function decorated<C extends ClientMiddlewareStack>(client: C, service: ClientService): C {
  for (const decorate of decorators) decorate(client, service);
  return client;
}

export function region(): string {
  return functionEnv('AWS_REGION') ?? 'us-east-1';
}

export function tableName(): string {
  return requiredEnv('TABLE_NAME');
}

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(
    // The document client shares this client's middleware stack, so what decorated it and the grant check reach it too (local only).
    tracedClient(
      withGrantCheck(decorated(new DynamoDBClient({ region: region(), endpoint: functionEnv('DYNAMODB_ENDPOINT') || undefined }), 'dynamodb'), 'dynamodb'),
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
    decorated(new CognitoIdentityProviderClient({ region: region(), endpoint: functionEnv('COGNITO_ENDPOINT') || undefined }), 'cognito'),
  );
  return cognitoClient;
}

export function bucketName(): string {
  return requiredEnv('BUCKET_NAME');
}

/** Locally s3rver serves buckets by path (http://host:port/bucket/key), not as subdomains. */
export function s3(): S3Client {
  const endpoint = functionEnv('S3_ENDPOINT') || undefined;
  s3Client ??= tracedClient(withGrantCheck(decorated(new S3Client({ region: region(), endpoint, forcePathStyle: Boolean(endpoint) }), 's3'), 's3'));
  return s3Client;
}
