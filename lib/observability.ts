import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { PRODUCT_EVENTS, PRODUCT_METRICS_NAMESPACE, PRODUCT_METRICS_SERVICE, type ProductEvent } from '../lambdas/data/table/index.ts';
import { acknowledge } from './nag.ts';
import { opsAlarm } from './ops-alarm.ts';
import type { Stage } from './stage.ts';

/**
 * The thresholds of the alarms, in one place (docs/deploy.md's runbook explains each). Periods are
 * 5 minutes unless said: long enough not to page on one cold start, short enough for a canary of 5
 * minutes to see its own failures.
 */
export const ALARM_THRESHOLDS = {
  /** Invocations that ended in an error (thrown, timed out, crashed) across every function, per 5 min. */
  lambdaErrors: 5,
  /** Invocations refused for concurrency across every function, per 5 min. */
  lambdaThrottles: 10,
  /** The HTTP API's 5xx answers, % of its requests in 5 min, once it has at least `apiMinimumRequests`. */
  apiServerErrorPercent: 5,
  apiMinimumRequests: 20,
  /** The HTTP API's p99 latency, ms, in each of 3 periods of 5 min (a cold start alone never lasts 15). */
  apiLatencyP99Ms: 3000,
  /** DynamoDB requests throttled, all operations the handlers use, per 5 min. */
  dynamoThrottledRequests: 10,
  /** DynamoDB's own 500s, all operations the handlers use, per 5 min (the SDK retries them). */
  dynamoSystemErrors: 5,
  /** The stream consumer's oldest unread change, ms, in 2 periods of 5 min (pushes aim at 500 ms). */
  streamIteratorAgeMs: 60_000,
  /** Messages waiting in a dead-letter or on-failure queue: one is already a failure nobody retried. */
  queueMessages: 1,
  /** The live socket's failed route invocations ($connect, $default, $disconnect), per 5 min. */
  liveRouteErrors: 5,
  /** Push frames that could not be sent (other than to a closed page), per 5 min. */
  pushesFailed: 10,
} as const;

/** Operations the data layer calls (lambdas/data): at most 10 metrics fit an alarm's math. */
const TABLE_OPERATIONS = [
  dynamodb.Operation.GET_ITEM,
  dynamodb.Operation.PUT_ITEM,
  dynamodb.Operation.UPDATE_ITEM,
  dynamodb.Operation.DELETE_ITEM,
  dynamodb.Operation.QUERY,
  dynamodb.Operation.SCAN,
  dynamodb.Operation.BATCH_GET_ITEM,
  dynamodb.Operation.BATCH_WRITE_ITEM,
  dynamodb.Operation.TRANSACT_WRITE_ITEMS,
];

/** The product's figures on the dashboard, in this order (per minute). */
const DASHBOARD_PRODUCT_EVENTS: readonly ProductEvent[] = ['signUp', 'join', 'post', 'like', 'comment', 'report', 'pushDelivered'];

const FIVE_MINUTES = Duration.minutes(5);

export interface ObservabilityProps {
  readonly stage: Stage;
  /** Where alarms and the budget are mailed (`-c opsEmail=…`, lib/ops-context.ts). Absent on a dev stage: no subscription. */
  readonly opsEmail?: string;
  /** The AWS Budgets monthly threshold, USD (`-c monthlyBudgetUsd=…`). */
  readonly monthlyBudgetUsd: number;
  readonly httpApi: apigw.HttpApi;
  readonly table: dynamodb.ITable;
  /** The functions fed by the table's stream (their iterator age). */
  readonly streamConsumers: readonly lambda.IFunction[];
  /** The live socket and its stage's name. */
  readonly liveApi: apigw.WebSocketApi;
  readonly liveStageName: string;
}

