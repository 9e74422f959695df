import { describe, expect, inject, it, vi } from 'vitest';
import type * as Pictures from '#data/storage';
import { ok } from '../support/callable-client.ts';
import { invokeHandler } from '../support/invoke-handler.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { decodeJwtPayload } from '../support/local-cloud-tokens.ts';
import { GIF_1X1, postFile } from '../support/picture-uploads.ts';

/**
 * A confirmation reads its upload twice: its size, then its first bytes. A doubled confirmation (a
 * double-click, a retry after a lost answer) can finish, and delete the upload, between the two.
 * Here the other confirmation runs to its end at that exact moment (right after the size read):
 * the late one answers as a repeat does (404 for the profile picture, the gallery for a photo),
 * never a 500, and leaves no copy behind.
 */

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
process.env.PICTURES_URL = `${new URL(endpoints.apiUrl).origin}/pictures`;

const race: { afterSize?: () => Promise<void> } = {};
vi.mock('../../lambdas/data/storage/pictures.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Pictures>();
  return {
    ...real,
    pictureSize: async (key: string) => {
      const size = await real.pictureSize(key);
      const hook = race.afterSize;
      race.afterSize = undefined;
      await hook?.();
      return size;
    },
  };
});

const { getUser } = await import('#data/members');
const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
const { s3, bucketName } = await import('#data/table');

/** Every object of the member's (served pictures and staged uploads). */
async function objectsOf(uid: string): Promise<string[]> {
  const prefixes = [`pictures/${uid}/`, `uploads/${uid}/`];
  const listed = await Promise.all(prefixes.map((Prefix) => s3().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix }))));
  return listed.flatMap(({ Contents }) => (Contents ?? []).map((object) => object.Key ?? '')).sort();
}

function claimsOf(member: TestMember) {
  return decodeJwtPayload(member.accessToken);
}

describe('a confirmation whose upload a doubled one finished between its two reads', () => {
  it('the profile picture: the late one answers 404 (no upload), the first one stands, nothing is left over', async () => {
    const member = await createMember(endpoints, 'confirm-race-profile');
    await postFile(await ok(endpoints, 'createProfilePictureUpload', { token: member.accessToken, data: { contentType: 'image/gif' } }), GIF_1X1, 'image/gif');
    let first: Awaited<ReturnType<typeof invokeHandler<'confirmProfilePicture'>>> | undefined;
    race.afterSize = async () => {
      first = await invokeHandler('confirmProfilePicture', claimsOf(member));
    };
    const late = await invokeHandler('confirmProfilePicture', claimsOf(member));
    expect(first?.status).toBe(200);
    expect(late).toMatchObject({ status: 404, body: { error: { message: 'No uploaded picture was found. Please upload it again.' } } });
    const record = await getUser(member.uid);
    expect(record?.profilePicture).toMatch(/\.gif$/);
    expect(await objectsOf(member.uid)).toEqual([record?.profilePicture]);
  });

  it('a photo: the late one answers with the gallery holding the photo once; nothing is left over', async () => {
    const member = await createMember(endpoints, 'confirm-race-photo');
    const { uploadId, upload } = await ok(endpoints, 'createPhotoUpload', { token: member.accessToken, data: { contentType: 'image/gif' } });
    await postFile(upload, GIF_1X1, 'image/gif');
    let first: Awaited<ReturnType<typeof invokeHandler<'confirmPhotoUpload'>>> | undefined;
    race.afterSize = async () => {
      first = await invokeHandler('confirmPhotoUpload', claimsOf(member), { uploadId });
    };
    const late = await invokeHandler('confirmPhotoUpload', claimsOf(member), { uploadId });
    expect(first?.status).toBe(200);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body).toEqual(first?.body);
    const record = await getUser(member.uid);
    expect(record?.photos).toHaveLength(1);
    expect(await objectsOf(member.uid)).toEqual([record?.photos[0]?.url]);
  });
});
