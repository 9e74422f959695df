import { describe, expect, it } from 'vitest';
import { DATA_EXPORTS_PREFIX, SERVED_PICTURES_PREFIX } from '#data/table';
import { isRateCounterGrant } from '../../lib/rate-limit-grant.ts';
import { aliasOf } from './aliases.ts';
import { actionsOfRole, referencedId, resourcesOf, synth } from './synth.ts';

describe('data export (worker, callables, bucket)', () => {
  const { template } = synth({ stage: 'dev' });
  const functions = resourcesOf(template, 'AWS::Lambda::Function');
  const find = (matches: (description: string) => boolean) => {
    const entry = Object.entries(functions).find(([, fn]) => matches(String(fn.Properties?.Description)));
    if (!entry) throw new Error('No such function');
    return { id: entry[0], properties: entry[1].Properties ?? {} };
  };
  const worker = find((description) => description === "Data export worker: builds a member's zip in the background");
  const callable = (name: string) => find((description) => description.startsWith(`Callable ${name} `));

  const statementsOfRole = (roleId: string) =>
    Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .filter((policy) => ((policy.Properties?.Roles ?? []) as unknown[]).some((role) => referencedId(role) === roleId))
      .flatMap((policy) => (policy.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
  const invokes = (roleId: string) => statementsOfRole(roleId).filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
  const ownActions = (roleId: string) => actionsOfRole(template, roleId, (statement) => !isRateCounterGrant(statement));

  it('is a function of its own with a 5-minute timeout, retried twice when invoked asynchronously', () => {
    expect(worker.properties).toMatchObject({ Runtime: 'nodejs24.x', Timeout: 300 });
    const configs = Object.values(resourcesOf(template, 'AWS::Lambda::EventInvokeConfig'));
    expect(configs.find((config) => referencedId(config.Properties?.FunctionName) === worker.id)?.Properties).toMatchObject({
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 3600,
    });
  });

  it('lets the worker read items and pictures and write the job and the zip, and invoke nothing, nor touch Cognito', () => {
    const roleId = referencedId(worker.properties.Role);
    const actions = ownActions(roleId);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem', 's3:GetObject*', 's3:PutObject']));
    expect(actions.filter((action) => /^(lambda|cognito-idp):/.test(action))).toEqual([]);
  });

  it('lets requestDataExport invoke the worker alone (by its exact ARN, named in its environment), and touch no pictures', () => {
    const request = callable('requestDataExport');
    const roleId = referencedId(request.properties.Role);
    expect(invokes(roleId).map((statement) => referencedId(statement.Resource))).toEqual([aliasOf(template, worker.id)]);
    const environment = (request.properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(referencedId(environment.DATA_EXPORT_WORKER_FUNCTION)).toBe(aliasOf(template, worker.id));
    expect(ownActions(roleId).filter((action) => action.startsWith('s3:'))).toEqual([]);
  });

  it('gives getDataExport reads only (its presigned GET needs s3:GetObject), and no way to the worker', () => {
    const get = callable('getDataExport');
    const roleId = referencedId(get.properties.Role);
    const actions = ownActions(roleId);
    expect(actions).toEqual(expect.arrayContaining(['s3:GetObject*', 'dynamodb:GetItem']));
    expect(actions.filter((action) => /^(dynamodb|s3):.*(Delete|Put|Update|BatchWrite)|^lambda:/.test(action))).toEqual([]);
  });

  it('keeps exports private: a prefix of their own, outside the one CloudFront serves, expired by the bucket after 7 days', () => {
    expect(DATA_EXPORTS_PREFIX).toBe('exports/');
    expect(DATA_EXPORTS_PREFIX.startsWith(SERVED_PICTURES_PREFIX)).toBe(false);
    const buckets = Object.values(resourcesOf(template, 'AWS::S3::Bucket'));
    const rules = buckets.flatMap((bucket) => (bucket.Properties?.LifecycleConfiguration as { Rules?: Record<string, unknown>[] } | undefined)?.Rules ?? []);
    expect(rules).toContainEqual(expect.objectContaining({ Id: 'ExpireDataExports', Status: 'Enabled', Prefix: 'exports/', ExpirationInDays: 7 }));
    // No bucket policy statement names the exports prefix: only presigned GETs by a granted role reach it.
    const policies = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'));
    expect(JSON.stringify(policies)).not.toContain(DATA_EXPORTS_PREFIX);
  });
});
