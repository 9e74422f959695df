import { randomUUID } from 'node:crypto';
import { GetBucketVersioningCommand, ListObjectsV2Command, ListObjectVersionsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * The removal's file deletion (lambdas/data/storage/member-files.ts) on s3rver, the local cloud's S3.
 * s3rver keeps no versions: it answers GetBucketVersioning with no Status and refuses
 * ListObjectVersions, so here the deletion takes the plain listing, as on a bucket never versioned.
 * What it does on the versioned AWS bucket is tested against a model in
 * test/unit/lambdas/member-files.test.ts; versioning itself is asserted in test/infra/storage.test.ts.
 * Neither is run against real S3 here.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { bucketName, s3 } = await import('#data/table');
const { deleteMemberFiles, memberFilesPrefixes } = await import('#data/storage');

async function keysUnder(prefix: string): Promise<string[]> {
  const { Contents } = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: prefix }));
  return (Contents ?? []).map((object) => object.Key ?? '');
}

describe("a member's files on the local cloud's S3 (s3rver)", () => {
  it('reports no versioning and refuses to list versions, so nothing here can pretend to test them', async () => {
    expect((await s3().send(new GetBucketVersioningCommand({ Bucket: bucketName() }))).Status).toBeUndefined();
    await expect(s3().send(new ListObjectVersionsCommand({ Bucket: bucketName(), Prefix: 'pictures/' }))).rejects.toMatchObject({ name: 'MethodNotAllowed' });
  });

  it("deletes everything under the member's prefixes, and leaves a neighbour's (paging: the unit test)", async () => {
    const uid = `files-${randomUUID()}`;
    const neighbour = `${uid}0`;
    const put = (Key: string) => s3().send(new PutObjectCommand({ Bucket: bucketName(), Key, Body: 'x' }));
    await Promise.all(Array.from({ length: 12 }, (_, index) => put(`pictures/${uid}/${index}.jpg`)));
    await Promise.all(
      memberFilesPrefixes(uid)
        .slice(1)
        .map((prefix) => put(`${prefix}file`)),
    );
    await put(`pictures/${neighbour}/kept.jpg`);

    expect(await deleteMemberFiles(uid)).toBe(15);
    for (const prefix of memberFilesPrefixes(uid)) expect(await keysUnder(prefix), prefix).toEqual([]);
    expect(await keysUnder(`pictures/${neighbour}/`)).toEqual([`pictures/${neighbour}/kept.jpg`]);
    expect(await deleteMemberFiles(uid)).toBe(0);
  });
});
