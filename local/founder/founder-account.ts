import { randomBytes } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminEnableUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '#http/caller';

/** Where the founder's Cognito account lives: the stage's user pool, through an admin client. */
export interface FounderPool {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
}

export interface FounderAccount {
  /** The Cognito sub: the member record's uid. */
  sub: string;
  /** The password set by this run, if it set one (else the account keeps the one its owner knows). */
  passwordSet: string | null;
  /** What this run had to do to the account, in words (empty: nothing). */
  changes: string[];
}

/** Long and random, with every character class any password policy might ask for. */
export function generatePassword(): string {
  return `${randomBytes(15).toString('base64url')}Aa1!`;
}

function attribute(attributes: AttributeType[] | undefined, name: string): string | undefined {
  return attributes?.find((a) => a.Name === name)?.Value;
}

async function findByEmail({ cognito, userPoolId }: FounderPool, email: string): Promise<UserType | undefined> {
  // ListUsers with a filter rather than AdminGetUser: "not found" is the normal first-run answer,
  // and cognito-local logs every UserNotFoundException as a warning.
  const { Users } = await cognito.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${email}"`, Limit: 1 }));
  return Users?.[0];
}

async function isInAdminGroup({ cognito, userPoolId }: FounderPool, username: string): Promise<boolean> {
  let nextToken: string | undefined;
  do {
    const page = await cognito.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP, Limit: 60, NextToken: nextToken }));
    if (page.Users?.some((user) => user.Username === username)) return true;
    nextToken = page.NextToken;
  } while (nextToken);
  return false;
}

async function createAccount({ cognito, userPoolId }: FounderPool, email: string): Promise<UserType> {
  try {
    const { User } = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        // No invitation email: its temporary password needs a new-password step the SPA does not
        // have, and mail may still be in SES's sandbox on day one. The password is set below instead.
        MessageAction: 'SUPPRESS',
      }),
    );
    if (!User) throw new Error('Cognito created the founder without answering the account');
    return User;
  } catch (error) {
    // A run racing this one created it first: carry on with theirs.
    if ((error as Error).name !== 'UsernameExistsException') throw error;
    const existing = await findByEmail({ cognito, userPoolId }, email);
    if (!existing) throw error;
    return existing;
  }
}

export interface EnsureAccountOptions {
  email: string;
  /** The password a new account gets (default: generated). */
  newPassword?: string;
  /** Set `newPassword` on an account that exists too (the local seed, when founder.json is lost). */
  resetPassword?: boolean;
}

/**
 * The founder's Cognito account: enabled, its email verified (so "Forgot password?" reaches them),
 * a permanent password someone knows, and in the `admin` group. Each step runs only when it is
 * missing, so a second run changes nothing, and a password the founder chose is never replaced
 * unless asked. An account that nobody can sign in to (created by hand with a temporary password,
 * or by a run that stopped half-way) gets a new one.
 */
export async function ensureFounderAccount(pool: FounderPool, options: EnsureAccountOptions): Promise<FounderAccount> {
  const { cognito, userPoolId } = pool;
  const { email } = options;
  const changes: string[] = [];
  let user = await findByEmail(pool, email);
  const created = !user;
  if (!user) {
    user = await createAccount(pool, email);
    changes.push('created the Cognito account');
  }
  const username = user.Username;
  const sub = attribute(user.Attributes, 'sub');
  if (!username || !sub) throw new Error(`Cognito answered the account of ${email} without its username or sub`);

  if (user.Enabled === false) {
    await cognito.send(new AdminEnableUserCommand({ UserPoolId: userPoolId, Username: username }));
    changes.push('enabled the account');
  }
  if (!created && attribute(user.Attributes, 'email_verified') !== 'true') {
    await cognito.send(
      new AdminUpdateUserAttributesCommand({ UserPoolId: userPoolId, Username: username, UserAttributes: [{ Name: 'email_verified', Value: 'true' }] }),
    );
    changes.push('marked the email verified');
  }

  let passwordSet: string | null = null;
  if (created || options.resetPassword || user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
    passwordSet = options.newPassword ?? generatePassword();
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: username, Password: passwordSet, Permanent: true }));
    if (!created) changes.push('set a new password');
  }

  if (!(await isInAdminGroup(pool, username))) {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: ADMIN_GROUP }));
    changes.push(`added the account to the ${ADMIN_GROUP} group`);
  }
  return { sub, passwordSet, changes };
}