/**
 * Observability that pages someone: the ops topic (mailed to `opsEmail`), the
 * alarms that publish to it, the monthly budget, and one dashboard beside the product's own figures.
 *
 * Lambda's errors and throttles are alarmed on Lambda's account-wide aggregates (AWS/Lambda without
 * a dimension): one alarm each covers the callables, jobs, triggers, stream consumer and live routes
 * (78 functions on dev), and every function added later. An alarm's metric math takes at most 10
 * metrics, so "math over every function" would need 8 alarms a kind. The price: a stage is alone in
 * its account and region (as AWS Budgets, also account-wide, assumes), or its alarms hear the other
 * stage too. Every SQS queue of the stack gets its alarm; a validation fails synth if one was added
 * without (so construct this last).
 */
export class Observability extends Construct {
  public readonly topic: sns.Topic;
  public readonly alarms: cloudwatch.Alarm[] = [];
  public readonly dashboard: cloudwatch.Dashboard;
  public readonly budget: budgets.CfnBudget;
  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.prefix = stack.stackName;

    this.topic = new sns.Topic(this, 'OpsTopic', { displayName: `Anchored ${props.stage} operations`, enforceSSL: true });
    // The TopicPolicy that enforceSSL adds replaces SNS's default policy: let the two services that
    // publish here do so, for this account only.
    for (const service of ['cloudwatch.amazonaws.com', 'budgets.amazonaws.com']) {
      this.topic.addToResourcePolicy(
        new iam.PolicyStatement({
          actions: ['sns:Publish'],
          principals: [new iam.ServicePrincipal(service)],
          resources: [this.topic.topicArn],
          conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
        }),
      );
    }
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm and budget notices carry no member data (alarm names, numbers); CloudWatch and Budgets cannot publish to a topic under the ' +
        'AWS managed SNS key, and a customer managed key would cost a fixed $1 a month for nothing to protect.',
    );
    if (props.opsEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.opsEmail));

    this.alarmOnLambdas();
    this.alarmOnApi(props.httpApi);
    this.alarmOnTable(props.table);
    for (const consumer of props.streamConsumers) this.alarmOnIteratorAge(consumer);
    const queues = queuesIn(stack);
    for (const queue of queues) this.alarmOnQueue(queue);
    this.node.addValidation({ validate: () => unwatchedQueues(stack, queues) });
    this.alarmOnLive(props.liveApi, props.liveStageName, props.stage);

    this.budget = this.monthlyBudget(props.monthlyBudgetUsd);
    this.dashboard = this.buildDashboard(props, queues);
  }

  /**
   * The few shared alarms a deployment should roll back on (CodeDeploy's canaries watch these, not
   * one alarm per function, so a stack's alarms stay few): functions failing, callables answering 5xx,
   * the live socket's routes failing.
   */
  get deploymentAlarms(): cloudwatch.Alarm[] {
    return ['LambdaErrors', 'ApiServerErrorRate', 'LiveRouteErrors'].map((name) => {
      const alarm = this.alarms.find((candidate) => candidate.node.id === name);
      if (!alarm) throw new Error(`${this.node.path} has no alarm ${name}`);
      return alarm;
    });
  }

  /** An ops alarm (lib/ops-alarm.ts) on the topic, listed on the dashboard. */
  private alarm(name: string, metric: cloudwatch.IMetric, threshold: number, description: string, evaluationPeriods = 1): cloudwatch.Alarm {
    const alarm = opsAlarm(this, name, { metric, threshold, description, topic: this.topic, evaluationPeriods });
    this.alarms.push(alarm);
    return alarm;
  }

  private alarmOnLambdas(): void {
    const accountWide = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName, statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES, label: `Lambda ${metricName}` });
    this.alarm(
      'LambdaErrors',
      accountWide('Errors'),
      ALARM_THRESHOLDS.lambdaErrors,
      'Lambda invocations failed (threw, timed out or crashed) across every function of the account and region.',
    );
    this.alarm(
      'LambdaThrottles',
      accountWide('Throttles'),
      ALARM_THRESHOLDS.lambdaThrottles,
      "Lambda refused invocations for concurrency across every function of the account and region (the account's concurrency quota).",
    );
  }

  private alarmOnApi(httpApi: apigw.HttpApi): void {
    const rate = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${ALARM_THRESHOLDS.apiMinimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: {
        errors: httpApi.metricServerError({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES }),
        requests: httpApi.metricCount({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES }),
      },
      label: 'API 5xx %',
      period: FIVE_MINUTES,
    });
    this.alarm(
      'ApiServerErrorRate',
      rate,
      ALARM_THRESHOLDS.apiServerErrorPercent,
      `The callables answered 5xx to at least ${ALARM_THRESHOLDS.apiServerErrorPercent}% of their requests in 5 minutes (counted from ${ALARM_THRESHOLDS.apiMinimumRequests} requests).`,
    );
    this.alarm(
      'ApiLatencyP99',
      httpApi.metricLatency({ statistic: cloudwatch.Stats.p(99), period: FIVE_MINUTES, label: 'API latency p99' }),
      ALARM_THRESHOLDS.apiLatencyP99Ms,
      `The callables' p99 latency stayed at or above ${ALARM_THRESHOLDS.apiLatencyP99Ms} ms for 15 minutes.`,
      3,
    );
  }

  private alarmOnTable(table: dynamodb.ITable): void {
    const options = { operations: TABLE_OPERATIONS, period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM };
    this.alarm(
      'TableThrottledRequests',
      table.metricThrottledRequestsForOperations({ ...options, label: 'DynamoDB throttled requests' }),
      ALARM_THRESHOLDS.dynamoThrottledRequests,
      'DynamoDB throttled requests to the table (on demand: a hot partition, or past the table or account throughput quota).',
    );
    this.alarm(
      'TableSystemErrors',
      table.metricSystemErrorsForOperations({ ...options, label: 'DynamoDB system errors' }),
      ALARM_THRESHOLDS.dynamoSystemErrors,
      'DynamoDB answered the table with its own internal errors (HTTP 500).',
    );
  }

  private alarmOnIteratorAge(consumer: lambda.IFunction): void {
    this.alarm(
      'StreamIteratorAge',
      consumer.metric('IteratorAge', { statistic: cloudwatch.Stats.MAXIMUM, period: FIVE_MINUTES, label: 'Stream iterator age (max)' }),
      ALARM_THRESHOLDS.streamIteratorAgeMs,
      "The table stream's consumer is behind by a minute or more for 10 minutes: feeds, counts and live pushes are late.",
      2,
    );
  }

  private alarmOnQueue(queue: sqs.Queue): void {
    this.alarm(
      `${queueName(queue)}Messages`,
      queue.metricApproximateNumberOfMessagesVisible({ statistic: cloudwatch.Stats.MAXIMUM, period: FIVE_MINUTES }),
      ALARM_THRESHOLDS.queueMessages,
      `${queue.node.path} holds a failure that every retry gave up on.`,
    );
  }

  private alarmOnLive(liveApi: apigw.WebSocketApi, stageName: string, stage: Stage): void {
    const live = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: liveApi.apiId, Stage: stageName },
        statistic: cloudwatch.Stats.SUM,
        period: FIVE_MINUTES,
      });
    this.alarm(
      'LiveRouteErrors',
      new cloudwatch.MathExpression({
        expression: 'integration + execution',
        usingMetrics: { integration: live('IntegrationError'), execution: live('ExecutionError') },
        label: 'Live socket route errors',
        period: FIVE_MINUTES,
      }),
      ALARM_THRESHOLDS.liveRouteErrors,
      "The live socket's routes failed ($connect, $default or $disconnect's Lambda erred or could not be invoked): pages cannot connect.",
    );
    this.alarm(
      'LivePushesFailed',
      productMetric('pushFailed', stage, FIVE_MINUTES),
      ALARM_THRESHOLDS.pushesFailed,
      'Pushes to open pages failed to send (throttled or refused by the @connections API); the stream retries them.',
    );
  }

  /** A cost budget for the calendar month, mailed through the topic at 80 % spent and at 100 % forecast. */
  private monthlyBudget(amount: number): budgets.CfnBudget {
    const notify = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
      notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
      subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
    });
    return new budgets.CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetName: `${this.prefix}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount, unit: 'USD' },
      },
      notificationsWithSubscribers: [notify('ACTUAL', 80), notify('FORECASTED', 100)],
    });
  }

  private buildDashboard(props: ObservabilityProps, queues: readonly sqs.Queue[]): cloudwatch.Dashboard {
    const minute = Duration.minutes(1);
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName: `${this.prefix}-operations` });
    const graph = (title: string, left: cloudwatch.IMetric[], width = 8) => new cloudwatch.GraphWidget({ title, left, width, height: 6 });
    const alarmMetric = (name: string) => this.alarms.find((alarm) => alarm.node.id === name)?.metric;
    const some = (...metrics: (cloudwatch.IMetric | undefined)[]) => metrics.filter((m): m is cloudwatch.IMetric => m !== undefined);

    dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: `# Anchored ${props.stage}\nAlarms mail the ops topic; what each means and what to do: docs/deploy.md, Operations.`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }));
    dashboard.addWidgets(
      graph(
        'Product, per minute',
        DASHBOARD_PRODUCT_EVENTS.map((event) => productMetric(event, props.stage, minute)),
        24,
      ),
    );
    dashboard.addWidgets(
      graph('Lambda errors and throttles (all functions)', some(alarmMetric('LambdaErrors'), alarmMetric('LambdaThrottles'))),
      graph('API 5xx %', some(alarmMetric('ApiServerErrorRate'))),
      graph('API latency p99 (ms)', some(alarmMetric('ApiLatencyP99'), props.httpApi.metricCount({ period: FIVE_MINUTES, label: 'API requests' }))),
    );
    // One graph each: the two sums name their per-operation metrics alike.
    dashboard.addWidgets(
      graph('DynamoDB throttled requests', some(alarmMetric('TableThrottledRequests')), 6),
      graph('DynamoDB system errors', some(alarmMetric('TableSystemErrors')), 6),
      graph('Stream iterator age (ms)', some(alarmMetric('StreamIteratorAge')), 6),
      graph('Dead-letter and on-failure queues', some(...queues.map((queue) => alarmMetric(`${queueName(queue)}Messages`))), 6),
    );
    dashboard.addWidgets(
      graph('Live socket route errors', some(alarmMetric('LiveRouteErrors'))),
      graph('Pushes delivered and failed', [productMetric('pushDelivered', props.stage, FIVE_MINUTES), productMetric('pushFailed', props.stage, FIVE_MINUTES)]),
    );
    return dashboard;
  }
}

