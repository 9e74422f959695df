import { describe, expect, it } from 'vitest';
import { functionBehind } from './aliases.ts';
import { tableWriteScopes } from './grant-scopes.ts';
import { actionsOfRole, referencedId, resourcesOf, statementsOfRole, synth } from './synth.ts';

describe('schedule (daily metrics)', () => {
  const { template } = synth({ stage: 'dev' });
  const rules = Object.values(resourcesOf(template, 'AWS::Events::Rule'));
  const rule = rules.find((candidate) => candidate.Properties?.Description === 'Daily community metrics');
  const [target] = rule?.Properties?.Targets as Record<string, unknown>[];

  it('runs the metrics job once a day', () => {
    expect(rule?.Properties?.ScheduleExpression).toBe('cron(5 0 * * ? *)');
    const job = resourcesOf(template, 'AWS::Lambda::Function')[functionBehind(template, target?.Arn)]?.Properties;
    expect(job).toMatchObject({ Runtime: 'nodejs24.x', Description: 'Daily community metrics', Timeout: 300 });
    expect(actionsOfRole(template, referencedId(job?.Role))).toContain('dynamodb:PutItem');
  });

  it('retries, then parks failed events in an encrypted, SSL-only dead-letter queue', () => {
    expect(target?.RetryPolicy).toEqual({ MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 7200 });
    const queueId = referencedId((target?.DeadLetterConfig as { Arn: unknown }).Arn);
    expect(resourcesOf(template, 'AWS::SQS::Queue')[queueId]?.Properties).toMatchObject({ SqsManagedSseEnabled: true });
    const policy = Object.values(resourcesOf(template, 'AWS::SQS::QueuePolicy')).find((p) =>
      (p.Properties?.Queues as unknown[]).some((q) => referencedId(q) === queueId),
    );
    expect(policy?.Properties?.PolicyDocument).toMatchObject({
      Statement: expect.arrayContaining([
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        expect.objectContaining({ Effect: 'Allow', Action: 'sqs:SendMessage', Principal: { Service: 'events.amazonaws.com' } }),
      ]),
    });
  });

  it("sends a run that failed after Lambda's own retries to the same queue (EventBridge only sees the invoke accepted)", () => {
    const queueId = referencedId((target?.DeadLetterConfig as { Arn: unknown }).Arn);
    const [config] = Object.values(resourcesOf(template, 'AWS::Lambda::EventInvokeConfig')).filter(
      (resource) => referencedId(resource.Properties?.FunctionName) === functionBehind(template, target?.Arn),
    );
    expect(config?.Properties).toMatchObject({ MaximumRetryAttempts: 2 });
    // On the alias EventBridge invokes: a configuration applies to the qualifier it names.
    expect(JSON.stringify(config?.Properties?.Qualifier)).toContain(referencedId(target?.Arn));
    const onFailure = (config?.Properties?.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination;
    expect(referencedId(onFailure)).toBe(queueId);
  });
});

describe('schedule (held invites lapse)', () => {
  const { template } = synth({ stage: 'dev' });
  const rule = Object.values(resourcesOf(template, 'AWS::Events::Rule')).find((candidate) => candidate.Properties?.ScheduleExpression === 'rate(1 hour)');
  const [target] = (rule?.Properties?.Targets ?? []) as Record<string, unknown>[];

  it('runs the lapse job every hour, granted what deleting an unjoined account takes, with its own dead-letter queue', () => {
    const job = resourcesOf(template, 'AWS::Lambda::Function')[functionBehind(template, target?.Arn)]?.Properties;
    expect(job).toMatchObject({ Runtime: 'nodejs24.x', Timeout: 300 });
    const actions = actionsOfRole(template, referencedId(job?.Role));
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:DeleteItem', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser', 's3:DeleteObject*']),
    );
    expect(target?.DeadLetterConfig).toBeDefined();
  });
});

describe('schedule (due items, every minute)', () => {
  const { template } = synth({ stage: 'dev' });
  const rule = Object.values(resourcesOf(template, 'AWS::Events::Rule')).find((candidate) => candidate.Properties?.ScheduleExpression === 'rate(1 minute)');
  const [target] = (rule?.Properties?.Targets ?? []) as Record<string, unknown>[];
  const jobId = functionBehind(template, target?.Arn);
  const job = resourcesOf(template, 'AWS::Lambda::Function')[jobId]?.Properties;
  const statements = statementsOfRole(template, referencedId(job?.Role));

  it('runs the due-items sweep every minute, within the minute, with its own dead-letter queue', () => {
    expect(job).toMatchObject({ Runtime: 'nodejs24.x', Timeout: 55, Description: expect.stringContaining('Every minute: work due by now') });
    expect(target?.RetryPolicy).toEqual({ MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 7200 });
    const queueId = referencedId((target?.DeadLetterConfig as { Arn: unknown }).Arn);
    expect(resourcesOf(template, 'AWS::SQS::Queue')[queueId]?.Properties).toMatchObject({ SqsManagedSseEnabled: true });
    const [config] = Object.values(resourcesOf(template, 'AWS::Lambda::EventInvokeConfig')).filter(
      (resource) => referencedId(resource.Properties?.FunctionName) === jobId,
    );
    expect(referencedId((config?.Properties?.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination)).toBe(queueId);
  });

  it('reads the GSI queues and writes only what its kinds write: member records and due items', () => {
    expect(tableWriteScopes(statements)).toEqual([['DUE#*', 'USER#*']]);
    expect(JSON.stringify(statements)).toContain('/index/*');
    expect(actionsOfRole(template, referencedId(job?.Role))).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem']));
    // No pictures, no Cognito, no live socket: a due item's work is the table's.
    expect(JSON.stringify(statements)).not.toMatch(/s3:|cognito-idp:|execute-api:/);
  });
});
