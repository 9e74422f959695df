import { describe, expect, it } from 'vitest';
import { LIVE_ALIAS_NAME } from '../../lib/canary-deployments.ts';
import { STAGES, type Stage } from '../../lib/stage.ts';
import { referencedId, resourcesOf, synth } from './synth.ts';

/**
 * Canary deploys: every function of the product runs behind a `live` alias that
 * CodeDeploy moves to each new version, 10 % for 5 minutes, rolled back on the few shared alarms;
 * and whatever invokes a function names that alias, or the canary would mean nothing.
 */
describe.each(STAGES)('canary deploys on %s', (stage: Stage) => {
  const { template, stack } = synth({ stage });
  const functions = resourcesOf(template, 'AWS::Lambda::Function');
  const aliases = resourcesOf(template, 'AWS::Lambda::Alias');
  const versions = resourcesOf(template, 'AWS::Lambda::Version');
  const groups = resourcesOf(template, 'AWS::CodeDeploy::DeploymentGroup');
  /** The product's functions: CDK's own (BucketDeployment, log retention, auto-delete) are handlers of CDK custom resources. */
  const productFunctions = Object.keys(functions).filter(
    (id) =>
      !/^(Custom|AWS[0-9a-f]{32}|LogRetention)/.test(id) &&
      !String(functions[id]?.Properties?.Description ?? '').startsWith('Lambda function for auto-deleting'),
  );
  const aliasIds = new Set(Object.keys(aliases));
  /** Every logical id a value references (Ref and GetAtt, at any depth). */
  const referencesIn = (value: unknown): string[] => {
    if (Array.isArray(value)) return value.flatMap(referencesIn);
    if (!value || typeof value !== 'object') return [];
    const object = value as Record<string, unknown>;
    if (typeof object.Ref === 'string') return [object.Ref];
    if (Array.isArray(object['Fn::GetAtt'])) return [String(object['Fn::GetAtt'][0])];
    return Object.values(object).flatMap(referencesIn);
  };
  const namesAlias = (value: unknown) => referencesIn(value).some((id) => aliasIds.has(id));
  const namesFunction = (value: unknown) => referencesIn(value).some((id) => id in functions);

  it('gives every product function a version and a `live` alias on it', () => {
    expect(productFunctions.length).toBeGreaterThan(30);
    const aliased = Object.values(aliases).map((alias) => {
      expect(alias.Properties?.Name).toBe(LIVE_ALIAS_NAME);
      const version = versions[referencedId(alias.Properties?.FunctionVersion)];
      expect(version, 'the alias names a version of this stack').toBeDefined();
      return referencedId(version?.Properties?.FunctionName);
    });
    expect(aliased.toSorted()).toEqual(productFunctions.toSorted());
  });

  it('deploys each alias with the 10 % / 5 minutes canary, rolled back on the three shared deployment alarms', () => {
    const alarmIds = stack.observability.deploymentAlarms.map((alarm) => referencedId(stack.resolve(alarm.alarmName)));
    const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm');
    expect(alarmIds.map((id) => alarms[id]?.Properties?.AlarmName)).toEqual(
      ['LambdaErrors', 'ApiServerErrorRate', 'LiveRouteErrors'].map((name) => `${stack.stackName}-${name}`),
    );
    expect(alarmIds).toHaveLength(3);

    expect(Object.keys(groups)).toHaveLength(productFunctions.length);
    for (const [id, group] of Object.entries(groups)) {
      const properties = group.Properties ?? {};
      expect(properties.DeploymentConfigName, id).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
      expect(properties.DeploymentStyle, id).toEqual({ DeploymentType: 'BLUE_GREEN', DeploymentOption: 'WITH_TRAFFIC_CONTROL' });
      const alarms = properties.AlarmConfiguration as { Enabled: boolean; Alarms: { Name: unknown }[] };
      expect(alarms.Enabled, id).toBe(true);
      expect(alarms.Alarms.map(({ Name }) => referencedId(Name)).toSorted(), id).toEqual(alarmIds.toSorted());
      expect(properties.AutoRollbackConfiguration, id).toEqual({
        Enabled: true,
        Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_REQUEST', 'DEPLOYMENT_STOP_ON_ALARM']),
      });
    }
    // Each alias is shifted by its own group, through CloudFormation's CodeDeploy update policy.
    for (const [id, alias] of Object.entries(aliases)) {
      const policy = (alias.UpdatePolicy as { CodeDeployLambdaAliasUpdate?: { DeploymentGroupName: unknown } } | undefined)?.CodeDeployLambdaAliasUpdate;
      expect(policy, id).toBeDefined();
      expect(groups[referencedId(policy?.DeploymentGroupName)], id).toBeDefined();
    }
  });

  it('shares one CodeDeploy application and one service role per stack (not one per function)', () => {
    const applications = resourcesOf(template, 'AWS::CodeDeploy::Application');
    const roles = new Set(Object.values(groups).map((group) => referencedId(group.Properties?.ServiceRoleArn)));
    expect(Object.keys(applications).length).toBe(roles.size);
    expect(roles.size).toBeLessThanOrEqual(20);
    for (const applicationId of Object.keys(applications))
      expect(Object.values(groups).some((group) => referencedId(group.Properties?.ApplicationName) === applicationId)).toBe(true);
  });

  it('makes every invoker name the alias, never the function ($LATEST)', () => {
    const integrations = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Integration'));
    expect(integrations.length).toBeGreaterThan(30);
    for (const integration of integrations) {
      expect(namesAlias(integration.Properties?.IntegrationUri), JSON.stringify(integration.Properties?.IntegrationUri)).toBe(true);
      expect(namesFunction(integration.Properties?.IntegrationUri)).toBe(false);
    }
    const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping'));
    expect(mappings).toHaveLength(1);
    for (const mapping of mappings) expect(namesAlias(mapping.Properties?.FunctionName)).toBe(true);

    const lambdaTargets = Object.values(resourcesOf(template, 'AWS::Events::Rule')).flatMap((rule) =>
      ((rule.Properties?.Targets ?? []) as { Arn: unknown }[]).filter(({ Arn }) => namesAlias(Arn) || namesFunction(Arn)),
    );
    // The three scheduled jobs: daily metrics, invite lapses, the due-items sweep.
    expect(lambdaTargets).toHaveLength(3);
    for (const target of lambdaTargets) expect(namesAlias(target.Arn)).toBe(true);

    const [pool] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPool'));
    const triggers = (pool?.Properties?.LambdaConfig ?? {}) as Record<string, unknown>;
    expect(Object.keys(triggers).toSorted()).toEqual(['PostConfirmation', 'PreSignUp']);
    for (const trigger of Object.values(triggers)) expect(namesAlias(trigger)).toBe(true);

    // Lambda's permissions for API Gateway, EventBridge and Cognito are granted on the aliases.
    for (const permission of Object.values(resourcesOf(template, 'AWS::Lambda::Permission'))) {
      const principal = String(permission.Properties?.Principal);
      if (['apigateway.amazonaws.com', 'events.amazonaws.com', 'cognito-idp.amazonaws.com'].includes(principal)) {
        expect(namesAlias(permission.Properties?.FunctionName), principal).toBe(true);
      }
    }
  });

  it("hands the workers' callers the alias and its retries (an async-invoke configuration applies to the qualifier it names)", () => {
    const workerEnvironments = Object.values(functions).flatMap((fn) => {
      const variables = ((fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}) as Record<string, unknown>;
      return ['REMOVAL_WORKER_FUNCTION', 'DATA_EXPORT_WORKER_FUNCTION'].filter((name) => name in variables).map((name) => variables[name]);
    });
    expect(workerEnvironments.length).toBeGreaterThanOrEqual(3);
    for (const value of workerEnvironments) expect(namesAlias(value), JSON.stringify(value)).toBe(true);

    const configs = Object.values(resourcesOf(template, 'AWS::Lambda::EventInvokeConfig'));
    const onAlias = configs.filter((config) => namesAlias(config.Properties?.Qualifier));
    // The three jobs and the two workers; the removal worker's own next run invokes $LATEST (its context's name).
    expect(onAlias).toHaveLength(5);
    expect(configs.filter((config) => config.Properties?.Qualifier === '$LATEST')).toHaveLength(1);
  });
});
