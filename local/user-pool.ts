import {
  AddCustomAttributesCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { INVITE_CODE_ATTRIBUTE } from '#contracts/sign-up';
import { ADMIN_GROUP } from '#http/caller';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-aws.ts';

export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

async function exists(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException') return false;
    throw error;
  }
}

/** custom:invite_code, as lib/auth.ts declares it: set once at sign-up, 8 characters. */
const INVITE_CODE_SCHEMA = {
  Name: INVITE_CODE_ATTRIBUTE.replace(/^custom:/, ''),
  AttributeDataType: 'String' as const,
  Mutable: false,
  StringAttributeConstraints: { MinLength: '8', MaxLength: '8' },
};

/** A pool made by an earlier version lacks the attribute: add it (Cognito allows adding, never removing). */
async function ensureInviteCodeAttribute(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
  if (UserPool?.SchemaAttributes?.some((attribute) => attribute.Name === INVITE_CODE_ATTRIBUTE)) return;
  await client.send(new AddCustomAttributesCommand({ UserPoolId: userPoolId, CustomAttributes: [INVITE_CODE_SCHEMA] }));
}

/**
 * The pool as the product configures it on AWS: email is the username, codes go to the email,
 * passwords of at least 8 characters. Reuses the pool of an earlier start when it still exists.
 */
export async function ensureUserPool(client: CognitoIdentityProviderClient, previous: Partial<UserPoolIds>): Promise<UserPoolIds> {
  let userPoolId = previous.userPoolId;
  if (!userPoolId || !(await exists(() => client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }))))) {
    const { UserPool } = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'anchored-local',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        // As on AWS (lib/auth.ts keepOriginal): a changed email replaces the old one only once its code is entered.
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
        // As on AWS (lib/auth.ts): an authenticator app is optional, and an account with one is asked for its code at sign-in.
        MfaConfiguration: 'OPTIONAL',
        Policies: { PasswordPolicy: { MinimumLength: 8 } },
        Schema: [INVITE_CODE_SCHEMA],
      }),
    );
    if (!UserPool?.Id) throw new Error('cognito-local created a user pool without an id');
    userPoolId = UserPool.Id;
  } else {
    await ensureInviteCodeAttribute(client, userPoolId);
  }

  const previousClientId = previous.userPoolId === userPoolId ? previous.userPoolClientId : undefined;
  let userPoolClientId: string;
  if (previousClientId && (await exists(() => client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: previousClientId }))))) {
    userPoolClientId = previousClientId;
  } else {
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'anchored-web',
        // cognito-local has no SRP: the SPA signs in with USER_PASSWORD_AUTH everywhere.
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        // As on AWS (lib/auth.ts): an unknown email at sign-in is UserNotFoundException, so the
        // sign-in screen can say 'No account found with this email.' (cognito-user-existence-hook.mjs).
        PreventUserExistenceErrors: 'LEGACY',
      }),
    );
    if (!UserPoolClient?.ClientId) throw new Error('cognito-local created an app client without an id');
    userPoolClientId = UserPoolClient.ClientId;
  }

  // ListGroups, not GetGroup: cognito-local's GetGroup crashes (500) on a pool without any group.
  const { Groups } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  if (!Groups?.some((group) => group.GroupName === ADMIN_GROUP)) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP, Description: 'Administrators' }));
  }
  return { userPoolId, userPoolClientId };
}
