import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './aws-clients.ts';
import { keys, USER_PROFILE_SK } from './keys.ts';

/** Counts verified members, reading the table a page at a time (never all of it in memory). */
export async function countVerifiedMembers(): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'sk = :profile AND isVerified = :yes',
        ExpressionAttributeValues: { ':profile': USER_PROFILE_SK, ':yes': true },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

export interface DailyMetrics {
  date: string;
  totalUsers: number;
  calculatedAt: string;
}

/** One record per day: a second run the same day replaces it, so re-runs are harmless. */
export async function putDailyMetrics(metrics: DailyMetrics): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.metrics(metrics.date), ...metrics } }),
  );
}
