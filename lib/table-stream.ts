import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobHandlers } from '../lambdas/callable-handlers.ts';
import { TABLE_STREAM_FILTERS, TABLE_STREAM_MAPPING } from '../lambdas/streams/stream-mapping.ts';
import { AppFunction, type FunctionResources } from './app-function.ts';
import { acknowledgeGuard } from './guard.ts';
import { acknowledge } from './nag.ts';
import type { Stage } from './stage.ts';

export interface TableStreamProps {
  readonly stage: Stage;
  /** The table whose stream drives the consumer (it must have one: lib/data-table.ts, NEW_AND_OLD_IMAGES). */
  readonly table: dynamodb.ITable;
  readonly resources: FunctionResources;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/**
 * The consumer of the table's stream: one Lambda (lambdas/streams/table-stream.ts, the jobs' way:
 * own role with its registry row's grants, own log group, the data layer's environment) fed by an
 * event source mapping on the stream, with the settings of TABLE_STREAM_MAPPING that the local
 * poller (local/table-stream.ts) follows too. A batch that still fails after the retries (or
 * records too old to process) is recorded in an encrypted, TLS-only SQS queue: Lambda sends the
 * batch's shard and sequence numbers there, not the records, which stay readable in the stream for
 * its 24-hour retention.
 */
export class TableStream extends Construct {
  public readonly consumer: AppFunction;
  public readonly onFailureQueue: sqs.Queue;
  public readonly eventSource: DynamoEventSource;

  constructor(scope: Construct, id: string, props: TableStreamProps) {
    super(scope, id);
    const row = jobHandlers.tableStream;

    this.consumer = new AppFunction(this, 'Consumer', {
      entry: row.entry,
      permissions: row.permissions,
      resources: props.resources,
      stage: props.stage,
      description: "Table stream consumer: reacts to the table's changes off the request path",
      timeout: Duration.seconds(TABLE_STREAM_MAPPING.timeoutSeconds),
      logRetention: props.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
    });

    this.onFailureQueue = new sqs.Queue(this, 'OnFailureQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      // A destination for failed events, not an SQS queue's dead-letter queue: no queue may redrive into it.
      redriveAllowPolicy: { redrivePermission: sqs.RedrivePermission.DENY_ALL },
    });
    acknowledgeGuard(
      this.onFailureQueue,
      'CT.SQS.PR.1',
      "This queue is itself where failed events of the table stream's event source mapping land, watched by an ops alarm from its first message; an operator " +
        'reads and replays them, so nothing receives a message repeatedly, and a queue behind this one would only move failures past the alarm.',
    );
    acknowledge(
      this.onFailureQueue,
      'AwsSolutions-SQS3',
      "This queue is the on-failure destination of the table stream's event source mapping (cdk-nag only recognises SQS redrive).",
    );

    this.eventSource = new DynamoEventSource(props.table, {
      // Whatever the stream still holds when the mapping is created (up to 24 hours), then every change.
      startingPosition: lambda.StartingPosition.TRIM_HORIZON,
      batchSize: TABLE_STREAM_MAPPING.batchSize,
      maxBatchingWindow: Duration.seconds(TABLE_STREAM_MAPPING.maxBatchingWindowSeconds),
      retryAttempts: TABLE_STREAM_MAPPING.retryAttempts,
      bisectBatchOnError: TABLE_STREAM_MAPPING.bisectBatchOnError,
      reportBatchItemFailures: true,
      maxRecordAge: Duration.seconds(TABLE_STREAM_MAPPING.maxRecordAgeSeconds),
      parallelizationFactor: TABLE_STREAM_MAPPING.parallelizationFactor,
      onFailure: new SqsDlq(this.onFailureQueue),
      // Only the changes the consumer reacts to, never a TTL deletion (the patterns' comment says why two).
      filters: TABLE_STREAM_FILTERS.map((pattern) => ({ pattern: JSON.stringify(pattern) })),
    });
    // On the alias: the mapping's batches go through the canary like every other invocation.
    this.consumer.alias.addEventSource(this.eventSource);

    // Reading the stream is granted on the table's stream ARN; ListStreams has no resource-level
    // permissions (IAM only accepts `*` for it), which Lambda's poller calls to find the stream.
    acknowledge(
      this.consumer,
      'AwsSolutions-IAM5[Resource::*]',
      "dynamodb:ListStreams supports no resource-level permissions; reading the stream itself is granted on this table's stream ARN only.",
    );
  }
}
