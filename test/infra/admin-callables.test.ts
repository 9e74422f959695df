import { describe, expect, it } from 'vitest';
import { resourcesOf, synth } from './synth.ts';

/** The admin panel's functions as deployed: Make Me Admin (setAdminClaim) exists on dev only. */

function routeKeys(stage: 'dev' | 'prod'): string[] {
  return Object.values(resourcesOf(synth({ stage }).template, 'AWS::ApiGatewayV2::Route')).map((route) => String(route.Properties?.RouteKey));
}

function functionDescriptions(stage: 'dev' | 'prod'): string[] {
  return Object.values(resourcesOf(synth({ stage }).template, 'AWS::Lambda::Function')).map((fn) => String(fn.Properties?.Description ?? ''));
}

describe('admin callables in the stack', () => {
  it('setAdminClaim has a route and a function on dev, and neither on prod', () => {
    expect(routeKeys('dev')).toContain('POST /api/setAdminClaim');
    expect(functionDescriptions('dev')).toContain('Callable setAdminClaim (dev-only)');
    expect(routeKeys('prod')).not.toContain('POST /api/setAdminClaim');
    expect(functionDescriptions('prod').filter((description) => description.includes('setAdminClaim'))).toEqual([]);
  });

  it('only setAdminClaim may add users to a Cognito group, and only on dev', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const policies = Object.values(resourcesOf(synth({ stage }).template, 'AWS::IAM::Policy'));
      const granting = policies.filter((policy) => JSON.stringify(policy.Properties?.PolicyDocument).includes('cognito-idp:AdminAddUserToGroup'));
      expect(granting, stage).toHaveLength(stage === 'dev' ? 1 : 0);
    }
  });

  it.each(['dev', 'prod'] as const)('the admin panel callables are deployed on %s', (stage) => {
    const keys = routeKeys(stage);
    for (const name of ['grantSuperuserStatus', 'revokeSuperuserStatus', 'getAdminOverview', 'searchMembers', 'listAuditLog']) {
      expect(keys).toContain(`POST /api/${name}`);
    }
  });
});
