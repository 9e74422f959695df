import { request as httpRequest } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import type { CallableInput } from '../../lambdas/contracts/callables.ts';
import type { PictureContentType } from '../../lambdas/contracts/profile.ts';
import { call, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { GIF_1X1, PNG_1X1, postFile } from '../support/picture-uploads.ts';

/**
 * Served pictures: every confirmed picture lives at a key of its own version under pictures/, and
 * the API answers plain URLs of the gateway's /pictures (CloudFront's /pictures/* on AWS). What
 * someone may no longer see moves to a new key, and the old URL stops answering.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');
const { RETIRED_PICTURES } = await import('#data/storage');
const { dynamo, tableName } = await import('#data/table');
const { classifyChange, keys } = await import('#data/table');
const { tableEventOf } = await import('#data/changes');
const { GetCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
const { ListObjectsV2Command, PutObjectCommand } = await import('@aws-sdk/client-s3');
const { s3, bucketName } = await import('#data/table');
const { rekeyPictures, PHOTOS_MOVE_REQUESTED } = await import('#data/storage');
const { followPictures } = await import('../../lambdas/streams/follow-pictures.ts');

const gateway = new URL(endpoints.apiUrl).origin;
const SERVED_URL = new RegExp(`^${gateway}/pictures/[0-9a-f-]{36}/[A-Za-z0-9_-]{22}\\.(png|gif)$`);

const EVERYONE: CallableInput<'updatePrivacy'> = {
  profileVisibility: 'public',
  birthdayVisibility: 'public',
  photosVisibility: 'public',
  contactVisibility: 'friends',
  phoneVisibility: 'friends',
  emailVisibility: 'friends',
};

async function uploadProfilePicture(who: TestMember, bytes = PNG_1X1, contentType: PictureContentType = 'image/png'): Promise<string> {
  await postFile(await ok(endpoints, 'createProfilePictureUpload', { token: who.accessToken, data: { contentType } }), bytes, contentType);
  return (await ok(endpoints, 'confirmProfilePicture', { token: who.accessToken, data: {} })).profilePicture;
}

async function uploadPhoto(who: TestMember, bytes = PNG_1X1, contentType: PictureContentType = 'image/png'): Promise<string> {
  const { uploadId, upload } = await ok(endpoints, 'createPhotoUpload', { token: who.accessToken, data: { contentType } });
  await postFile(upload, bytes, contentType);
  const gallery = await ok(endpoints, 'confirmPhotoUpload', { token: who.accessToken, data: { uploadId } });
  return gallery.photos.at(-1)?.url ?? '';
}

async function status(url: string, method: 'GET' | 'HEAD' = 'GET'): Promise<number> {
  const response = await fetch(url, { method });
  await response.arrayBuffer();
  return response.status;
}

/** A request with the path exactly as written (fetch and URL would resolve `..` first). */
function rawStatus(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(gateway);
    const request = httpRequest({ host: target.hostname, port: target.port, path, method: 'GET' }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

async function retiredKeys(uid: string): Promise<string[]> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }));
  const retired = Item?.[RETIRED_PICTURES];
  return retired instanceof Set ? [...(retired as Set<string>)] : [];
}

