import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DescribeTableCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SERVED_PICTURES_PATH, TTL_ATTRIBUTE } from '#data/table';
import { PICTURES_URL_ENV } from '#data/storage';
import { copyTable, tableShape } from '../../local/drill/copy-table.ts';
import { dynamoDbClient } from '../../local/dynamodb-local.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/local-aws.ts';
import { ok } from '../support/callable-client.ts';
import { invokeHandler } from '../support/invoke-handler.ts';
import { signIn } from '../support/local-cloud-client.ts';
import { useLocalCloudData } from '../support/local-cloud-members.ts';
import { decodeJwtPayload } from '../support/local-cloud-tokens.ts';

/**
 * The table restore drill (npm run drill:restore, local/drill/) against this run's local cloud:
 * the copy that stands in for a point-in-time restore (DynamoDB Local has none), its shape and
 * settings, and the product answering from it once the configured name points there. The
 * drill's restart of a whole cloud on the new name is run by `npm run drill:restore`, not here
 * (one cloud serves every integration file); PITR itself is AWS's and is not run anywhere here.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
// getMe presents the founder's picture as a URL, as the gateway's functions do.
process.env[PICTURES_URL_ENV] = `${new URL(endpoints.apiUrl).origin}${SERVED_PICTURES_PATH}`;
const client = dynamoDbClient(endpoints.dynamodb.endpoint);
const source = endpoints.dynamodb.tableName;
const target = `anchored-drill-${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  process.env.TABLE_NAME = source;
  await client.send(new DeleteTableCommand({ TableName: target })).catch(() => undefined);
  client.destroy();
});

async function count(tableName: string): Promise<number> {
  let total = 0;
  let start: Record<string, never> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, Select: 'COUNT', ExclusiveStartKey: start }));
    total += page.Count ?? 0;
    start = page.LastEvaluatedKey as typeof start;
  } while (start);
  return total;
}

describe('the table restore drill', () => {
  // It copies every item the earlier files wrote: its time grows with the table, hence a wide limit.
  it('copies the table into a new one with its keys, indexes, stream and TTL, and the product answers from it', async () => {
    const { accessToken } = await signIn(endpoints, founder.email, founder.password);
    const before = await ok(endpoints, 'getMe', { token: accessToken, data: {} });

    await expect(copyTable(client, source, source)).rejects.toThrow('a restore never writes into the table it was taken from');
    const { items, shape } = await copyTable(client, source, target);
    expect(items).toBeGreaterThan(0);
    expect(await count(target)).toBe(items);
    expect(await tableShape(client, target)).toEqual(shape);
    expect(shape.indexes.length).toBeGreaterThan(0);
    expect(shape).toMatchObject({ stream: { enabled: true, viewType: 'NEW_AND_OLD_IMAGES' }, ttlAttribute: TTL_ATTRIBUTE });
    await expect(copyTable(client, source, target)).rejects.toThrow();

    // The stream was turned on after the copy: a consumer that starts on it never sees the restored items as new writes.
    const streams = new DynamoDBStreamsClient({ endpoint: endpoints.dynamodb.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
    try {
      const arn = (await client.send(new DescribeTableCommand({ TableName: target }))).Table?.LatestStreamArn;
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
      for (const shard of StreamDescription?.Shards ?? []) {
        const { ShardIterator } = await streams.send(
          new GetShardIteratorCommand({ StreamArn: arn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }),
        );
        expect((await streams.send(new GetRecordsCommand({ ShardIterator }))).Records ?? []).toEqual([]);
      }
    } finally {
      streams.destroy();
    }

    // The switch: the functions' TABLE_NAME names the new table (here, this process's handlers).
    process.env.TABLE_NAME = target;
    const after = await invokeHandler('getMe', decodeJwtPayload(accessToken));
    if (after.status !== 200 || !('result' in after.body)) throw new Error(`getMe from the new table answered ${after.status}: ${JSON.stringify(after.body)}`);
    const fields = (me: typeof before) => ({ uid: me.uid, email: me.email, displayName: me.displayName, roles: [me.isAdmin, me.isSuperuser, me.isFounder] });
    expect(fields(after.body.result)).toEqual(fields(before));
  }, 180_000);
});
