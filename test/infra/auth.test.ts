import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP } from '../../lambdas/http/caller.ts';
import { functionBehind } from './aliases.ts';
import { actionsOfRole, referencedId, resourcesOf, synth } from './synth.ts';

describe('auth (Cognito)', () => {
  const { template } = synth({ stage: 'dev' });

  it('signs in by email, verifies email by code, requires passwords of at least 8', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      // The product's name as it is written everywhere else, never 'anchored'.
      VerificationMessageTemplate: Match.objectLike({
        DefaultEmailOption: 'CONFIRM_WITH_CODE',
        EmailSubject: 'Your Anchored verification code',
        EmailMessage: 'Your Anchored verification code is {####}',
      }),
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('has an app client for the SPA: USER_PASSWORD_AUTH and refresh tokens, no secret, no OAuth', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const [client] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPoolClient'));
    expect((client?.Properties?.ExplicitAuthFlows as string[]).toSorted()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
    expect(client?.Properties).toMatchObject({ GenerateSecret: false, AllowedOAuthFlowsUserPoolClient: false });
    expect((client?.Properties?.WriteAttributes as string[]).toSorted()).toEqual(['custom:invite_code', 'email', 'name']);
  });

  it("answers an unknown email at sign-in with UserNotFoundException, so the SPA can say 'No account found with this email.'", () => {
    // LEGACY, not ENABLED: with ENABLED Cognito answers 'Incorrect username or password.' for both,
    // and a newcomer is never told to make an account. The local pool's client says the same
    // (local/user-pool.ts).
    const [client] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPoolClient'));
    expect(client?.Properties).toMatchObject({ PreventUserExistenceErrors: 'LEGACY' });
  });

  it('issues access and ID tokens for 15 minutes (the API cannot see a revocation) and revokes refresh tokens on sign-out', () => {
    const [client] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPoolClient'));
    expect(client?.Properties).toMatchObject({
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes' },
      EnableTokenRevocation: true,
    });
  });

  it('keeps the invite code an account signed up with in custom:invite_code (8 characters, set once)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'invite_code', AttributeDataType: 'String', Mutable: false, StringAttributeConstraints: { MinLength: '8', MaxLength: '8' } }),
      ]),
    });
  });

  it(`has the ${ADMIN_GROUP} group`, () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMIN_GROUP });
  });

  it('validates invite codes in a PreSignUp trigger that may read and write the table (it holds an invite), look up an account of its pool, and nothing else', () => {
    const pools = resourcesOf(template, 'AWS::Cognito::UserPool');
    const [poolId = ''] = Object.keys(pools);
    const pool = pools[poolId];
    const triggerId = functionBehind(template, (pool?.Properties?.LambdaConfig as { PreSignUp: unknown }).PreSignUp);
    const trigger = resourcesOf(template, 'AWS::Lambda::Function')[triggerId];
    expect(trigger?.Properties).toMatchObject({ Runtime: 'nodejs24.x', Timeout: 5 });
    expect(trigger?.Properties?.Description).toMatch(/PreSignUp/);

    const actions = actionsOfRole(template, referencedId(trigger?.Properties?.Role));
    expect(actions).toContain('dynamodb:GetItem');
    expect(actions).toContain('dynamodb:UpdateItem');
    expect(actions.filter((a) => a.startsWith('s3:'))).toEqual([]);
    // Whether a retried sign-up's earlier attempt has an account, on this pool only.
    expect(actions.filter((a) => a.startsWith('cognito-idp:'))).toEqual(['cognito-idp:AdminGetUser']);
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: referencedId(trigger?.Properties?.Role) }],
      PolicyDocument: { Statement: [Match.objectLike({ Action: 'cognito-idp:AdminGetUser', Resource: { 'Fn::GetAtt': [poolId, 'Arn'] } })] },
    });
    // It checks validateInviteCode's tickets with their secret, given as a dynamic reference only.
    const secret = (trigger?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.SIGN_UP_TICKET_SECRET;
    expect(JSON.stringify(secret)).toMatch(/resolve:secretsmanager/);

    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      // The trigger is the alias (the canary), and Cognito's permission is on it.
      FunctionName: (pool?.Properties?.LambdaConfig as { PreSignUp: unknown }).PreSignUp,
    });
  });

  it('learns verified emails in a PostConfirmation trigger (its alias) that may read and write the table and nothing else', () => {
    const [pool] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPool'));
    const alias = (pool?.Properties?.LambdaConfig as { PostConfirmation?: unknown }).PostConfirmation;
    expect(alias).toBeDefined();
    const trigger = resourcesOf(template, 'AWS::Lambda::Function')[functionBehind(template, alias)];
    expect(trigger?.Properties).toMatchObject({ Runtime: 'nodejs24.x', Timeout: 5 });
    expect(trigger?.Properties?.Description).toMatch(/PostConfirmation/);
    const actions = actionsOfRole(template, referencedId(trigger?.Properties?.Role));
    expect(actions).toContain('dynamodb:UpdateItem');
    expect(actions.filter((a) => a.startsWith('s3:'))).toEqual([]);
    template.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 'cognito-idp.amazonaws.com', FunctionName: alias });
  });

  it('puts AWS WAF rate-based rules in front of the user pool: sign-ups per address most tightly', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'REGIONAL',
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'SignUpsPerAddress',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: 20,
              AggregateKeyType: 'IP',
              ScopeDownStatement: { ByteMatchStatement: Match.objectLike({ SearchString: 'AWSCognitoIdentityProviderService.SignUp' }) },
            }),
          },
        }),
      ]),
    });
    const [poolId] = Object.keys(resourcesOf(template, 'AWS::Cognito::UserPool'));
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', { ResourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] } });
  });

  it('keeps the pool (deletion protection, retained) on prod only', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtection: 'INACTIVE' }),
    });
    synth({ stage: 'prod' }).template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });
});
