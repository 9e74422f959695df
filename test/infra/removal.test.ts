import { describe, expect, it } from 'vitest';
import { aliasOf } from './aliases.ts';
import { actionsOfRole, referencedId, resourcesOf, synth } from './synth.ts';
import { isRateCounterGrant } from '../../lib/rate-limit-grant.ts';

describe('removal (worker and the callables that hand work to it)', () => {
  const { template } = synth({ stage: 'dev' });
  const functions = resourcesOf(template, 'AWS::Lambda::Function');
  const find = (description: string) => {
    const entry = Object.entries(functions).find(([, fn]) => fn.Properties?.Description === description);
    if (!entry) throw new Error(`No function ${description}`);
    return { id: entry[0], properties: entry[1].Properties ?? {} };
  };
  const worker = find('Removal worker: finishes large removals in the background');

  /** Statements of the inline policies attached to a role. */
  const statementsOfRole = (roleId: string) =>
    Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .filter((policy) => ((policy.Properties?.Roles ?? []) as unknown[]).some((role) => referencedId(role) === roleId))
      .flatMap((policy) => (policy.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);

  /** The callables invoke the worker's alias (the canary); the worker's next run names the function itself (its context). */
  const invokesWorker = (roleId: string, target = aliasOf(template, worker.id)) =>
    statementsOfRole(roleId).some((statement) => [statement.Action].flat().includes('lambda:InvokeFunction') && referencedId(statement.Resource) === target);

  it('is one more function with a 5-minute timeout, retried twice when invoked asynchronously', () => {
    expect(worker.properties).toMatchObject({ Runtime: 'nodejs24.x', Timeout: 300 });
    const configs = Object.values(resourcesOf(template, 'AWS::Lambda::EventInvokeConfig'));
    expect(configs.find((config) => referencedId(config.Properties?.FunctionName) === worker.id)?.Properties).toMatchObject({
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 3600,
    });
  });

  it('may delete items, pictures and Cognito accounts, and invoke only itself', () => {
    const roleId = referencedId(worker.properties.Role);
    const actions = actionsOfRole(template, roleId);
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 's3:DeleteObject*', 'cognito-idp:AdminDeleteUser', 'cognito-idp:ListUsers']),
    );
    expect(invokesWorker(roleId, worker.id)).toBe(true);
    expect(actions.filter((action) => action.startsWith('lambda:'))).toEqual(['lambda:InvokeFunction']);
  });

  it('lets the removal callables (resolveReport among them) invoke it by name, with time for their ~8 s run (29 s timeout)', () => {
    for (const name of ['removeUserAndInviteTree', 'deleteMyAccount', 'resolveReport']) {
      const callable = Object.values(functions).find((fn) => String(fn.Properties?.Description).startsWith(`Callable ${name} `))?.Properties ?? {};
      expect(callable.Timeout, name).toBe(29);
      const environment = (callable.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(referencedId(environment.REMOVAL_WORKER_FUNCTION), name).toBe(aliasOf(template, worker.id));
      expect(invokesWorker(referencedId(callable.Role)), name).toBe(true);
    }
  });

  it('gives the invite tree read-only access and no way to the worker', () => {
    const tree = Object.values(functions).find((fn) => String(fn.Properties?.Description).startsWith('Callable getUserInviteTree '))?.Properties ?? {};
    const roleId = referencedId(tree.Role);
    expect(
      actionsOfRole(template, roleId, (statement) => !isRateCounterGrant(statement)).filter((action) =>
        /^(dynamodb|s3):.*(Delete|Put|Update|BatchWrite)|^lambda:/.test(action),
      ),
    ).toEqual([]);
    expect(tree.Timeout).toBe(10);
  });
});
