import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { CallableHandlerEntry } from '../lambdas/handler-row.ts';
import { AppFunction, type FunctionResources } from './app-function.ts';
import { acknowledgeGuard } from './guard.ts';
import { acknowledge } from './nag.ts';
import type { Stage } from './stage.ts';

/** Every day at 00:05 UTC, just after the UTC date the metrics item is keyed by has changed. */
export const DAILY_METRICS_SCHEDULE = events.Schedule.cron({ minute: '5', hour: '0' });

/** Every hour: invites held for sign-ups lapse after 7 days, and a failed sign-up's invite comes back within the hour. */
export const INVITE_LAPSE_SCHEDULE = events.Schedule.rate(Duration.hours(1));

/** Every minute: due items (lambdas/jobs/due-items-sweep.ts) are handled within a minute of their time. */
export const DUE_ITEMS_SCHEDULE = events.Schedule.rate(Duration.minutes(1));

export interface ScheduledJobProps {
  /** The job's row of lambdas/callable-handlers.ts (handler module and grants). */
  readonly job: CallableHandlerEntry;
  readonly schedule: events.Schedule;
  readonly description: string;
  readonly timeout: Duration;
  readonly stage: Stage;
  readonly resources: FunctionResources;
  readonly logRetention: logs.RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/**
 * A scheduled job (the daily community metrics, the hourly lapse of held invites, the minute sweep of
 * due items): an EventBridge
 * rule invokes it, retrying for a while, and an
 * invocation that still fails lands in an encrypted dead-letter queue for an operator to inspect.
 * Two kinds of failure end there: an event EventBridge could not deliver, and a run that threw or
 * timed out after Lambda's own two retries of an asynchronous invocation (its on-failure
 * destination); EventBridge counts an accepted asynchronous invoke as delivered, so without the
 * destination a failed run would only be in the logs.
 */
export class ScheduledJob extends Construct {
  public readonly job: AppFunction;
  public readonly rule: events.Rule;
  public readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: ScheduledJobProps) {
    super(scope, id);

    this.job = new AppFunction(this, 'Job', {
      entry: props.job.entry,
      permissions: props.job.permissions,
      resources: props.resources,
      stage: props.stage,
      description: props.description,
      timeout: props.timeout,
      logRetention: props.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
    });

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      // A destination for failed events, not an SQS queue's dead-letter queue: no queue may redrive into it.
      redriveAllowPolicy: { redrivePermission: sqs.RedrivePermission.DENY_ALL },
    });
    acknowledgeGuard(
      this.deadLetterQueue,
      'CT.SQS.PR.1',
      'This queue is itself where failed events of the EventBridge target land, watched by an ops alarm from its first message; an operator ' +
        'reads and replays them, so nothing receives a message repeatedly, and a queue behind this one would only move failures past the alarm.',
    );
    acknowledge(
      this.deadLetterQueue,
      'AwsSolutions-SQS3',
      'This queue is the dead-letter queue of the EventBridge target (cdk-nag only recognises SQS redrive).',
    );

    // On the alias EventBridge invokes (a configuration applies to the qualifier it names).
    this.job.alias.configureAsyncInvoke({
      retryAttempts: 2,
      onFailure: new destinations.SqsDestination(this.deadLetterQueue),
    });

    this.rule = new events.Rule(this, 'Rule', {
      description: props.description,
      schedule: props.schedule,
      targets: [
        new targets.LambdaFunction(this.job.alias, {
          retryAttempts: 3,
          maxEventAge: Duration.hours(2),
          deadLetterQueue: this.deadLetterQueue,
        }),
      ],
    });
  }
}