/** One of the product's figures as lambdas/data/table/product-metrics.ts emits it (EMF: namespace, service and stage). */
export function productMetric(event: ProductEvent, stage: Stage, period: Duration): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: PRODUCT_METRICS_NAMESPACE,
    metricName: PRODUCT_EVENTS[event],
    dimensionsMap: { service: PRODUCT_METRICS_SERVICE, stage },
    statistic: cloudwatch.Stats.SUM,
    period,
    label: PRODUCT_EVENTS[event],
  });
}

/** Every SQS queue of the stack and of its nested stacks (dead-letter and on-failure queues: the stack has no other kind). */
function queuesIn(stack: Stack): sqs.Queue[] {
  return stack.node.findAll().filter((construct: IConstruct): construct is sqs.Queue => construct instanceof sqs.Queue);
}

/** The construct path of a queue as an alarm's name part: `DailyMetrics/DeadLetterQueue` → `DailyMetricsDeadLetterQueue`. */
function queueName(queue: sqs.Queue): string {
  return queue.node.path
    .split('/')
    .slice(1)
    .join('')
    .replace(/[^A-Za-z0-9]/g, '');
}

/** A queue created after Observability would have no alarm: say so at synth. */
function unwatchedQueues(stack: Stack, watched: readonly sqs.Queue[]): string[] {
  return queuesIn(stack)
    .filter((queue) => !watched.includes(queue))
    .map((queue) => `${queue.node.path} has no alarm: create lib/observability.ts's Observability after every queue of the stack.`);
}
