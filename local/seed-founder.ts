import { randomBytes } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  ListUsersCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { User } from '#contracts/user';
import { generateInviteCode } from '#domain/invite-code';
import { newUserRecord } from '#domain/new-user';
import { markFounder } from '#data/member-roles';
import { newPictureKey, PICTURE_CACHE_CONTROL } from '#data/pictures';
import { createUserWithInviteCode, getUser } from '#data/users';
import { ADMIN_GROUP } from '#http/caller';
import type { Founder } from './cloud-files.ts';
import { s3Client } from './s3-local.ts';

export const FOUNDER_EMAIL = 'founder@anchored.local';

/** A 32×32 PNG (a teal disc) so the founder's profile is complete, as the SPA requires a picture. */
const FOUNDER_PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAaElEQVR42mN49u4TTRHDqAXUskAhuwsNUccCTHNJtYmBQtMJ2sFAuen47WCgiul47GCglum47GCgoulY7RhmFlBuOqYdoxaMNAtGMxoxFtC8sKNHcU2PCoceVSY9Kn16NFtGm450sAAAv18iuczt8s0AAAAASUVORK5CYII=',
  'base64',
);

export interface SeedFounderOptions {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  s3Endpoint: string;
  bucket: string;
  /** founder.json of an earlier start, if any. */
  previous: Founder | undefined;
}

/** Long and random, with every character class any password policy might ask for. */
function generatePassword(): string {
  return `${randomBytes(15).toString('base64url')}Aa1!`;
}

function attribute(attributes: AttributeType[] | undefined, name: string): string | undefined {
  return attributes?.find((a) => a.Name === name)?.Value;
}

async function findCognitoSub(cognito: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<string | undefined> {
  // ListUsers with a filter rather than AdminGetUser: "not found" is the normal first-start answer
  // here, and cognito-local logs every UserNotFoundException as a warning.
  const { Users } = await cognito.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${email}"`, Limit: 1 }));
  return attribute(Users?.[0]?.Attributes, 'sub');
}

/** The founder's Cognito account: a confirmed admin with a permanent password (no email sent). */
async function ensureCognitoFounder(cognito: CognitoIdentityProviderClient, userPoolId: string, email: string, password: string): Promise<string> {
  let sub = await findCognitoSub(cognito, userPoolId, email);
  if (!sub) {
    const { User } = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        MessageAction: 'SUPPRESS',
      }),
    );
    sub = attribute(User?.Attributes, 'sub');
    if (!sub) throw new Error('cognito-local created the founder without a sub');
  }
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: ADMIN_GROUP }));
  return sub;
}

function founderRecord(uid: string, email: string, inviteCode: string, profilePicture: string): User {
  const base = newUserRecord({ uid, email, displayName: 'Founder', inviteCode, invitedBy: null, now: new Date() });
  return {
    ...base,
    isVerified: true,
    verificationLevel: 'verified',
    isSuperuser: true,
    isAdmin: true,
    isFounder: true,
    profileCompleted: true,
    profilePicture,
    bio: 'Started this community so neighbours can vouch for each other. Ask me for an invite.',
    birthday: '1990-04-12',
    location: { city: 'Portland', state: 'Oregon', country: 'United States' },
    contactInfo: { ...base.contactInfo, phoneNumber: '555-123-4567', personalEmail: 'founder.personal@example.com' },
  };
}

/** Stored like every member's picture: a served key of its own version, which responses turn into its URL. */
async function uploadPicture(s3Endpoint: string, bucket: string, uid: string): Promise<string> {
  const key = newPictureKey(uid, 'image/png');
  const client = s3Client(s3Endpoint);
  try {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: FOUNDER_PICTURE, ContentType: 'image/png', CacheControl: PICTURE_CACHE_CONTROL }));
  } finally {
    client.destroy();
  }
  return key;
}

/**
 * The founding member, so a fresh clone has someone to sign in as and an invite code to share.
 * The record carries isFounder (the server's mark: no removal takes them); a deployed stack marks
 * its founder with the same data-layer markFounder.
 * Idempotent: a later start finds both halves and returns the saved founder; a start that died
 * half-way finishes the job. The record is written through the same data-layer function the
 * product uses, so it can never drift from what real sign-ups store.
 */
export async function ensureFounder(options: SeedFounderOptions): Promise<Founder> {
  const { cognito, userPoolId, previous } = options;
  const email = previous?.email ?? FOUNDER_EMAIL;
  const existingSub = await findCognitoSub(cognito, userPoolId, email);
  // A record seeded before the founder was marked on the server gets its mark here (idempotent).
  if (previous && existingSub === previous.userId && (await markFounder(previous.userId))) return previous;

  const password = previous?.password ?? generatePassword();
  const userId = await ensureCognitoFounder(cognito, userPoolId, email, password);
  const existing = await getUser(userId);
  if (existing) {
    await markFounder(userId);
    return { email, password, userId, inviteCode: existing.inviteSystem.inviteCode };
  }

  const inviteCode = generateInviteCode();
  const profilePicture = await uploadPicture(options.s3Endpoint, options.bucket, userId);
  await createUserWithInviteCode(founderRecord(userId, email, inviteCode, profilePicture));
  return { email, password, userId, inviteCode };
}
