import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import yauzl from 'yauzl';
import type { CallableOutput } from '../../lambdas/contracts/callables.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { picturesClient } from '../support/removal-community.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { dynamo, tableName } = await import('#data/table');
const { keys } = await import('#data/table');
const { handler: worker } = await import('../../lambdas/jobs/data-export-worker.ts');
const { startExportJob } = await import('#data/exports');

/** Every entry of a zip, by name, as text (pictures as their bytes' length). */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function exportObjects(uid: string): Promise<string[]> {
  const s3 = picturesClient(endpoints);
  try {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: endpoints.s3.bucket, Prefix: `exports/${uid}/` }));
    return (page.Contents ?? []).map((object) => String(object.Key));
  } finally {
    s3.destroy();
  }
}

async function readyExport(member: TestMember): Promise<CallableOutput<'getDataExport'>> {
  await expect.poll(async () => (await ok(endpoints, 'getDataExport', { token: member.accessToken })).status, { timeout: 20_000 }).toBe('ready');
  return ok(endpoints, 'getDataExport', { token: member.accessToken });
}

async function setRecord(uid: string, values: Record<string, unknown>) {
  const names = Object.keys(values);
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#n${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, values[name]])),
    }),
  );
}

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);

describe('data export (requestDataExport → worker → getDataExport)', () => {
  it("zips the member's profile, posts, comments, likes, anchors, invites and pictures, and nothing private of anyone else", async () => {
    const member = await createMember(endpoints, 'export-member', { displayName: 'Export Member' });
    const anchor = await createMember(endpoints, 'export-anchor', { displayName: 'Anchor Friend' });
    const pending = await createMember(endpoints, 'export-pending', { displayName: 'Pending Person' });
    const other = await createMember(endpoints, 'export-other', { displayName: 'Other Writer' });
    await createMember(endpoints, 'export-invitee', { displayName: 'Invited Newcomer', inviteSystem: { invitedBy: member.uid } });
    await setRecord(anchor.uid, { bio: 'anchor-private-bio', contactInfo: { phoneNumber: '555-987-6543', personalEmail: 'anchor-secret@example.com' } });

    await ok(endpoints, 'sendAnchorRequest', { token: member.accessToken, data: { userId: anchor.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: anchor.accessToken, data: { userId: member.uid } });
    await ok(endpoints, 'sendAnchorRequest', { token: member.accessToken, data: { userId: pending.uid } });
    const ownPost = (await ok(endpoints, 'createPost', { token: member.accessToken, data: { content: 'my own export post', privacy: 'anchors' } })).postId;
    await ok(endpoints, 'createPost', { token: other.accessToken, data: { content: 'other-post-text', privacy: 'public' } });
    const otherPost = (await ok(endpoints, 'createPost', { token: anchor.accessToken, data: { content: 'anchor-post-text', privacy: 'anchors' } })).postId;
    await ok(endpoints, 'addComment', { token: member.accessToken, data: { postId: otherPost, content: 'my comment on their post' } });
    await ok(endpoints, 'togglePostLike', { token: member.accessToken, data: { postId: otherPost, liked: true } });
    await ok(endpoints, 'addComment', { token: anchor.accessToken, data: { postId: ownPost, content: 'other-comment-text' } });

    const profileKey = `pictures/${member.uid}/${'p'.repeat(22)}.jpg`;
    const photoKey = `pictures/${member.uid}/${'q'.repeat(22)}.png`;
    const s3 = picturesClient(endpoints);
    await s3.send(new PutObjectCommand({ Bucket: endpoints.s3.bucket, Key: profileKey, Body: JPEG, ContentType: 'image/jpeg' }));
    await s3.send(new PutObjectCommand({ Bucket: endpoints.s3.bucket, Key: photoKey, Body: Buffer.from('png-bytes'), ContentType: 'image/png' }));
    s3.destroy();
    await setRecord(member.uid, { profilePicture: profileKey, photos: [{ id: 'p1', url: photoKey, caption: 'beach', uploadedAt: new Date().toISOString() }] });

    expect(await ok(endpoints, 'getDataExport', { token: member.accessToken })).toMatchObject({ status: 'none', downloadUrl: null });
    const requested = await ok(endpoints, 'requestDataExport', { token: member.accessToken });
    expect(requested).toMatchObject({ started: true, status: 'building', downloadUrl: null });

    const ready = await readyExport(member);
    expect(ready).toMatchObject({ status: 'ready', requestedAt: requested.requestedAt, fileExpiresAt: expect.any(String) });
    expect(Date.parse(String(ready.linkExpiresAt)) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(String(ready.linkExpiresAt)) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    // A presigned GET of the private exports/ prefix, straight from the bucket (s3rver locally), saved as a file.
    expect(ready.downloadUrl).toMatch(
      new RegExp(`^${endpoints.s3.endpoint}/${endpoints.s3.bucket}/exports/${member.uid}/[A-Za-z0-9_-]{22}\\.zip\\?.*X-Amz-Signature=`),
    );

    const response = await fetch(String(ready.downloadUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="anchored-data.zip"');
    const zip = Buffer.from(await response.arrayBuffer());
    expect(zip.length).toBe(ready.sizeBytes);
    const entries = await unzip(zip);
    expect([...entries.keys()].sort()).toEqual(
      [
        'README.txt',
        'anchors.json',
        'comments.json',
        'invites.json',
        'likes.json',
        'pictures/photo-1.png',
        'pictures/profile-picture.jpg',
        'posts.json',
        'profile.json',
        'vouches.json',
      ].sort(),
    );
    const json = (name: string) => JSON.parse(String(entries.get(name))) as unknown;
    expect(json('profile.json')).toMatchObject({ uid: member.uid, displayName: 'Export Member', email: member.email, profilePicture: profileKey });
    expect(json('posts.json')).toEqual([expect.objectContaining({ postId: ownPost, content: 'my own export post', privacy: 'anchors', commentCount: 1 })]);
    expect(json('comments.json')).toEqual([expect.objectContaining({ postId: otherPost, content: 'my comment on their post' })]);
    expect(json('likes.json')).toEqual([{ postId: otherPost, likedAt: expect.any(String) }]);
    expect(json('anchors.json')).toEqual([
      expect.objectContaining({ name: 'Anchor Friend', status: 'accepted', direction: 'sent' }),
      expect.objectContaining({ name: 'Pending Person', status: 'pending', direction: 'sent' }),
    ]);
    expect(json('invites.json')).toEqual({
      inviteCode: member.inviteCode,
      invitesRemaining: expect.any(Number),
      invitesUsed: expect.any(Number),
      invited: [{ name: 'Invited Newcomer', joinedAt: expect.any(String) }],
    });
    expect(json('vouches.json')).toEqual({ received: [], given: [] });
    expect(entries.get('pictures/profile-picture.jpg')).toEqual(JPEG);
    expect(String(entries.get('pictures/photo-1.png'))).toBe('png-bytes');

    // Others appear by name only: no uid, email, contact detail, bio or text of theirs.
    const everything = [...entries.values()].map(String).join('\n');
    for (const secret of [
      anchor.uid,
      anchor.email,
      pending.uid,
      other.uid,
      other.email,
      'anchor-private-bio',
      '555-987-6543',
      'anchor-secret@example.com',
      'other-post-text',
      'other-comment-text',
      'anchor-post-text',
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
    // Nor storage or internal attributes of the record.
    expect(Object.keys(json('profile.json') as object)).not.toEqual(expect.arrayContaining(['pk']));
    for (const internal of ['"pk"', '"nameKey"', '"emailShard"', '"sessionEpoch"', '"blockedIds"']) expect(everything).not.toContain(internal);
  });

  it('makes one export of a double click and of a burst, answers the finished one to a second request the same day, and a new one a day later', async () => {
    const member = await createMember(endpoints, 'export-clicker');
    const answers = await Promise.all(Array.from({ length: 12 }, () => ok(endpoints, 'requestDataExport', { token: member.accessToken })));
    expect(answers.filter((answer) => answer.started)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.requestedAt)).size).toBe(1);
    const first = await readyExport(member);
    expect(await exportObjects(member.uid)).toHaveLength(1);

    // Honest use: asking again after it finished answers the ready export and when a new one may be asked for.
    const again = await ok(endpoints, 'requestDataExport', { token: member.accessToken });
    expect(again).toMatchObject({ started: false, status: 'ready', requestedAt: first.requestedAt });
    expect(Date.parse(String(again.nextExportAt)) - Date.parse(String(first.requestedAt))).toBe(24 * 60 * 60_000);
    expect(await exportObjects(member.uid)).toHaveLength(1);

    // A day later (the job's request time moved back) a new export starts, at a new key.
    const dayAgo = new Date(Date.now() - 24 * 60 * 60_000 - 1000).toISOString();
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.dataExportJob(member.uid),
        UpdateExpression: 'SET requestedAt = :at',
        ExpressionAttributeValues: { ':at': dayAgo },
      }),
    );
    expect(await ok(endpoints, 'requestDataExport', { token: member.accessToken })).toMatchObject({ started: true, status: 'building' });
    const second = await readyExport(member);
    expect(second.downloadUrl).not.toBe(first.downloadUrl);
    expect(await exportObjects(member.uid)).toHaveLength(2);
  });

  it('keeps exports off the served prefix: /pictures never reaches exports/', async () => {
    const member = await createMember(endpoints, 'export-link');
    await ok(endpoints, 'requestDataExport', { token: member.accessToken });
    const { downloadUrl } = await readyExport(member);
    const key = new URL(String(downloadUrl)).pathname.slice(`/${endpoints.s3.bucket}/`.length);
    expect(key).toMatch(new RegExp(`^exports/${member.uid}/`));
    // s3rver checks neither signatures nor expiry (it serves any GET), so the link's own limits are
    // S3's: the bucket's privacy and lifecycle are asserted in test/infra/data-export.test.ts.
    expect((await fetch(`${new URL(endpoints.apiUrl).origin}/pictures/${key}`)).status).toBe(404);
    expect((await fetch(`${new URL(endpoints.apiUrl).origin}/pictures/${key.slice('exports/'.length)}`)).status).toBe(404);
  });

  it('refuses a removed member and one whose removal has begun, and the worker builds nothing for them; removal deletes the exports', async () => {
    const leaving = await createMember(endpoints, 'export-leaving');
    await ok(endpoints, 'requestDataExport', { token: leaving.accessToken });
    await readyExport(leaving);
    expect(await exportObjects(leaving.uid)).toHaveLength(1);

    // The removal mark (a removal or account deletion has begun), then a job that slipped in
    // before it (its worker event still in flight, a day later so the limit lets it start): the worker refuses it.
    await setRecord(leaving.uid, { removalPending: 'someone' });
    const late = await startExportJob(leaving.uid, new Date(Date.now() + 25 * 60 * 60_000));
    expect(late).not.toBeNull();
    expect(await worker({ uid: leaving.uid, exportId: String(late?.exportId) })).toEqual({ status: 'refused' });
    expect(await exportObjects(leaving.uid)).toHaveLength(1);
    for (const name of ['requestDataExport', 'getDataExport'] as const) {
      expectRefusal(await call(endpoints, name, { token: leaving.accessToken }), 404, 'NOT_FOUND', 'User not found');
    }

    const deleting = await createMember(endpoints, 'export-deleting');
    await ok(endpoints, 'requestDataExport', { token: deleting.accessToken });
    await readyExport(deleting);
    expect(await ok(endpoints, 'deleteMyAccount', { token: deleting.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } })).toEqual({ deleted: true });
    expect(await exportObjects(deleting.uid)).toEqual([]);
    expect((await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.dataExportJob(deleting.uid), ConsistentRead: true }))).Item).toBeUndefined();
    expectRefusal(await call(endpoints, 'requestDataExport', { token: deleting.accessToken }), 404, 'NOT_FOUND', 'User not found');
  });

  it('ignores a stale worker event (another export replaced it)', async () => {
    const member = await createMember(endpoints, 'export-stale');
    expect(await worker({ uid: member.uid, exportId: 'not-the-current-one' })).toEqual({ status: 'skipped' });
    expect(await exportObjects(member.uid)).toEqual([]);
  });
});
