import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../lib/build-app.ts';
import { ALARM_THRESHOLDS } from '../../lib/observability.ts';
import { DEFAULT_MONTHLY_BUDGET_USD, EXAMPLE_OPS_CONTEXT, OpsContextError } from '../../lib/ops-context.ts';
import { StageError, type Stage } from '../../lib/stage.ts';
import { PRODUCT_EVENTS } from '#data/table';
import { FIXED_RESOURCES } from '../../local/cost/bill.ts';
import { CDK_JSON_CONTEXT, dummyWebDist, referencedId, resourcesOf, synth, temporaryDir } from './synth.ts';

type Json = Record<string, unknown>;

/** The stack's alarms by name, `Anchored-<stage>-<Name>`. */
function alarmsOf(stage: Stage, context: Json = {}): Map<string, Json> {
  const { template } = synth({ stage, context });
  const alarms = new Map<string, Json>();
  for (const alarm of Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'))) {
    const name = String(alarm.Properties?.AlarmName);
    alarms.set(name.replace(`Anchored-${stage}-`, ''), alarm.Properties ?? {});
  }
  return alarms;
}

function topicIdOf(stage: Stage): string {
  const [id, ...others] = Object.keys(resourcesOf(synth({ stage }).template, 'AWS::SNS::Topic'));
  expect(others).toEqual([]);
  return id as string;
}

/** The metrics an alarm reads: its own, or those of its math (each is billed as an alarm metric). */
function metricsRead(alarm: Json): Json[] {
  if (alarm.MetricName) return [{ Namespace: alarm.Namespace, MetricName: alarm.MetricName, Dimensions: alarm.Dimensions ?? [] }];
  return ((alarm.Metrics ?? []) as { MetricStat?: { Metric: Json } }[]).flatMap((query) => (query.MetricStat ? [query.MetricStat.Metric] : []));
}

/**
 * An alarm on one metric as { Namespace, MetricName, Dimensions, Stat, Period }, whichever way CDK
 * wrote it (a labelled metric is written as a one-query Metrics array).
 */
function oneMetric(alarm: Json): Json {
  if (alarm.MetricName) {
    return { ...alarm, Stat: alarm.Statistic ?? alarm.ExtendedStatistic, Dimensions: alarm.Dimensions ?? [] };
  }
  const queries = (alarm.Metrics ?? []) as { MetricStat?: { Metric: Json; Stat: string; Period: number } }[];
  expect(queries).toHaveLength(1);
  const stat = queries[0]?.MetricStat;
  return { ...stat?.Metric, Dimensions: stat?.Metric.Dimensions ?? [], Stat: stat?.Stat, Period: stat?.Period };
}

function expression(alarm: Json): string | undefined {
  return ((alarm.Metrics ?? []) as { Expression?: string; ReturnData?: boolean }[]).find((query) => query.ReturnData !== false && query.Expression)?.Expression;
}

function appWith(stage: Stage, context: Json) {
  return createApp({
    stage,
    nag: false,
    cloudFormationValidation: false,
    webAssetPath: dummyWebDist(),
    outdir: temporaryDir('anchored-ops-context-'),
    context: { ...CDK_JSON_CONTEXT, 'aws:cdk:bundling-stacks': [], ...context },
  });
}

describe('the ops topic', () => {
  it('on prod, mails the opsEmail of the context, over TLS only, and lets CloudWatch and Budgets publish', () => {
    const { template } = synth({ stage: 'prod' });
    const topic = topicIdOf('prod');
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: EXAMPLE_OPS_CONTEXT.opsEmail, TopicArn: { Ref: topic } });
    const [policy] = Object.values(resourcesOf(template, 'AWS::SNS::TopicPolicy'));
    const statements = (policy?.Properties?.PolicyDocument as { Statement: Json[] }).Statement;
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    const allow = statements.find((statement) => statement.Effect === 'Allow');
    expect(allow).toMatchObject({ Action: 'sns:Publish', Condition: { StringEquals: { 'aws:SourceAccount': expect.anything() } } });
    expect([(allow?.Principal as { Service: string | string[] }).Service].flat().toSorted()).toEqual(['budgets.amazonaws.com', 'cloudwatch.amazonaws.com']);
  });

  it('on dev without opsEmail, exists without a subscription; with one, mails it', () => {
    expect(resourcesOf(synth({ stage: 'dev' }).template, 'AWS::SNS::Subscription')).toEqual({});
    synth({ stage: 'dev', context: { opsEmail: 'Dev-Ops@Example.com ' } }).template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'dev-ops@example.com',
    });
  });
});

