import { describe, expect, inject, it, vi } from 'vitest';
import type * as Pictures from '#data/storage';
import { ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { PNG_1X1, postFile } from '../support/picture-uploads.ts';

/**
 * Moving a member's pictures to new keys (a block, an audience that shrank; lambdas/data/
 * picture-versions.ts) copies each one, then names the copies in one write. Here S3 fails part of
 * the way (a throttle on one copy, then on the clean-up's first delete): the move fails as a whole
 * and leaves no copy that nothing names, and a retry moves every picture.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);

const throttle = () => Object.assign(new Error('Please reduce your request rate.'), { name: 'SlowDown' });
/** failCopyNumber: that copy fails; landed: it fails after S3 made it (a timeout after the request was applied). */
const faults = { failCopyNumber: 0, landed: false, failDeletes: 0, copies: 0, deletes: 0 };
vi.mock('../../lambdas/data/storage/pictures.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Pictures>();
  return {
    ...real,
    copyPicture: async (...args: Parameters<typeof real.copyPicture>) => {
      faults.copies += 1;
      if (faults.copies !== faults.failCopyNumber) return real.copyPicture(...args);
      if (faults.landed) await real.copyPicture(...args);
      throw throttle();
    },
    deletePicture: async (key: string) => {
      faults.deletes += 1;
      if (faults.deletes <= faults.failDeletes) throw throttle();
      return real.deletePicture(key);
    },
  };
});

const { rekeyPictures } = await import('#data/storage');
const { getUser } = await import('#data/members');
const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
const { s3, bucketName } = await import('#data/table');

/** A member with a profile picture and two gallery photos, each confirmed through the gateway. */
async function memberWithPictures(label: string): Promise<TestMember> {
  const member = await createMember(endpoints, label);
  const token = member.accessToken;
  await postFile(await ok(endpoints, 'createProfilePictureUpload', { token, data: { contentType: 'image/png' } }), PNG_1X1, 'image/png');
  await ok(endpoints, 'confirmProfilePicture', { token, data: {} });
  for (let photo = 0; photo < 2; photo++) {
    const { uploadId, upload } = await ok(endpoints, 'createPhotoUpload', { token, data: { contentType: 'image/png' } });
    await postFile(upload, PNG_1X1, 'image/png');
    await ok(endpoints, 'confirmPhotoUpload', { token, data: { uploadId } });
  }
  return member;
}

async function servedObjects(uid: string): Promise<string[]> {
  const { Contents } = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: `pictures/${uid}/` }));
  return (Contents ?? []).map((object) => object.Key ?? '').sort();
}

async function namedPictures(uid: string): Promise<string[]> {
  const user = await getUser(uid);
  return [user?.profilePicture ?? '', ...(user?.photos.map((photo) => photo.url) ?? [])].sort();
}

describe('moving pictures to new keys when S3 fails part of the way', () => {
  it.each([
    ['fails', false],
    ['lands, then times out,', true],
  ])('a copy that %s fails the move and leaves no unnamed copy (its clean-up retried through a fault); a retry moves all three', async (_, landed) => {
    const member = await memberWithPictures(`moves-faults-${String(landed)}`);
    const before = await namedPictures(member.uid);
    expect(before).toHaveLength(3);
    expect(await servedObjects(member.uid)).toEqual(before);

    Object.assign(faults, { failCopyNumber: faults.copies + 2, landed, failDeletes: faults.deletes + 1 });
    await expect(rekeyPictures(member.uid, 'all')).rejects.toMatchObject({ name: 'SlowDown' });
    expect(await namedPictures(member.uid)).toEqual(before);
    expect(await servedObjects(member.uid)).toEqual(before);

    Object.assign(faults, { failCopyNumber: 0, failDeletes: 0 });
    expect(await rekeyPictures(member.uid, 'all')).toMatchObject({ kind: 'saved' });
    const after = await namedPictures(member.uid);
    expect(after.filter((key) => before.includes(key))).toEqual([]);
    expect(await servedObjects(member.uid)).toEqual(after);
  });
});