describe('served pictures', () => {
  it('a confirmed picture is a plain URL of its own version that fetches its bytes with their type and caching', async () => {
    const member = await createMember(endpoints, 'pictures-served');
    const url = await uploadProfilePicture(member);
    expect(url).toMatch(SERVED_URL);
    expect(url).not.toMatch(/[?#]|X-Amz/i);
    const stored = (await getUser(member.uid))?.profilePicture ?? '';
    expect(url).toBe(`${gateway}/${stored}`);

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, max-age=86400, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG_1X1);
    const head = await fetch(url, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.headers.get('content-length')]).toEqual([200, 'image/png', String(PNG_1X1.length)]);

    // Every read answers the same URL (nothing is signed per read).
    expect((await ok(endpoints, 'getMe', { token: member.accessToken, data: {} })).profilePicture).toBe(url);
    expect((await ok(endpoints, 'getMe', { token: member.accessToken, data: {} })).profilePicture).toBe(url);
  });

  it('a second picture gets a new URL and the old one answers 404; nothing is left retired', async () => {
    const member = await createMember(endpoints, 'pictures-second');
    const first = await uploadProfilePicture(member);
    const second = await uploadProfilePicture(member, GIF_1X1, 'image/gif');
    expect(second).toMatch(SERVED_URL);
    expect(second).not.toBe(first);
    expect(second.endsWith('.gif')).toBe(true);
    expect(await status(first)).toBe(404);
    expect(await status(first, 'HEAD')).toBe(404);
    const response = await fetch(second);
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/gif']);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(GIF_1X1);
    expect(await retiredKeys(member.uid)).toEqual([]);
  });

  it('a confirmation sent three times at once ends with one served picture, no orphan, and no 500', async () => {
    const member = await createMember(endpoints, 'pictures-doubled');
    await uploadProfilePicture(member);
    await postFile(await ok(endpoints, 'createProfilePictureUpload', { token: member.accessToken, data: { contentType: 'image/gif' } }), GIF_1X1, 'image/gif');
    const answers = await Promise.all([1, 2, 3].map(() => call(endpoints, 'confirmProfilePicture', { token: member.accessToken, data: {} })));
    for (const answer of answers) expect([200, 404], JSON.stringify(answer.body)).toContain(answer.status);
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    const record = await getUser(member.uid);
    expect(record?.profilePicture).toMatch(/\.gif$/);
    expect(await objectsOf(member.uid)).toEqual([record?.profilePicture]);
    expect(await retiredKeys(member.uid)).toEqual([]);
  });

  it("a new profile picture reaches the member's posts and comments (from the table's stream)", async () => {
    const member = await createMember(endpoints, 'pictures-author');
    const first = await uploadProfilePicture(member);
    const { postId } = await ok(endpoints, 'createPost', { token: member.accessToken, data: { content: 'with my face', privacy: 'public' } });
    await ok(endpoints, 'addComment', { token: member.accessToken, data: { postId, content: 'and again' } });
    expect((await ok(endpoints, 'getPost', { token: member.accessToken, data: { postId } })).authorPicture).toBe(first);

    const second = await uploadProfilePicture(member, GIF_1X1, 'image/gif');
    await expect
      .poll(async () => (await ok(endpoints, 'getPost', { token: member.accessToken, data: { postId } })).authorPicture, { timeout: 10_000 })
      .toBe(second);
    await expect
      .poll(
        async () => (await ok(endpoints, 'listComments', { token: member.accessToken, data: { postId } })).comments.map((comment) => comment.authorPicture),
        {
          timeout: 10_000,
        },
      )
      .toEqual([second]);
    expect(await status(first)).toBe(404);
  });
});