describe('the alarms', () => {
  const alarms = alarmsOf('prod');
  const topic = topicIdOf('prod');

  it('every alarm mails the ops topic when it fires and when it clears, and treats no data as fine', () => {
    expect(alarms.size).toBeGreaterThanOrEqual(12);
    for (const [name, alarm] of alarms) {
      expect((alarm.AlarmActions as unknown[]).map(referencedId), name).toEqual([topic]);
      expect((alarm.OKActions as unknown[]).map(referencedId), name).toEqual([topic]);
      expect(alarm.ComparisonOperator, name).toBe('GreaterThanOrEqualToThreshold');
      expect(alarm.TreatMissingData, name).toBe('notBreaching');
    }
  });

  it.each([
    ['LambdaErrors', 'Errors', ALARM_THRESHOLDS.lambdaErrors],
    ['LambdaThrottles', 'Throttles', ALARM_THRESHOLDS.lambdaThrottles],
  ])('%s: Lambda %s summed across every function of the account (no dimension), per 5 minutes', (name, metricName, threshold) => {
    const alarm = alarms.get(name) as Json;
    expect(oneMetric(alarm)).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: metricName, Stat: 'Sum', Period: 300, Dimensions: [] });
    expect(alarm.Threshold).toBe(threshold);
  });

  it("ApiServerErrorRate: the HTTP API's 5xx as a % of its requests, from 20 requests", () => {
    const alarm = alarms.get('ApiServerErrorRate') as Json;
    expect(expression(alarm)).toBe(`IF(requests >= ${ALARM_THRESHOLDS.apiMinimumRequests}, 100 * errors / requests, 0)`);
    expect(
      metricsRead(alarm)
        .map((metric) => metric.MetricName)
        .toSorted(),
    ).toEqual(['5xx', 'Count']);
    for (const metric of metricsRead(alarm)) {
      expect(metric.Namespace).toBe('AWS/ApiGateway');
      expect((metric.Dimensions as { Name: string; Value: unknown }[]).map((d) => [d.Name, referencedId(d.Value)])).toEqual([
        ['ApiId', expect.stringMatching(/^ApiHttpApi/)],
      ]);
    }
    expect(alarm.Threshold).toBe(ALARM_THRESHOLDS.apiServerErrorPercent);
  });

  it("ApiLatencyP99: the HTTP API's p99 latency over 3 periods of 5 minutes", () => {
    const alarm = alarms.get('ApiLatencyP99') as Json;
    expect(oneMetric(alarm)).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: 'Latency', Stat: 'p99', Period: 300 });
    expect(alarm).toMatchObject({ EvaluationPeriods: 3, DatapointsToAlarm: 3, Threshold: ALARM_THRESHOLDS.apiLatencyP99Ms });
  });

  it.each([
    ['TableThrottledRequests', 'ThrottledRequests', ALARM_THRESHOLDS.dynamoThrottledRequests],
    ['TableSystemErrors', 'SystemErrors', ALARM_THRESHOLDS.dynamoSystemErrors],
  ])('%s: DynamoDB %s of the table, summed over the operations the data layer calls', (name, metricName, threshold) => {
    const alarm = alarms.get(name) as Json;
    const metrics = metricsRead(alarm);
    expect(metrics.length).toBeLessThanOrEqual(10);
    const operations = metrics.map((metric) => {
      expect(metric).toMatchObject({ Namespace: 'AWS/DynamoDB', MetricName: metricName });
      const dimensions = metric.Dimensions as { Name: string; Value: unknown }[];
      expect(referencedId(dimensions.find((d) => d.Name === 'TableName')?.Value)).toMatch(/^DataTable/);
      return dimensions.find((d) => d.Name === 'Operation')?.Value;
    });
    expect(operations.toSorted()).toEqual(
      ['BatchGetItem', 'BatchWriteItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'Scan', 'TransactWriteItems', 'UpdateItem'].toSorted(),
    );
    expect(alarm.Threshold).toBe(threshold);
  });

  it("StreamIteratorAge: the stream consumer's maximum iterator age, over 2 periods", () => {
    const alarm = alarms.get('StreamIteratorAge') as Json;
    expect(oneMetric(alarm)).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'IteratorAge', Stat: 'Maximum', Period: 300 });
    expect(alarm).toMatchObject({ EvaluationPeriods: 2, Threshold: ALARM_THRESHOLDS.streamIteratorAgeMs });
    expect(referencedId((oneMetric(alarm).Dimensions as { Value: unknown }[])[0]?.Value)).toMatch(/^TableStreamConsumerFunction/);
  });

  it('every SQS queue of the stack (dead-letter and on-failure) alarms on one visible message', () => {
    const { template } = synth({ stage: 'prod' });
    const queues = Object.keys(resourcesOf(template, 'AWS::SQS::Queue'));
    expect(queues.length).toBeGreaterThanOrEqual(3);
    const watched = [...alarms.values()]
      .filter((alarm) => metricsRead(alarm)[0]?.MetricName === 'ApproximateNumberOfMessagesVisible')
      .map((alarm) => {
        expect(oneMetric(alarm)).toMatchObject({ Namespace: 'AWS/SQS', Stat: 'Maximum', Period: 300 });
        expect(alarm.Threshold).toBe(1);
        return referencedId((oneMetric(alarm).Dimensions as { Name: string; Value: unknown }[]).find((d) => d.Name === 'QueueName')?.Value);
      });
    expect(watched.toSorted()).toEqual(queues.toSorted());
  });

  it('a queue created after the alarms stops synth with a sentence naming it', () => {
    const { app, stack } = appWith('dev', {});
    new sqs.Queue(stack, 'LateQueue', { enforceSSL: true });
    expect(() => app.synth()).toThrow(/Anchored-dev\/LateQueue has no alarm/);
  });

  it('LiveRouteErrors: the live stage’s integration and execution errors; LivePushesFailed: failed push frames (EMF)', () => {
    const routes = alarms.get('LiveRouteErrors') as Json;
    expect(expression(routes)).toBe('integration + execution');
    expect(
      metricsRead(routes)
        .map((metric) => metric.MetricName)
        .toSorted(),
    ).toEqual(['ExecutionError', 'IntegrationError']);
    for (const metric of metricsRead(routes)) {
      const dimensions = Object.fromEntries((metric.Dimensions as { Name: string; Value: unknown }[]).map((d) => [d.Name, d.Value]));
      expect(referencedId(dimensions.ApiId)).toMatch(/^LiveApi/);
      expect(dimensions.Stage).toBe('live');
    }
    const pushes = alarms.get('LivePushesFailed') as Json;
    expect(oneMetric(pushes)).toMatchObject({
      Namespace: 'Anchored',
      MetricName: PRODUCT_EVENTS.pushFailed,
      Stat: 'Sum',
      Dimensions: expect.arrayContaining([
        { Name: 'service', Value: 'anchored' },
        { Name: 'stage', Value: 'prod' },
      ]),
    });
    expect(pushes.Threshold).toBe(ALARM_THRESHOLDS.pushesFailed);
  });

  it('deploymentAlarms are the few shared ones a canary rolls back on', () => {
    expect(synth({ stage: 'prod' }).stack.observability.deploymentAlarms.map((alarm) => alarm.node.id)).toEqual([
      'LambdaErrors',
      'ApiServerErrorRate',
      'LiveRouteErrors',
    ]);
  });

  it("the cost model's fixed line counts exactly the alarm metrics and dashboards the stack has", () => {
    const read = [...alarms.values()].reduce((sum, alarm) => sum + metricsRead(alarm).length, 0);
    expect(read).toBe(FIXED_RESOURCES.cloudWatchAlarms);
    expect(Object.keys(resourcesOf(synth({ stage: 'prod' }).template, 'AWS::CloudWatch::Dashboard'))).toHaveLength(FIXED_RESOURCES.cloudWatchDashboards);
    expect(Object.keys(PRODUCT_EVENTS)).toHaveLength(FIXED_RESOURCES.cloudWatchCustomMetrics);
  });
});

