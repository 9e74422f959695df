import { Stack } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import { AppFunction } from '../../lib/app-function.ts';
import { LiveRoutes } from '../../lib/live-api.ts';
import { isRateCounterGrant } from '../../lib/rate-limit-grant.ts';
import { STAGES, type Stage } from '../../lib/stage.ts';
import { grantsScan, objectKeyPatterns, tableReadScopes, tableWriteScopes } from './grant-scopes.ts';
import { resourcesOf, statementsOfRole, synth, type PolicyStatement } from './synth.ts';

/**
 * Least privilege, whole stack: no role writes the table's items without
 * `dynamodb:LeadingKeys`, none reaches the pictures bucket's every object, and each function's
 * role holds exactly the scopes of its registry row (lambdas/handler-row.ts `tableWrites`,
 * `pictureKeys`). test/infra/api.test.ts checks the same for each callable by its route.
 */
describe.each(STAGES)('least privilege on %s', (stage: Stage) => {
  const { template, stack } = synth({ stage });
  const appFunctions = stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction);
  const roleIdOf = (fn: AppFunction) => Stack.of(fn.function).resolve((fn.function.role?.node.defaultChild as iam.CfnRole).logicalId) as string;
  const everyStatement: PolicyStatement[] = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).flatMap(
    (policy) => (policy.Properties?.PolicyDocument as { Statement: PolicyStatement[] }).Statement,
  );

  it("lets no role write the table's items without dynamodb:LeadingKeys, nor on every key", () => {
    const scopes = tableWriteScopes(everyStatement);
    expect(scopes.length).toBeGreaterThan(0);
    for (const scope of scopes) {
      expect(scope).not.toBe('unconditioned');
      expect(scope).not.toContain('*');
    }
  });

  it('lets no function reach every object of the pictures bucket (exports/ included)', () => {
    for (const fn of appFunctions) expect(objectKeyPatterns(statementsOfRole(template, roleIdOf(fn))), fn.node.path).not.toContain('*');
  });

  it('holds each function to the partitions and prefixes its registry row names', () => {
    expect(appFunctions.length).toBeGreaterThan(40);
    for (const fn of appFunctions) {
      const { table, tableWrites = [], pictureKeys = [] } = fn.permissions;
      // The live socket's functions hold grants narrower than a row can say (test/infra/live.test.ts).
      if (fn.node.scopes.some((scope) => scope instanceof LiveRoutes)) continue;
      const statements = statementsOfRole(template, roleIdOf(fn)).filter((statement) => !isRateCounterGrant(statement));
      expect(tableWriteScopes(statements), fn.node.path).toEqual(table === 'readWrite' ? [[...tableWrites].toSorted()] : []);
      expect(objectKeyPatterns(statements), fn.node.path).toEqual(pictureKeys.map((prefix) => `${prefix}*`).toSorted());
    }
  });

  it('holds a row that names its tableReads (the anonymous validateInviteCode) to keyed reads of those partitions: no Scan, no index', () => {
    const scoped = appFunctions.filter((fn) => fn.permissions.tableReads);
    expect(scoped.map((fn) => fn.node.id)).toContain('validateInviteCode');
    for (const fn of scoped) {
      const statements = statementsOfRole(template, roleIdOf(fn));
      expect(tableReadScopes(statements), fn.node.path).toEqual([[...(fn.permissions.tableReads ?? [])].toSorted()]);
      expect(grantsScan(statements), fn.node.path).toBe(false);
      expect(JSON.stringify(statements), fn.node.path).not.toContain('/index/');
    }
  });
});
