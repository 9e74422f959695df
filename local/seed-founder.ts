import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { newPictureKey, PICTURE_CACHE_CONTROL } from '#data/storage';
import type { Founder } from './cloud-files.ts';
import { ensureFounder as ensureStageFounder } from './founder/ensure-founder.ts';
import { generatePassword } from './founder/founder-account.ts';
import type { FounderProfile } from './founder/founder-record.ts';
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
  tableName: string;
  s3Endpoint: string;
  bucket: string;
  /** founder.json of an earlier start, if any. */
  previous: Founder | undefined;
}

/** A complete profile, so a fresh clone's founder goes straight to the dashboard (the SPA asks for a picture first). */
async function demoProfile(options: SeedFounderOptions, uid: string): Promise<FounderProfile> {
  return {
    profileCompleted: true,
    profilePicture: await uploadPicture(options.s3Endpoint, options.bucket, uid),
    bio: 'Started this community so neighbours can vouch for each other. Ask me for an invite.',
    birthday: '1990-04-12',
    location: { city: 'Portland', state: 'Oregon', country: 'United States' },
    contactInfo: { phoneNumber: '555-123-4567', personalEmail: 'founder.personal@example.com', isPhoneVisible: false, isEmailVisible: false },
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
 * The very path `npm run founder` takes on a deployed stage (local/founder/ensure-founder.ts),
 * with a demo profile and the password kept in founder.json. Idempotent: a later start finds both
 * halves and changes nothing; a start that died half-way finishes the job; a lost founder.json
 * gets the account a new password.
 */
export async function ensureFounder(options: SeedFounderOptions): Promise<Founder> {
  const { previous } = options;
  const outcome = await ensureStageFounder(
    { cognito: options.cognito, userPoolId: options.userPoolId, tableName: options.tableName },
    {
      email: previous?.email ?? FOUNDER_EMAIL,
      displayName: 'Founder',
      newPassword: previous?.password ?? generatePassword(),
      resetPassword: !previous,
      profile: (uid) => demoProfile(options, uid),
    },
  );
  const password = outcome.passwordSet ?? previous?.password;
  if (!password) throw new Error('The founder has no known password');
  return { email: outcome.email, password, userId: outcome.userId, inviteCode: outcome.inviteCode };
}
