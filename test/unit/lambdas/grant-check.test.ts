import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithinScopes, withGrantCheck, type FunctionScopes, matchesPattern, PARTITIONS, keys, objectKeys, postKeys } from '#data/table';

/**
 * The local cloud's check of a row's grant scopes (lambdas/data/table/grant-check.ts), on real SDK
 * clients: a request it refuses fails before it is sent, so an endpoint nobody listens on shows
 * which ones it lets through (they fail to connect instead).
 */
const NOWHERE = 'http://127.0.0.1:9';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const previousStage = process.env.STAGE;
let table: DynamoDBDocumentClient;
let bucket: S3Client;

beforeAll(() => {
  process.env.STAGE = 'local';
  const client = new DynamoDBClient({ endpoint: NOWHERE, region: 'us-east-1', credentials, maxAttempts: 1 });
  table = DynamoDBDocumentClient.from(withGrantCheck(client, 'dynamodb'));
  bucket = withGrantCheck(new S3Client({ endpoint: NOWHERE, region: 'us-east-1', credentials, forcePathStyle: true, maxAttempts: 1 }), 's3');
});
afterAll(() => {
  process.env.STAGE = previousStage;
});

const postWriter: FunctionScopes = { functionName: 'createPost', tableWrites: [PARTITIONS.member, PARTITIONS.post], objectPrefixes: ['uploads/'] };
const refusal = (name: string) => expect.objectContaining({ name, message: expect.stringMatching(/^User: createPost is not authorized/) });
const notRefused = expect.not.objectContaining({ name: expect.stringMatching(/^AccessDenied/) });

describe('the local grant check', () => {
  it("refuses a write outside the row's partitions, and a transaction with one such item", async () => {
    const outside = () => runWithinScopes(postWriter, () => table.send(new PutCommand({ TableName: 't', Item: { ...keys.auditEntry('x') } })));
    await expect(outside()).rejects.toEqual(refusal('AccessDeniedException'));
    const transaction = new TransactWriteCommand({
      TransactItems: [{ Put: { TableName: 't', Item: postKeys.post('p') } }, { Delete: { TableName: 't', Key: keys.inviteCode('CODE') } }],
    });
    await expect(runWithinScopes(postWriter, () => table.send(transaction))).rejects.toEqual(refusal('AccessDeniedException'));
  });

  it("lets through writes within the row's partitions, every read, and anything outside a handler", async () => {
    const within = new TransactWriteCommand({
      TransactItems: [{ Put: { TableName: 't', Item: postKeys.post('p') } }, { Put: { TableName: 't', Item: postKeys.feedEntry('u', 'p') } }],
    });
    await expect(runWithinScopes(postWriter, () => table.send(within))).rejects.toEqual(notRefused);
    await expect(runWithinScopes(postWriter, () => table.send(new GetCommand({ TableName: 't', Key: keys.auditEntry('x') })))).rejects.toEqual(notRefused);
    await expect(table.send(new PutCommand({ TableName: 't', Item: keys.auditEntry('x') }))).rejects.toEqual(notRefused);
  });

  it("refuses objects outside the row's prefixes: a read, a copy's source, one key of a batch delete", async () => {
    const run = (send: () => Promise<unknown>) => runWithinScopes(postWriter, send);
    await expect(run(() => bucket.send(new GetObjectCommand({ Bucket: 'b', Key: objectKeys.dataExport('u', 'e') })))).rejects.toEqual(refusal('AccessDenied'));
    await expect(run(() => bucket.send(new CopyObjectCommand({ Bucket: 'b', Key: 'uploads/u/x', CopySource: 'b/exports/u/e.zip' })))).rejects.toEqual(
      refusal('AccessDenied'),
    );
    const batch = new DeleteObjectsCommand({ Bucket: 'b', Delete: { Objects: [{ Key: 'uploads/u/x' }, { Key: 'pictures/u/y.jpg' }] } });
    await expect(run(() => bucket.send(batch))).rejects.toEqual(refusal('AccessDenied'));
    await expect(run(() => bucket.send(new GetObjectCommand({ Bucket: 'b', Key: objectKeys.profilePictureUpload('u') })))).rejects.toEqual(notRefused);
  });

  it('holds a row that names its tableReads to keyed reads of them: no other partition, no Scan, no index', async () => {
    const checker: FunctionScopes = { functionName: 'createPost', tableWrites: [], tableReads: [PARTITIONS.inviteCode], objectPrefixes: [] };
    const run = (send: () => Promise<unknown>) => runWithinScopes(checker, send);
    await expect(run(() => table.send(new GetCommand({ TableName: 't', Key: keys.user('u') })))).rejects.toEqual(refusal('AccessDeniedException'));
    await expect(run(() => table.send(new ScanCommand({ TableName: 't' })))).rejects.toEqual(refusal('AccessDeniedException'));
    const byIndex = new QueryCommand({
      TableName: 't',
      IndexName: 'byInviter',
      KeyConditionExpression: 'invitedBy = :u',
      ExpressionAttributeValues: { ':u': 'u' },
    });
    await expect(run(() => table.send(byIndex))).rejects.toEqual(refusal('AccessDeniedException'));
    const own = new QueryCommand({
      TableName: 't',
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'pk' },
      ExpressionAttributeValues: { ':pk': 'INVITE#ABC' },
    });
    await expect(run(() => table.send(own))).rejects.toEqual(notRefused);
    await expect(run(() => table.send(new GetCommand({ TableName: 't', Key: keys.inviteCode('ABC') })))).rejects.toEqual(notRefused);
  });

  it("matches partition keys as IAM's StringLike does", () => {
    expect(matchesPattern('USER#abc', PARTITIONS.member)).toBe(true);
    expect(matchesPattern('USERX#abc', PARTITIONS.member)).toBe(false);
    expect(matchesPattern('REPORTS#post#p', PARTITIONS.report)).toBe(false);
    expect(matchesPattern('METRICS', PARTITIONS.dailyMetrics)).toBe(true);
    expect(matchesPattern('METRICS#COUNTERS', PARTITIONS.dailyMetrics)).toBe(false);
    expect(matchesPattern('METRICS#COUNTERS', PARTITIONS.metricsCounters)).toBe(true);
  });
});
