import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../lambdas/callable-handlers.ts';
import {
  matchesFilterPattern,
  TABLE_STREAM_FILTERS,
  TABLE_STREAM_MAPPING,
  TTL_DELETION_IDENTITY,
  type FilterPattern,
} from '../../lambdas/streams/stream-mapping.ts';
import { bundleLikeLambda } from '../../local/lambda-bundle.ts';
import { STAGES } from '../../lib/stage.ts';
import { functionBehind } from './aliases.ts';
import { actionsOfRole, referencedId, resourcesOf, synth, temporaryDir } from './synth.ts';

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

/** The statements of every inline policy attached to a role. */
function statementsOfRole(template: ReturnType<typeof synth>['template'], roleId: string): Statement[] {
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => ((policy.Properties?.Roles ?? []) as unknown[]).some((role) => referencedId(role) === roleId))
    .flatMap((policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
}

/**
 * Lambda's event filtering as documented for the two operators the mapping uses: a pattern's leaves
 * are ANDed, `exists: false` matches a field the record lacks, `anything-but` only a field it has
 * with another value; the filters of a mapping are ORed. (Enough to read our patterns, not Lambda.)
 */

describe.each(STAGES)('the table stream on %s', (stage) => {
  const { template, stack } = synth({ stage });
  const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping'));
  const [mapping] = mappings;
  const functionId = functionBehind(template, mapping?.Properties?.FunctionName);
  const consumer = resourcesOf(template, 'AWS::Lambda::Function')[functionId]?.Properties;
  const roleId = referencedId(consumer?.Role);
  const tableId = 'DataTableFDBAD0F2';

  it("maps the table's stream to one consumer with the settings of TABLE_STREAM_MAPPING", () => {
    expect(mappings).toHaveLength(1);
    expect(functionId).toBe(stack.getLogicalId(stack.tableStream.consumer.function.node.defaultChild as never));
    expect(mapping?.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 0,
      MaximumRetryAttempts: 10,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRecordAgeInSeconds: 6 * 60 * 60,
      ParallelizationFactor: 3,
    });
    expect(mapping?.Properties).toMatchObject({
      BatchSize: TABLE_STREAM_MAPPING.batchSize,
      MaximumRetryAttempts: TABLE_STREAM_MAPPING.retryAttempts,
      MaximumRecordAgeInSeconds: TABLE_STREAM_MAPPING.maxRecordAgeSeconds,
    });
    // The stream it reads carries both images (lib/data-table.ts).
    expect(resourcesOf(template, 'AWS::DynamoDB::Table')[tableId]?.Properties?.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it('runs lambdas/streams/table-stream.ts as the jobs run (Node.js 24, ARM64, own log group, the data environment)', () => {
    // pictures readWrite: an ex-anchor's photos move to new keys (lambdas/streams/follow-pictures.ts).
    // Its partitions and prefixes are held to the row's scopes (test/infra/least-privilege.test.ts).
    expect(jobHandlers.tableStream).toMatchObject({ entry: 'streams/table-stream.ts', permissions: { table: 'readWrite', pictures: 'readWrite' } });
    expect(consumer).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      Timeout: TABLE_STREAM_MAPPING.timeoutSeconds,
      Environment: { Variables: { STAGE: stage, TABLE_NAME: { Ref: tableId } } },
      LoggingConfig: { LogGroup: { Ref: expect.stringMatching(/^TableStreamConsumerLogs/) } },
    });
  });

  it('sends what still fails after the retries to an encrypted, TLS-only queue kept 14 days', () => {
    const queueId = referencedId((mapping?.Properties?.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination);
    expect(resourcesOf(template, 'AWS::SQS::Queue')[queueId]?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 60 * 60,
    });
    const policy = Object.values(resourcesOf(template, 'AWS::SQS::QueuePolicy')).find((p) =>
      (p.Properties?.Queues as unknown[]).some((q) => referencedId(q) === queueId),
    );
    expect(policy?.Properties?.PolicyDocument).toMatchObject({
      Statement: expect.arrayContaining([expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
    });
    // Lambda sends to the destination with the function's role.
    const sqsStatements = statementsOfRole(template, roleId).filter((s) => [s.Action].flat().some((action) => action.startsWith('sqs:')));
    expect(sqsStatements.map((s) => referencedId(s.Resource))).toEqual([queueId]);
  });

  it('may push to the live socket: its @connections endpoint and execute-api:ManageConnections on that stage only', () => {
    const variables = (consumer?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;
    expect(variables?.LIVE_MANAGEMENT_ENDPOINT).toBeDefined();
    const manage = statementsOfRole(template, roleId).filter((statement) => JSON.stringify(statement.Action).includes('execute-api:'));
    expect(manage).toHaveLength(1);
    expect(manage[0]?.Action).toBe('execute-api:ManageConnections');
    expect(JSON.stringify(manage[0]?.Resource)).toContain('/live/*/@connections/*');
  });

  it('delivers the changes of the items the consumer reacts to, never a TTL deletion (TABLE_STREAM_FILTERS)', () => {
    const patterns = (mapping?.Properties?.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
      ({ Pattern }) => JSON.parse(Pattern) as FilterPattern,
    );
    expect(patterns).toEqual(TABLE_STREAM_FILTERS);
    const reacted = { sk: { S: 'POST' } };
    const delivered = (record: Record<string, unknown>) => patterns.some((pattern) => matchesFilterPattern(pattern, record));
    const change = (eventName: string, keys: object, userIdentity?: object) => ({ eventName, dynamodb: { Keys: keys }, ...(userIdentity && { userIdentity }) });
    expect(delivered(change('INSERT', reacted))).toBe(true);
    expect(delivered(change('REMOVE', reacted, { ...TTL_DELETION_IDENTITY }))).toBe(false);
    expect(delivered(change('REMOVE', reacted, { type: 'Service', principalId: 'replication.dynamodb.amazonaws.com' }))).toBe(true);
    expect(delivered(change('INSERT', { sk: { S: 'FEED#p1' } }))).toBe(false);
  });

  it("grants the consumer its row's table access, its queue and reading this table's stream, nothing more", () => {
    const statements = statementsOfRole(template, roleId);
    const streamActions = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'];
    const onStream = statements.filter((s) => JSON.stringify(s.Resource).includes('StreamArn'));
    expect(onStream).toEqual([{ Action: streamActions, Effect: 'Allow', Resource: { 'Fn::GetAtt': [tableId, 'StreamArn'] } }]);
    // ListStreams and X-Ray's two writes (active tracing) have no resource-level permissions; they are the only actions on '*'.
    expect(statements.filter((s) => s.Resource === '*')).toEqual([
      { Action: ['dynamodb:ListStreams', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Effect: 'Allow', Resource: '*' },
    ]);
    // Everything else is on this table (and its indexes), its own log group, its queue, the pictures
    // bucket and the live socket's @connections (tested above).
    const picturesId = stack.getLogicalId(stack.pictures.bucket.node.defaultChild as never);
    for (const statement of statements.filter((s) => s.Resource !== '*' && !onStream.includes(s) && s.Action !== 'execute-api:ManageConnections')) {
      const resources = JSON.stringify(statement.Resource);
      expect(resources, JSON.stringify(statement)).toMatch(new RegExp(`${tableId}|TableStreamConsumerLogs|TableStreamOnFailureQueue|${picturesId}`));
    }
    const actions = actionsOfRole(template, roleId);
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 's3:GetObject*', 's3:PutObject', 's3:DeleteObject*']),
    );
    expect(actions.filter((action) => !/^(dynamodb|logs|sqs|s3|xray):/.test(action))).toEqual(['execute-api:ManageConnections']);
    // No other function may read the stream.
    const readers = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).filter((p) => JSON.stringify(p.Properties?.PolicyDocument).includes('StreamArn'));
    expect(readers.map((p) => (p.Properties?.Roles as unknown[]).map(referencedId))).toEqual([[roleId]]);
  });
});

describe("the consumer's bundle", () => {
  it('bundles as CDK bundles it, stays under the 300 KB budget and answers a stream event in a plain Node process', { timeout: 120_000 }, async () => {
    const outdir = temporaryDir('anchored-table-stream-bundle-');
    const outfile = path.join(outdir, 'index.mjs');
    await bundleLikeLambda(jobHandlers.tableStream.entry, outfile);
    expect(fs.statSync(outfile).size).toBeLessThanOrEqual(300 * 1024);
    // The runtime's SDK packages come from node_modules here, as from the runtime on Lambda.
    fs.symlinkSync(path.resolve('node_modules'), path.join(outdir, 'node_modules'), 'dir');
    // A TTL deletion: skipped by the consumer whatever its reactions do, so no table is needed.
    const record = {
      eventName: 'REMOVE',
      userIdentity: { ...TTL_DELETION_IDENTITY },
      dynamodb: { Keys: { pk: { S: 'RATE#u1' }, sk: { S: 'w' } }, SequenceNumber: '1' },
    };
    const script = `const { handler } = await import(process.argv[1]); process.stdout.write(JSON.stringify(await handler(JSON.parse(process.argv[2]))));`;
    const answer = execFileSync(process.execPath, ['--input-type=module', '-e', script, outfile, JSON.stringify({ Records: [record] })], {
      env: { ...process.env, TABLE_NAME: 'test', BUCKET_NAME: 'test', AWS_REGION: 'us-east-1', POWERTOOLS_LOG_LEVEL: 'SILENT' },
      encoding: 'utf8',
    });
    expect(JSON.parse(answer)).toEqual({ batchItemFailures: [] });
  });
});