describe('revocation', () => {
  it('photos whose audience shrinks move to new keys: old URLs 404, the owner sees the new ones; widening moves nothing', async () => {
    const owner = await createMember(endpoints, 'pictures-private');
    const viewer = await createMember(endpoints, 'pictures-viewer');
    await ok(endpoints, 'updatePrivacy', { token: owner.accessToken, data: EVERYONE });
    const picture = await uploadProfilePicture(owner);
    const photo = await uploadPhoto(owner);
    const seen = await ok(endpoints, 'getUserProfile', { token: viewer.accessToken, data: { userId: owner.uid } });
    expect(seen.private === false && seen.photos?.map((entry) => entry.url)).toEqual([photo]);
    expect(await status(photo)).toBe(200);

    const saved = await ok(endpoints, 'updatePrivacy', { token: owner.accessToken, data: { ...EVERYONE, photosVisibility: 'friends' } });
    const moved = saved.photos[0]?.url ?? '';
    expect(moved).toMatch(SERVED_URL);
    expect(moved).not.toBe(photo);
    expect(saved.photos[0]?.id).toBe('photo-1');
    expect(await status(photo)).toBe(404);
    expect(await status(moved)).toBe(200);
    expect((await ok(endpoints, 'getMe', { token: owner.accessToken, data: {} })).photos.map((entry) => entry.url)).toEqual([moved]);
    // The profile picture goes with the name, which every member sees: it stays.
    expect(saved.profilePicture).toBe(picture);
    expect(await status(picture)).toBe(200);
    const hidden = await ok(endpoints, 'getUserProfile', { token: viewer.accessToken, data: { userId: owner.uid } });
    expect(hidden.private === false && hidden.photos).toBeFalsy();

    // Only Me after Anchors Only shrinks again; widening back to Everyone moves nothing.
    const onlyMe =
      (await ok(endpoints, 'updatePrivacy', { token: owner.accessToken, data: { ...EVERYONE, photosVisibility: 'private' } })).photos[0]?.url ?? '';
    expect(onlyMe).not.toBe(moved);
    expect(await status(moved)).toBe(404);
    const widened = (await ok(endpoints, 'updatePrivacy', { token: owner.accessToken, data: EVERYONE })).photos[0]?.url;
    expect(widened).toBe(onlyMe);
    expect(await status(onlyMe)).toBe(200);
    expect(await retiredKeys(owner.uid)).toEqual([]);
  });

  it("an ex-anchor loses Anchors Only photos: un-anchoring moves them (the table's stream), the old URL 404s", async () => {
    const owner = await createMember(endpoints, 'pictures-anchored');
    const anchor = await createMember(endpoints, 'pictures-ex-anchor');
    await ok(endpoints, 'updatePrivacy', { token: owner.accessToken, data: { ...EVERYONE, photosVisibility: 'friends' } });
    const photo = await uploadPhoto(owner);
    await ok(endpoints, 'sendAnchorRequest', { token: anchor.accessToken, data: { userId: owner.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: owner.accessToken, data: { userId: anchor.uid } });
    const seen = await ok(endpoints, 'getUserProfile', { token: anchor.accessToken, data: { userId: owner.uid } });
    expect(seen.private === false && seen.photos?.map((entry) => entry.url)).toEqual([photo]);
    expect(await status(photo)).toBe(200);

    await ok(endpoints, 'removeAnchor', { token: anchor.accessToken, data: { userId: owner.uid } });
    await expect.poll(() => status(photo), { timeout: 10_000 }).toBe(404);
    const now = (await ok(endpoints, 'getMe', { token: owner.accessToken, data: {} })).photos[0];
    expect(now?.id).toBe('photo-1');
    expect(now?.url).toMatch(SERVED_URL);
    expect(await status(now?.url ?? '')).toBe(200);
  });

  it('a burst of anchor removals moves each photo once: one ask on the record, the move made by the stream', async () => {
    const owner = await createMember(endpoints, 'pictures-burst');
    await ok(endpoints, 'updatePrivacy', { token: owner.accessToken, data: { ...EVERYONE, photosVisibility: 'friends' } });
    const photos = [await uploadPhoto(owner), await uploadPhoto(owner, GIF_1X1, 'image/gif')];
    const photoKeys = async () => (await getUser(owner.uid))?.photos.map((photo) => photo.url);
    const stored = await photoKeys();
    // Three of the owner's edges stop being accepted at once, as the stream reads them (three anchors removed in a row).
    const edgeRemoved = (other: string) => {
      const change = classifyChange({
        eventName: 'REMOVE' as const,
        sequenceNumber: `burst-${other}`,
        oldImage: { ...keys.anchorEdge(owner.uid, other), status: 'accepted', direction: 'sent' },
      });
      return followPictures(change, tableEventOf(change));
    };
    await Promise.all(['ex-1', 'ex-2', 'ex-3'].map(edgeRemoved));
    // No move per removal (each would copy every photo): one ask, on the record.
    const asked = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(owner.uid), ConsistentRead: true }));
    expect(asked.Item?.[PHOTOS_MOVE_REQUESTED]).toEqual(expect.any(String));
    expect(await photoKeys()).toEqual(stored);
    // The stream reaches the ask's own change and moves each photo once; every saved URL stops working.
    await expect.poll(async () => (await Promise.all(photos.map((url) => status(url)))).join(','), { timeout: 15_000 }).toBe('404,404');
    const moved = (await ok(endpoints, 'getMe', { token: owner.accessToken, data: {} })).photos.map((photo) => photo.url);
    expect(moved).toHaveLength(2);
    for (const url of moved) expect(await status(url)).toBe(200);
    const movedKeys = await photoKeys();
    expect(movedKeys?.some((key) => stored?.includes(key))).toBe(false);
    const after = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(owner.uid), ConsistentRead: true }));
    expect(after.Item?.[PHOTOS_MOVE_REQUESTED]).toBeUndefined();
    expect(await retiredKeys(owner.uid)).toEqual([]);
    // Photos everyone may see have no ex-anchor to hide from: no ask at all.
    await ok(endpoints, 'updatePrivacy', { token: owner.accessToken, data: EVERYONE });
    await edgeRemoved('ex-4');
    const open = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(owner.uid), ConsistentRead: true }));
    expect(open.Item?.[PHOTOS_MOVE_REQUESTED]).toBeUndefined();
    expect(await photoKeys()).toEqual(movedKeys);
  });

  it("a deleted account's pictures answer 404", async () => {
    const member = await createMember(endpoints, 'pictures-deleted');
    const picture = await uploadProfilePicture(member);
    const photo = await uploadPhoto(member, GIF_1X1, 'image/gif');
    expect([await status(picture), await status(photo)]).toEqual([200, 200]);
    await ok(endpoints, 'deleteMyAccount', { token: member.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } });
    await expect.poll(async () => [await status(picture), await status(photo)], { timeout: 20_000 }).toEqual([404, 404]);
  });
});

