import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { GSIS, projectionOf, TABLE_KEYS, TTL_ATTRIBUTE } from '#data/table';
import { startChild, waitUntilReady, type RunningChild } from './child-process.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws.ts';

export interface DynamoDbLocalOptions {
  port: number;
  /** Where the data lives between runs; absent = in memory (tests). */
  dbPath?: string;
  echo?: boolean;
}

/**
 * The official engine ships inside amplify-dynamodb-simulator; its own launcher needs the Amplify
 * CLI, so we run the jar directly from the package's `emulator/` folder.
 */
function emulatorDirectory(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

export function dynamoDbClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions): Promise<{ child: RunningChild; endpoint: string }> {
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const child = startChild({
    name: 'DynamoDB Local',
    command: 'java',
    args: [
      // Start-up over peak speed: the C1 compiler only and the serial collector halve the JVM's
      // start (about 6.5 s → 3.3 s on a busy 2-core machine) and its memory; local loads are tiny.
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-Djava.library.path=./DynamoDBLocal_lib',
      '-jar',
      'DynamoDBLocal.jar',
      '-port',
      String(options.port),
      // One database whatever access key and region a client uses.
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    cwd: emulatorDirectory(),
    echo: options.echo,
  });
  const endpoint = `http://localhost:${options.port}`;
  const client = dynamoDbClient(endpoint);
  try {
    await waitUntilReady(child, () => client.send(new ListTablesCommand({ Limit: 1 })));
  } catch (error) {
    await child.stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { child, endpoint };
}

/**
 * A table kept from an older start (npm start's persistent cloud) gets the indexes added since, one
 * per UpdateTable as DynamoDB requires. (A changed projection is not applied to a kept table: reset.)
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, present: ReadonlySet<string | undefined>): Promise<void> {
  for (const gsi of GSIS.filter((index) => !present.has(index.indexName))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [
          { AttributeName: gsi.partitionKey, AttributeType: 'S' },
          { AttributeName: gsi.sortKey, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: gsi.indexName,
              KeySchema: [
                { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
                { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
              ],
              Projection: projectionOf(gsi),
            },
          },
        ],
      }),
    );
  }
}

/**
 * The one table as CDK defines it (lambdas/data/table/table-schema.ts): its keys, every index with its
 * projection, on demand, and (`stream`) the stream of new and old images the cloud's consumer reads.
 */
export function tableDefinition(tableName: string, { stream }: { stream: boolean }): CreateTableCommandInput {
  const keyAttributes = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...GSIS.flatMap((gsi) => [gsi.partitionKey, gsi.sortKey])]);
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...keyAttributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: GSIS.map((gsi) => ({
      IndexName: gsi.indexName,
      KeySchema: [
        { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
        { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
      ],
      Projection: projectionOf(gsi),
    })),
    ...(stream && { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } }),
  };
}

/**
 * Creates the one table from the same schema CDK uses, unless it already exists (restart).
 * `stream: false` for a test's table whose stream nothing reads (the hostile-input runs): DynamoDB
 * Local slows every write to a stream-enabled table as its stream fills up.
 */
export async function ensureTable(endpoint: string, tableName: string, { stream = true }: { stream?: boolean } = {}): Promise<void> {
  const client = dynamoDbClient(endpoint);
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      await addMissingIndexes(client, tableName, new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName)));
      return;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    await client.send(new CreateTableCommand(tableDefinition(tableName, { stream })));
    await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
    // Accepted but never applied by DynamoDB Local: readers filter expired items themselves.
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }));
  } finally {
    client.destroy();
  }
}
