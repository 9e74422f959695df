import { describe, expect, it } from 'vitest';
import { callables, callableNames } from '../../lambdas/contracts/callables.ts';
import { actionsOfRole, referencedId, resourcesOf, synth } from './synth.ts';

/**
 * Account controls on AWS (issue 17): what the local cloud cannot show. cognito-local has neither
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

  it('only signOutEverywhere may sign an account out globally, and it holds no other Cognito action', () => {
    expect(holdersOf(template, 'cognito-idp:AdminUserGlobalSignOut')).toEqual(['Callable signOutEverywhere (member)']);
    expect(cognitoActionsOf(template, 'signOutEverywhere')).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
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
