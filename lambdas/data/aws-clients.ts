import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Clients are built from the environment the first time they are used. On AWS only TABLE_NAME
 * (and AWS_REGION, set by Lambda) are present; the local cloud adds *_ENDPOINT variables.
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
    new DynamoDBClient({ region: region(), endpoint: process.env.DYNAMODB_ENDPOINT || undefined }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
}