describe('the dashboard', () => {
  it("shows the alarms and the product's figures per minute beside them", () => {
    const { template } = synth({ stage: 'prod' });
    const [dashboard] = Object.values(resourcesOf(template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboard?.Properties?.DashboardName).toBe('Anchored-prod-operations');
    const body = JSON.stringify(dashboard?.Properties?.DashboardBody);
    for (const name of ['SignUps', 'Joins', 'Posts', 'Likes', 'Comments', 'Reports', 'PushesDelivered']) {
      expect(body).toContain(`\\"Anchored\\",\\"${name}\\",\\"service\\",\\"anchored\\",\\"stage\\",\\"prod\\"`);
    }
    expect(body).toContain('Product, per minute');
    expect(body).toMatch(/\\"type\\":\\"alarm\\"/);
    for (const name of ['LambdaErrors', 'ApiServerErrorRate', 'TableThrottledRequests', 'StreamIteratorAge', 'LiveRouteErrors']) expect(body).toContain(name);
  });
});

describe('the monthly budget', () => {
  it(`is $${DEFAULT_MONTHLY_BUDGET_USD} by default, mailed through the topic at 80 % spent and 100 % forecast`, () => {
    const { template } = synth({ stage: 'prod' });
    const topic = topicIdOf('prod');
    template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: {
        BudgetName: 'Anchored-prod-monthly',
        BudgetType: 'COST',
        TimeUnit: 'MONTHLY',
        BudgetLimit: { Amount: DEFAULT_MONTHLY_BUDGET_USD, Unit: 'USD' },
      },
      NotificationsWithSubscribers: [
        {
          Notification: { NotificationType: 'ACTUAL', ComparisonOperator: 'GREATER_THAN', Threshold: 80, ThresholdType: 'PERCENTAGE' },
          Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topic } }],
        },
        {
          Notification: { NotificationType: 'FORECASTED', ComparisonOperator: 'GREATER_THAN', Threshold: 100, ThresholdType: 'PERCENTAGE' },
          Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topic } }],
        },
      ],
    });
  });

  it('takes monthlyBudgetUsd from the context (the CLI passes it as a string)', () => {
    synth({ stage: 'prod', context: { monthlyBudgetUsd: '120' } }).template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({ BudgetLimit: { Amount: 120, Unit: 'USD' } }),
    });
  });
});