describe('the gateway serves only served keys', () => {
  it('refuses staged uploads, other prefixes, folders, unknown names and traversal with 404', async () => {
    const member = await createMember(endpoints, 'pictures-gateway');
    const served = new URL(await uploadProfilePicture(member)).pathname;
    // A staged upload that exists in the bucket.
    await postFile(await ok(endpoints, 'createProfilePictureUpload', { token: member.accessToken, data: { contentType: 'image/png' } }), PNG_1X1, 'image/png');
    const staged = `uploads/${member.uid}/profile-picture`;
    const version = served.split('/').at(-1) ?? '';
    const paths = [
      `/${staged}`,
      `/pictures/../${staged}`,
      `/pictures/%2e%2e/${staged}`,
      `/pictures/${member.uid}/..%2f..%2f${staged}`,
      `/pictures/${member.uid}/%2e%2e/%2e%2e/${staged}`,
      `/pictures/${member.uid}/`,
      '/pictures/',
      `/pictures/${member.uid}`,
      `/pictures/${member.uid}/${version.replace(/\.png$/, '.gif')}`,
      `/pictures/${member.uid}/${version}/x`,
      `/users/${member.uid}/profile-picture.jpg`,
    ];
    for (const path of paths) expect(await rawStatus(path), path).toBe(404);
    expect(await rawStatus(served)).toBe(200);
  });

  it('answers only GET and HEAD', async () => {
    const member = await createMember(endpoints, 'pictures-methods');
    const url = await uploadProfilePicture(member);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await fetch(url, { method });
      await response.arrayBuffer();
      expect(response.status, method).toBe(404);
    }
    expect(await status(url)).toBe(200);
  });
});

