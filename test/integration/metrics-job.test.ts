import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/local-aws.ts';

const endpoints = inject('endpoints');

describe('the daily metrics job against the local table', () => {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: endpoints.dynamodb.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
  );
  const metricsOf = async (date: string) =>
    (await client.send(new GetCommand({ TableName: endpoints.dynamodb.tableName, Key: { pk: 'METRICS', sk: date } }))).Item;

  beforeAll(() => {
    // The job module reads the same environment the local cloud gives every function.
    Object.assign(process.env, {
      TABLE_NAME: endpoints.dynamodb.tableName,
      DYNAMODB_ENDPOINT: endpoints.dynamodb.endpoint,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      POWERTOOLS_LOG_LEVEL: 'WARN',
    });
  });
  afterAll(() => client.destroy());

  it("ran at start, since the fresh table had no record for today (the local scheduler's catch-up)", async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(await metricsOf(today)).toMatchObject({ date: today, totalUsers: expect.any(Number) });
  });

  it('writes a METRICS record for its day that counts the verified founder', async () => {
    const { runDailyMetrics } = await import('#jobs/daily-metrics');
    const day = new Date('2031-03-04T00:05:00Z');
    const returned = await runDailyMetrics(day);

    const stored = await metricsOf('2031-03-04');
    expect(stored).toMatchObject({ date: '2031-03-04', calculatedAt: day.toISOString() });
    expect(stored?.totalUsers).toBe(returned.totalUsers);
    // Sign-ups made by other test files have no member record yet: only the founder is counted.
    expect(returned.totalUsers).toBeGreaterThanOrEqual(1);
  });
});