describe('context values that stop synth', () => {
  it('prod without opsEmail stops with a sentence naming it and saying how to give it', () => {
    const build = () => appWith('prod', {});
    expect(build).toThrow(OpsContextError);
    expect(build).toThrow(
      'No opsEmail given: the prod stage pages someone when it breaks; name the inbox that receives alarms: npx cdk deploy -c stage=prod -c opsEmail=',
    );
  });

  it.each([['not-an-email'], ['a@example.com,b@example.com'], [42], [['ops@example.com']]])('opsEmail %j is refused, named', (opsEmail) => {
    expect(() => appWith('prod', { opsEmail })).toThrow(`opsEmail must be one email address, not ${JSON.stringify(opsEmail)}`);
    expect(() => appWith('dev', { opsEmail })).toThrow(/opsEmail must be one email address/);
  });

  it.each([['lots'], ['-5'], [0], ['0.5'], ['1e9'], [2_000_000]])('monthlyBudgetUsd %j is refused, named', (monthlyBudgetUsd) => {
    expect(() => appWith('dev', { monthlyBudgetUsd })).toThrow(
      `monthlyBudgetUsd must be an amount of US dollars from 1 to 1000000 (-c monthlyBudgetUsd=120), not ${JSON.stringify(monthlyBudgetUsd)}.`,
    );
  });

  it('is a StageError, so bin/app.ts prints the sentence alone rather than a stack trace', () => {
    expect(new OpsContextError('x')).toBeInstanceOf(StageError);
  });
});
