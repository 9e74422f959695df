import { randomInt } from 'node:crypto';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { User } from '../../lambdas/contracts/user.ts';
import { newUserRecord } from '../../lambdas/domain/new-user.ts';
import { generateInviteCode } from '../../lambdas/domain/invite-code.ts';
import type { Endpoints } from '../../local/cloud-files.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/local-aws.ts';
import { cognito, signIn, uniqueEmail } from './local-cloud-client.ts';
import { decodeJwtPayload } from './local-cloud-tokens.ts';

/**
 * Quick members for integration tests: a confirmed Cognito account (AdminCreateUser + a permanent
 * password, no mailbox round trip) with a real access token, and — unless `record: false` — a user
 * record written straight into the local table with any invite state a test needs.
 */

export const MEMBER_PASSWORD = 'member horse 42';

/** Points this test process's data layer (lambdas/data) at the local cloud, as the gateway's is. */
export function useLocalCloudData(endpoints: Endpoints): void {
  Object.assign(process.env, {
    TABLE_NAME: endpoints.dynamodb.tableName,
    DYNAMODB_ENDPOINT: endpoints.dynamodb.endpoint,
    BUCKET_NAME: endpoints.s3.bucket,
    S3_ENDPOINT: endpoints.s3.endpoint,
    USER_POOL_ID: endpoints.cognito.userPoolId,
    COGNITO_ENDPOINT: endpoints.cognito.endpoint,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  });
}

export interface TestMember {
  uid: string;
  email: string;
  accessToken: string;
  inviteCode: string;
}

export interface MemberOptions {
  displayName?: string;
  /** Cognito attributes beyond email and name, e.g. custom:invite_code. */
  attributes?: Record<string, string>;
  /** false: only the Cognito account (as right after sign-up). */
  record?: boolean;
  /**
   * false: the record of an account that signed up and has not joined (no invite used; the gate of
   * lambdas/http/member-presence.ts refuses it everything but joining). Default: a member who joined.
   */
  joined?: boolean;
  location?: { city: string; state: string };
  isSuperuser?: boolean;
  inviteSystem?: Partial<User['inviteSystem']>;
  extra?: Partial<User>;
}

export async function createMember(endpoints: Endpoints, label: string, options: MemberOptions = {}): Promise<TestMember> {
  const email = uniqueEmail(label);
  const displayName = options.displayName ?? `${label} member`;
  const client = cognito(endpoints);
  const userPoolId = endpoints.cognito.userPoolId;
  const attributes = { email, name: displayName, ...options.attributes };
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
      MessageAction: 'SUPPRESS',
    }),
  );
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: MEMBER_PASSWORD, Permanent: true }));
  const { accessToken } = await signIn(endpoints, email, MEMBER_PASSWORD);
  const uid = String(decodeJwtPayload(accessToken).sub);
  const inviteCode = generateInviteCode();
  if (options.record !== false) {
    const { createUserWithInviteCode } = await import('#data/members');
    const base = newUserRecord({ uid, email, displayName, inviteCode, invitedBy: null, now: new Date() });
    await createUserWithInviteCode({
      ...base,
      joinedAt: options.joined === false ? null : base.createdAt,
      ...options.extra,
      isSuperuser: options.isSuperuser ?? false,
      location: { ...base.location, ...options.location },
      inviteSystem: { ...base.inviteSystem, ...options.inviteSystem },
    });
  }
  return { uid, email, accessToken, inviteCode };
}

/** A client address of its own, so rate limits of one test never meet another's. */
export function clientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}
