import { describe, expect, it } from 'vitest';
import { callables, callableNames } from '../../lambdas/contracts/callables.ts';
import { actionsOfRole, referencedId, resourcesOf, synth } from './synth.ts';

/**
 * Account controls on AWS: what the local cloud cannot show. cognito-local has neither
 * AdminUserGlobalSignOut (the local cloud loads a stand-in that drops refresh tokens) nor a pool
 * whose MFA settings it enforces at sign-in as Cognito does; these are the deployed grants and pool.
 */

type Template = ReturnType<typeof synth>['template'];

/** The Cognito actions of the function whose description is `Callable <name> (...)`. */
function cognitoActionsOf(template: Template, name: string): string[] {
  const fn = Object.values(resourcesOf(template, 'AWS::Lambda::Function')).find((candidate) =>
    String(candidate.Properties?.Description ?? '').startsWith(`Callable ${name} `),
  );
  if (!fn) throw new Error(`No function for ${name}`);
  return actionsOfRole(template, referencedId(fn.Properties?.Role)).filter((action) => action.startsWith('cognito-idp:'));
}

/** Every function role that may call an action, by the description of its function. */
function holdersOf(template: Template, action: string): string[] {
  return Object.values(resourcesOf(template, 'AWS::Lambda::Function'))
    .filter((fn) => actionsOfRole(template, referencedId(fn.Properties?.Role)).includes(action))
    .map((fn) => String(fn.Properties?.Description));
}

const adminCallables = callableNames.filter((name) => callables[name].access === 'admin');

describe.each(['dev', 'prod'] as const)('account controls on %s', (stage) => {
  const { template } = synth({ stage });

  it('only signOutEverywhere and the PostConfirmation trigger (a completed password reset) may sign an account out globally, and they hold no other Cognito action', () => {
    expect(holdersOf(template, 'cognito-idp:AdminUserGlobalSignOut').sort()).toEqual([
      'Callable signOutEverywhere (member)',
      'Cognito PostConfirmation: a verified email keeps the invite held at sign-up for 7 days; a completed password reset ends every session',
    ]);
    expect(cognitoActionsOf(template, 'signOutEverywhere')).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
  });

  it("the PostConfirmation trigger's global sign-out reaches only this pool, from a policy of its own (no cycle: the pool names the function)", () => {
    const fn = Object.values(resourcesOf(template, 'AWS::Lambda::Function')).find((candidate) =>
      String(candidate.Properties?.Description ?? '').startsWith('Cognito PostConfirmation:'),
    );
    const roleId = referencedId(fn?.Properties?.Role);
    expect(actionsOfRole(template, roleId).filter((action) => action.startsWith('cognito-idp:'))).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
    const [poolId] = Object.keys(resourcesOf(template, 'AWS::Cognito::UserPool'));
    const signOutPolicies = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).filter(
      (policy) =>
        JSON.stringify(policy.Properties?.PolicyDocument).includes('cognito-idp:AdminUserGlobalSignOut') &&
        ((policy.Properties?.Roles ?? []) as unknown[]).some((role) => referencedId(role) === roleId),
    );
    expect(signOutPolicies).toHaveLength(1);
    expect(signOutPolicies[0]?.Properties?.PolicyDocument).toMatchObject({
      Statement: [{ Action: 'cognito-idp:AdminUserGlobalSignOut', Effect: 'Allow', Resource: { 'Fn::GetAtt': [poolId, 'Arn'] } }],
    });
    // The function's environment never names the pool (the trigger reads it from its event).
    expect(JSON.stringify(fn?.Properties?.Environment ?? {})).not.toContain(String(poolId));
    // (A grant in the function's own default policy would make a cycle, which synth refuses: "Template is undeployable".)
  });

  it('syncAccountEmail reads the account (AdminGetUser) and nothing more of Cognito', () => {
    expect(cognitoActionsOf(template, 'syncAccountEmail')).toEqual(['cognito-idp:AdminGetUser']);
  });

  it('the pool offers TOTP (an authenticator app) as an optional second factor, no SMS', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
  });
});

describe('admins without an authenticator app', () => {
  it('on prod every admin callable may ask Cognito for the admin’s MFA settings (AdminGetUser)', () => {
    const { template } = synth({ stage: 'prod' });
    expect(adminCallables.length).toBeGreaterThan(5);
    for (const name of adminCallables) expect(cognitoActionsOf(template, name), name).toContain('cognito-idp:AdminGetUser');
  });

  it('on dev the admin callables keep only their own grants (the check runs on prod only)', () => {
    const { template } = synth({ stage: 'dev' });
    expect(cognitoActionsOf(template, 'getAdminOverview')).toEqual([]);
    expect(cognitoActionsOf(template, 'listAuditLog')).toEqual([]);
  });
});
