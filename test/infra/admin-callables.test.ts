import { describe, expect, it } from 'vitest';
import { createApp } from '../../lib/build-app.ts';
import { StageError } from '../../lib/stage.ts';
import { CDK_JSON_CONTEXT, dummyWebDist, resourcesOf, synth, temporaryDir } from './synth.ts';

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

  it('only grantAdmin (and setAdminClaim, on dev) may add users to a Cognito group; only revokeAdmin may take them out', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const policies = Object.values(resourcesOf(synth({ stage }).template, 'AWS::IAM::Policy'));
      const granting = policies.filter((policy) => JSON.stringify(policy.Properties?.PolicyDocument).includes('cognito-idp:AdminAddUserToGroup'));
      expect(granting, stage).toHaveLength(stage === 'dev' ? 2 : 1);
      const removing = policies.filter((policy) => JSON.stringify(policy.Properties?.PolicyDocument).includes('cognito-idp:AdminRemoveUserFromGroup'));
      expect(removing, stage).toHaveLength(1);
    }
  });

  it.each(['dev', 'prod'] as const)('the admin panel callables are deployed on %s', (stage) => {
    const keys = routeKeys(stage);
    for (const name of ['grantSuperuserStatus', 'revokeSuperuserStatus', 'grantAdmin', 'revokeAdmin', 'getAdminOverview', 'searchMembers', 'listAuditLog']) {
      expect(keys).toContain(`POST /api/${name}`);
    }
  });
});

/** The environment of the function whose description is `Callable <name> (...)`, or undefined. */
function environmentOf(template: ReturnType<typeof synth>['template'], name: string): Record<string, unknown> | undefined {
  const fn = Object.values(resourcesOf(template, 'AWS::Lambda::Function')).find((candidate) =>
    String(candidate.Properties?.Description ?? '').startsWith(`Callable ${name} `),
  );
  return (fn?.Properties?.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables;
}

/** Every function's DEV_ADMIN_EMAILS, by description. */
function devAdminVariables(template: ReturnType<typeof synth>['template']): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const fn of Object.values(resourcesOf(template, 'AWS::Lambda::Function'))) {
    const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
    if ('DEV_ADMIN_EMAILS' in variables) found[String(fn.Properties?.Description)] = variables.DEV_ADMIN_EMAILS;
  }
  return found;
}

describe('Make Me Admin on a deployed dev stage: only the emails of the devAdminEmails context', () => {
  it('-c devAdminEmails=… (comma-separated) reaches the dev tools (Make Me Admin, dummy anchors, metrics now), and only them, trimmed and lower-cased', () => {
    const { template } = synth({ stage: 'dev', context: { devAdminEmails: ' Ana@Example.com, bo@example.org ,' } });
    expect(devAdminVariables(template)).toEqual({
      'Callable setAdminClaim (dev-only)': 'ana@example.com,bo@example.org',
      'Callable createDummyAnchors (dev-only)': 'ana@example.com,bo@example.org',
      'Callable calculateMetricsManually (dev-only)': 'ana@example.com,bo@example.org',
    });
  });

  it('a list in context (cdk.context.json) works too', () => {
    const { template } = synth({ stage: 'dev', context: { devAdminEmails: ['ana@example.com', 'BO@example.org'] } });
    expect(environmentOf(template, 'setAdminClaim')?.DEV_ADMIN_EMAILS).toBe('ana@example.com,bo@example.org');
  });

  it('without the context, dev deploys setAdminClaim with an empty list: nobody can make themself admin', () => {
    expect(devAdminVariables(synth({ stage: 'dev' }).template)).toEqual({
      'Callable setAdminClaim (dev-only)': '',
      'Callable createDummyAnchors (dev-only)': '',
      'Callable calculateMetricsManually (dev-only)': '',
    });
  });

  it('prod has no setAdminClaim and no function holds a dev admin list, even when the context names one', () => {
    const { template } = synth({ stage: 'prod', context: { devAdminEmails: 'ana@example.com' } });
    expect(environmentOf(template, 'setAdminClaim')).toBeUndefined();
    expect(devAdminVariables(template)).toEqual({});
  });

  it.each([['*'], ['ana@example.com,*'], ['not-an-email'], ['ana@example.com bo@example.org'], [42]])(
    'refuses devAdminEmails=%j with a message naming it',
    (devAdminEmails) => {
      const build = () =>
        createApp({
          stage: 'dev',
          nag: false,
          cloudFormationValidation: false,
          webAssetPath: dummyWebDist(),
          outdir: temporaryDir('anchored-dev-admins-'),
          context: { ...CDK_JSON_CONTEXT, 'aws:cdk:bundling-stacks': [], devAdminEmails },
        });
      expect(build).toThrow(/devAdminEmails/);
      // A StageError: bin/app.ts prints its sentence alone, not a stack trace.
      expect(build).toThrow(StageError);
    },
  );
});