async function objectsOf(uid: string): Promise<string[]> {
  const { Contents } = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: `pictures/${uid}/` }));
  return (Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe('rekeyPictures (the data layer: blocking will call it)', () => {
  it("'all' moves the profile picture and the photos; posts follow; every old URL 404s", async () => {
    const member = await createMember(endpoints, 'pictures-rekey-all');
    const picture = await uploadProfilePicture(member);
    const photo = await uploadPhoto(member);
    const { postId } = await ok(endpoints, 'createPost', { token: member.accessToken, data: { content: 'before the move', privacy: 'public' } });

    const outcome = await rekeyPictures(member.uid, 'all');
    expect(outcome.kind).toBe('saved');
    const me = await ok(endpoints, 'getMe', { token: member.accessToken, data: {} });
    expect(me.profilePicture).not.toBe(picture);
    expect(me.photos.map((entry) => [entry.id, entry.url === photo])).toEqual([['photo-1', false]]);
    expect([await status(picture), await status(photo), await status(me.profilePicture), await status(me.photos[0]?.url ?? '')]).toEqual([404, 404, 200, 200]);
    const record = await getUser(member.uid);
    expect(await objectsOf(member.uid)).toEqual([record?.profilePicture, record?.photos[0]?.url].sort());
    await expect
      .poll(async () => (await ok(endpoints, 'getPost', { token: member.accessToken, data: { postId } })).authorPicture, { timeout: 10_000 })
      .toBe(me.profilePicture);
  });

  it('finishes what a run cut short left retired, and moves a picture stored before versions to a served key', async () => {
    const member = await createMember(endpoints, 'pictures-rekey-retry');
    const photo = await uploadPhoto(member);
    // A run that died after its write and before its deletes: the record names the new key and
    // still lists the old one as retired, whose object is still there.
    const leftover = `pictures/${member.uid}/${'L'.repeat(22)}.png`;
    const legacy = `users/${member.uid}/profile-picture.jpg`;
    await Promise.all([leftover, legacy].map((Key) => s3().send(new PutObjectCommand({ Bucket: bucketName(), Key, Body: PNG_1X1, ContentType: 'image/png' }))));
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(member.uid),
        UpdateExpression: 'SET profilePicture = :legacy ADD #retired :leftover',
        ExpressionAttributeNames: { '#retired': RETIRED_PICTURES },
        ExpressionAttributeValues: { ':legacy': legacy, ':leftover': new Set([leftover]) },
      }),
    );
    // Stored before versions, the picture is not served: the member shows as having none.
    expect((await ok(endpoints, 'getMe', { token: member.accessToken, data: {} })).profilePicture).toBe('');

    expect((await rekeyPictures(member.uid, 'all')).kind).toBe('saved');
    const record = await getUser(member.uid);
    expect(record?.profilePicture).toMatch(/^pictures\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{22}\.png$/);
    expect(await retiredKeys(member.uid)).toEqual([]);
    expect(await objectsOf(member.uid)).toEqual([record?.profilePicture, record?.photos[0]?.url].sort());
    const { Contents } = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: `users/${member.uid}/` }));
    expect(Contents ?? []).toEqual([]);
    expect(await status(photo)).toBe(404);
    const shown = await fetch((await ok(endpoints, 'getMe', { token: member.accessToken, data: {} })).profilePicture);
    expect([shown.status, shown.headers.get('content-type'), shown.headers.get('cache-control')]).toEqual([
      200,
      'image/png',
      'private, max-age=86400, immutable',
    ]);
  });

  it('races photo uploads and deletes without losing, doubling or orphaning a picture', async () => {
    const member = await createMember(endpoints, 'pictures-rekey-race');
    await uploadPhoto(member);
    await uploadPhoto(member);
    const staged = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const { uploadId, upload } = await ok(endpoints, 'createPhotoUpload', { token: member.accessToken, data: { contentType: 'image/png' } });
        await postFile(upload, PNG_1X1, 'image/png');
        return uploadId;
      }),
    );
    const outcomes = await Promise.all([
      rekeyPictures(member.uid, 'photos'),
      rekeyPictures(member.uid, 'photos'),
      ...staged.map((uploadId) => ok(endpoints, 'confirmPhotoUpload', { token: member.accessToken, data: { uploadId } })),
      ok(endpoints, 'deletePhoto', { token: member.accessToken, data: { photoId: 'photo-1' } }),
    ]);
    expect(outcomes.slice(0, 2).map((outcome) => (outcome as { kind: string }).kind)).toEqual(['saved', 'saved']);
    const record = await getUser(member.uid);
    // Confirmations racing each other take their numbers in any order.
    expect(record?.photos.map((entry) => entry.id).toSorted()).toEqual(['photo-2', 'photo-3', 'photo-4', 'photo-5', 'photo-6']);
    expect(await objectsOf(member.uid)).toEqual((record?.photos.map((entry) => entry.url) ?? []).sort());
    expect(await retiredKeys(member.uid)).toEqual([]);
  });

  it("answers 'gone' for a member without a record and moves nothing", async () => {
    expect(await rekeyPictures('no-such-member', 'all')).toEqual({ kind: 'gone' });
  });
});
