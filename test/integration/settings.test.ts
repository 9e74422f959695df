import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import type { CallableInput } from '../../lambdas/contracts/callables.ts';
import { PICTURE_NOT_IMAGE_MESSAGE, type PictureContentType } from '../../lambdas/contracts/profile.ts';
import { MAX_PHOTOS, SETTINGS_MESSAGES } from '../../lambdas/contracts/settings.ts';
import { call, callRaw, expectRefusal, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { getUser } = await import('#data/members');
const { s3, bucketName } = await import('#data/table');

const gateway = new URL(endpoints.apiUrl).origin;
/** A served key of one member: pictures/{uid}/{version}.{ext} (lambdas/data/table/keys.ts). */
const servedKey = (uid: string, ext = 'png') => new RegExp(`^pictures/${uid}/[A-Za-z0-9_-]{22}\\.${ext}$`);
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const AUSTIN = { city: 'Austin', state: 'Texas' };

function member(label: string) {
  return createMember(endpoints, label, { location: AUSTIN });
}

async function objectKeysUnder(prefix: string): Promise<string[]> {
  const { Contents } = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: prefix }));
  return (Contents ?? []).map((object) => object.Key ?? '').sort();
}

async function postFile(grant: { url: string; fields: Record<string, string> }, bytes: Buffer, contentType: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: contentType }), 'photo');
  const posted = await fetch(grant.url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
}

/** Upload without confirming: the staged file and its upload id. */
async function stagePhoto(who: TestMember, bytes: Buffer = PNG_1X1, contentType: PictureContentType = 'image/png'): Promise<string> {
  const { uploadId, upload } = await ok(endpoints, 'createPhotoUpload', { token: who.accessToken, data: { contentType } });
  await postFile(upload, bytes, contentType);
  return uploadId;
}

function confirmPhoto(who: TestMember, uploadId: string) {
  return call(endpoints, 'confirmPhotoUpload', { token: who.accessToken, data: { uploadId } });
}

const PROFILE = {
  displayName: 'Renamed Rita',
  birthday: '1990-04-05',
  graduationYear: 2012,
  major: 'Botany',
  bio: 'Grows tomatoes.',
  location: { city: '  san   antonio ', state: 'tx' },
  contactInfo: { phoneNumber: '555-222-3333', personalEmail: 'rita@example.com' },
};

describe('updateProfile', () => {
  it("saves the caller's own basic info, location and contact info, normalized, and search follows the new name", async () => {
    const rita = await member('settings-rita');
    const saved = await ok(endpoints, 'updateProfile', { token: rita.accessToken, data: PROFILE });
    expect(saved).toMatchObject({
      uid: rita.uid,
      displayName: 'Renamed Rita',
      birthday: '1990-04-05',
      graduationYear: 2012,
      major: 'Botany',
      bio: 'Grows tomatoes.',
      location: { city: 'San Antonio', state: 'Texas', country: 'United States' },
      contactInfo: { phoneNumber: '555-222-3333', personalEmail: 'rita@example.com' },
    });
    const stored = await getUser(rita.uid);
    expect(stored).toMatchObject({ displayName: 'Renamed Rita', location: { city: 'San Antonio', state: 'Texas' }, graduationYear: 2012 });

    const searcher = await member('settings-searcher');
    const found = await ok(endpoints, 'searchUsers', { token: searcher.accessToken, data: { query: 'renamed ri' } });
    expect(found.users.map((result) => result.uid)).toContain(rita.uid);
    const byOldName = await ok(endpoints, 'searchUsers', { token: searcher.accessToken, data: { query: 'settings-rita' } });
    expect(byOldName.users.map((result) => result.uid)).not.toContain(rita.uid);

    // Clearing the optional parts is allowed.
    const cleared = await ok(endpoints, 'updateProfile', {
      token: rita.accessToken,
      data: { ...PROFILE, birthday: '', graduationYear: null, major: '', bio: '', contactInfo: { phoneNumber: '', personalEmail: '' } },
    });
    expect(cleared).toMatchObject({ birthday: '', graduationYear: null, major: '', bio: '', contactInfo: { phoneNumber: '', personalEmail: '' } });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const bea = await member('settings-bea');
    const before = await getUser(bea.uid);
    const cases: [CallableInput<'updateProfile'>, string][] = [
      [{ ...PROFILE, bio: 'x'.repeat(301) }, 'Bio must be at most 300 characters'],
      [{ ...PROFILE, displayName: '   ' }, 'Name is required'],
      [{ ...PROFILE, graduationYear: 1850 }, 'Graduation year must be 1900 or later'],
      [{ ...PROFILE, graduationYear: 2012.5 }, 'Graduation year must be a whole year'],
      [{ ...PROFILE, graduationYear: 3000 }, 'Graduation year is too far in the future'],
      [{ ...PROFILE, contactInfo: { phoneNumber: '5552223333', personalEmail: '' } }, 'Please enter a valid phone number in the format: 555-123-4567'],
      [{ ...PROFILE, contactInfo: { phoneNumber: '', personalEmail: 'not-an-address' } }, 'Please enter a valid email address'],
      [{ ...PROFILE, location: { city: 'Austin', state: 'Narnia' } }, SETTINGS_MESSAGES.stateUnknown],
      [{ ...PROFILE, birthday: '2999-01-01' }, 'Your birthday cannot be in the future'],
    ];
    for (const [data, message] of cases) {
      expectRefusal(await call(endpoints, 'updateProfile', { token: bea.accessToken, data }), 400, 'INVALID_ARGUMENT', expect.stringContaining(message));
    }
    expect(await getUser(bea.uid)).toEqual(before);
  });

  it('refuses every field a member must never set (strict schemas)', async () => {
    const eve = await member('settings-eve');
    const forbidden: Record<string, unknown>[] = [
      { isAdmin: true },
      { isSuperuser: true },
      { anchorCount: 0 },
      { inviteSystem: { invitesRemaining: 1000 } },
      { uid: 'someone-else' },
      { email: 'other@example.com' },
      { profileCompleted: true },
      { photos: [] },
      { privacy: { profileVisibility: 'public' } },
    ];
    for (const extra of forbidden) {
      const refused = await callRaw(endpoints, 'updateProfile', { token: eve.accessToken, data: { ...PROFILE, ...extra } });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
    }
    const nested = await callRaw(endpoints, 'updateProfile', {
      token: eve.accessToken,
      data: { ...PROFILE, contactInfo: { ...PROFILE.contactInfo, isPhoneVisible: true } },
    });
    expect(nested.status).toBe(400);
    const privacyExtra = await callRaw(endpoints, 'updatePrivacy', {
      token: eve.accessToken,
      data: { ...PRIVACY, isAdmin: true },
    });
    expect(privacyExtra.status).toBe(400);
    expect(await getUser(eve.uid)).toMatchObject({ isAdmin: false, isSuperuser: false, displayName: 'settings-eve member' });
  });

  it('refuses an anonymous caller (401)', async () => {
    expect((await call(endpoints, 'updateProfile', { data: PROFILE })).status).toBe(401);
    expect((await call(endpoints, 'updatePrivacy', { data: PRIVACY })).status).toBe(401);
    expect((await call(endpoints, 'createPhotoUpload', { data: { contentType: 'image/png' } })).status).toBe(401);
  });
});

const PRIVACY = {
  profileVisibility: 'public',
  birthdayVisibility: 'private',
  photosVisibility: 'public',
  contactVisibility: 'friends',
  phoneVisibility: 'private',
  emailVisibility: 'friends',
} as const;

describe('updatePrivacy', () => {
  it('saves the six settings and allows only their options', async () => {
    const pat = await member('settings-pat');
    expect(await ok(endpoints, 'updatePrivacy', { token: pat.accessToken, data: PRIVACY })).toMatchObject({ privacy: PRIVACY });
    expect((await getUser(pat.uid))?.privacy).toEqual(PRIVACY);
    for (const field of ['contactVisibility', 'phoneVisibility', 'emailVisibility']) {
      const refused = await callRaw(endpoints, 'updatePrivacy', { token: pat.accessToken, data: { ...PRIVACY, [field]: 'public' } });
      expect(refused.status, field).toBe(400);
    }
    expect((await callRaw(endpoints, 'updatePrivacy', { token: pat.accessToken, data: { ...PRIVACY, profileVisibility: 'everyone' } })).status).toBe(400);
    const { photosVisibility: _omitted, ...missingOne } = PRIVACY;
    expect((await callRaw(endpoints, 'updatePrivacy', { token: pat.accessToken, data: missingOne })).status).toBe(400);
    expect((await getUser(pat.uid))?.privacy).toEqual(PRIVACY);
  });
});

describe('photos', () => {
  it('uploads, confirms into a served key of its own version, answers its plain URL, and deletes only its own', async () => {
    const owner = await member('photos-owner');
    const first = await ok(endpoints, 'confirmPhotoUpload', { token: owner.accessToken, data: { uploadId: await stagePhoto(owner) } });
    expect(first).toMatchObject({ count: 1, max: MAX_PHOTOS });
    expect(first.photos[0]?.id).toBe('photo-1');
    expect(first.photos[0]?.url).toMatch(new RegExp(`^${gateway}/pictures/${owner.uid}/[A-Za-z0-9_-]{22}\\.png$`));
    const served = await fetch(first.photos[0]?.url ?? '');
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const second = await ok(endpoints, 'confirmPhotoUpload', { token: owner.accessToken, data: { uploadId: await stagePhoto(owner) } });
    expect(second.photos.map((photo) => photo.id)).toEqual(['photo-1', 'photo-2']);
    // The record stores keys, never URLs: each photo its own.
    const keys = (await getUser(owner.uid))?.photos.map((photo) => photo.url) ?? [];
    expect(keys).toEqual([expect.stringMatching(servedKey(owner.uid)), expect.stringMatching(servedKey(owner.uid))]);
    expect(new Set(keys).size).toBe(2);
    // getMe carries the gallery with the same URLs (nothing is signed per read).
    const me = await ok(endpoints, 'getMe', { token: owner.accessToken });
    expect(me.photos.map((photo) => photo.id)).toEqual(['photo-1', 'photo-2']);
    expect(me.photos.map((photo) => photo.url)).toEqual(second.photos.map((photo) => photo.url));
    expect(me.photos[0]?.url).toBe(`${gateway}/${keys[0]}`);

    // Someone else cannot delete it: the id is looked up in the caller's own gallery only.
    const other = await member('photos-other');
    const notTheirs = await call(endpoints, 'deletePhoto', { token: other.accessToken, data: { photoId: 'photo-1' } });
    expectRefusal(notTheirs, 404, 'NOT_FOUND', SETTINGS_MESSAGES.photoNotFound);
    // Nor confirm someone else's staged upload: the staging key is under the caller's own uid.
    const staged = await stagePhoto(owner);
    expect((await confirmPhoto(other, staged)).status).toBe(404);

    const afterDelete = await ok(endpoints, 'deletePhoto', { token: owner.accessToken, data: { photoId: 'photo-1' } });
    expect(afterDelete.photos.map((photo) => photo.id)).toEqual(['photo-2']);
    expect(await objectKeysUnder(`pictures/${owner.uid}/`)).toEqual([keys[1]]);
    expect((await fetch(first.photos[0]?.url ?? '')).status).toBe(404);
    expect((await call(endpoints, 'deletePhoto', { token: owner.accessToken, data: { photoId: 'photo-1' } })).status).toBe(404);

    // Numbers are never reused.
    const third = await ok(endpoints, 'confirmPhotoUpload', { token: owner.accessToken, data: { uploadId: staged } });
    expect(third.photos.map((photo) => photo.id)).toEqual(['photo-2', 'photo-3']);
  });

  it('grants uploads for JPEG, PNG, WebP and GIF only, each signed for its own type; SVG and the rest are refused with the message', async () => {
    const owner = await member('photos-types');
    const refusal = { status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: `Invalid request: contentType: ${PICTURE_NOT_IMAGE_MESSAGE}` } } };
    for (const contentType of ['image/svg+xml', 'IMAGE/SVG+XML', 'text/html', 'image/heic', 'image/jpeg; charset=utf-8', 'image/x-icon']) {
      expect(await callRaw(endpoints, 'createPhotoUpload', { token: owner.accessToken, data: { contentType } }), contentType).toMatchObject(refusal);
      for (const purpose of ['setup', 'settings']) {
        const picture = await callRaw(endpoints, 'createProfilePictureUpload', { token: owner.accessToken, data: { contentType, purpose } });
        expect(picture, contentType).toMatchObject(refusal);
      }
    }
    const policyConditions = (fields: Record<string, string>) =>
      (JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString('utf8')) as { conditions: unknown[] }).conditions;
    for (const contentType of ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const) {
      const photo = await ok(endpoints, 'createPhotoUpload', { token: owner.accessToken, data: { contentType } });
      const picture = await ok(endpoints, 'createProfilePictureUpload', { token: owner.accessToken, data: { contentType, purpose: 'settings' } });
      for (const fields of [photo.upload.fields, picture.fields]) {
        expect(fields['Content-Type']).toBe(contentType);
        expect(policyConditions(fields)).toContainEqual({ 'Content-Type': contentType });
      }
    }
  });

  it('stages uploads under uploads/{uid}/ (which S3 expires after a day) and copies them to pictures/{uid}/ on confirmation', async () => {
    const owner = await member('photos-staging');
    const uploadId = await stagePhoto(owner);
    expect(await objectKeysUnder(`uploads/${owner.uid}/`)).toEqual([`uploads/${owner.uid}/photo-${uploadId}`]);
    expect(await objectKeysUnder(`pictures/${owner.uid}/`)).toEqual([]);
    await ok(endpoints, 'confirmPhotoUpload', { token: owner.accessToken, data: { uploadId } });
    expect(await objectKeysUnder(`uploads/${owner.uid}/`)).toEqual([]);
    const photoKey = (await getUser(owner.uid))?.photos[0]?.url ?? '';
    expect(await objectKeysUnder(`pictures/${owner.uid}/`)).toEqual([photoKey]);

    const grant = await ok(endpoints, 'createProfilePictureUpload', { token: owner.accessToken, data: { contentType: 'image/png', purpose: 'settings' } });
    expect(grant.fields.key).toBe(`uploads/${owner.uid}/profile-picture`);
    await postFile(grant, PNG_1X1, 'image/png');
    expect(await objectKeysUnder(`uploads/${owner.uid}/`)).toEqual([`uploads/${owner.uid}/profile-picture`]);
    await ok(endpoints, 'confirmProfilePicture', { token: owner.accessToken, data: { purpose: 'settings' } });
    expect(await objectKeysUnder(`uploads/${owner.uid}/`)).toEqual([]);
    const pictureKey = (await getUser(owner.uid))?.profilePicture ?? '';
    expect(pictureKey).toMatch(servedKey(owner.uid));
    expect(await objectKeysUnder(`pictures/${owner.uid}/`)).toEqual([photoKey, pictureKey].sort());
    const stored = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: pictureKey }));
    expect(stored.ContentType).toBe('image/png');
    expect(stored.CacheControl).toBe('private, max-age=86400, immutable');
    expect(Buffer.from((await stored.Body?.transformToByteArray()) ?? []).equals(PNG_1X1)).toBe(true);
  });

  it('refuses a fake image and a file over 10 MB, deletes both, and adds nothing', async () => {
    const owner = await member('photos-fake');
    const fake = await stagePhoto(owner, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expectRefusal(await confirmPhoto(owner, fake), 400, 'INVALID_ARGUMENT');
    const tooBig = await stagePhoto(owner, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024)]), 'image/jpeg');
    expectRefusal(await confirmPhoto(owner, tooBig), 400, 'INVALID_ARGUMENT', SETTINGS_MESSAGES.photoTooLarge);
    expect(await objectKeysUnder(`pictures/${owner.uid}/`)).toEqual([]);
    expect(await objectKeysUnder(`uploads/${owner.uid}/`)).toEqual([]);
    expect((await getUser(owner.uid))?.photos).toEqual([]);
    expectRefusal(await confirmPhoto(owner, fake), 404, 'NOT_FOUND', SETTINGS_MESSAGES.noPhotoUpload);

    // Just under 10 MB is fine.
    const large = await stagePhoto(owner, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 - 4)]), 'image/jpeg');
    expect(await ok(endpoints, 'confirmPhotoUpload', { token: owner.accessToken, data: { uploadId: large } })).toMatchObject({ count: 1 });
  });

  it('never passes 10, even with 14 confirmations at once; at 10 the upload is refused with a clear message', async () => {
    const owner = await member('photos-cap');
    const staged = await Promise.all(Array.from({ length: 14 }, () => stagePhoto(owner)));
    const answers = await Promise.all(staged.map((uploadId) => confirmPhoto(owner, uploadId)));
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(4);
    for (const answer of refused) expectRefusal(answer, 409, 'ABORTED', SETTINGS_MESSAGES.photosFull);
    const stored = (await getUser(owner.uid))?.photos ?? [];
    expect(stored).toHaveLength(10);
    // Every refused file is gone: only the 10 photos remain, with distinct keys.
    const objects = await objectKeysUnder(`pictures/${owner.uid}/`);
    expect(objects).toEqual(stored.map((photo) => photo.url).sort());
    expect(new Set(objects).size).toBe(10);
    expect(await objectKeysUnder(`uploads/${owner.uid}/`)).toEqual([]);

    const full = await call(endpoints, 'createPhotoUpload', { token: owner.accessToken, data: { contentType: 'image/png' } });
    expectRefusal(full, 409, 'ABORTED', SETTINGS_MESSAGES.photosFull);
  });

  it('turns one upload into at most one photo, however often and however concurrently it is confirmed', async () => {
    const owner = await member('photos-twice');
    const uploadId = await stagePhoto(owner);
    const answers = await Promise.all([confirmPhoto(owner, uploadId), confirmPhoto(owner, uploadId), confirmPhoto(owner, uploadId)]);
    // Each repeat answers as the first did (the web client repeats a confirmation whose answer it lost).
    for (const answer of answers) expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200, body: { result: { count: 1 } } });
    // Also once the first has finished and its upload is gone.
    const again = await confirmPhoto(owner, uploadId);
    expect(again, JSON.stringify(again.body)).toMatchObject({ status: 200, body: { result: { count: 1 } } });
    const stored = (await getUser(owner.uid))?.photos ?? [];
    expect(stored).toHaveLength(1);
    expect(await objectKeysUnder(`pictures/${owner.uid}/`)).toEqual([stored[0]?.url]);
    expect(await objectKeysUnder(`uploads/${owner.uid}/`)).toEqual([]);
  });

  it('takes a settings profile picture up to 10 MB, while profile setup stays at 5 MB', async () => {
    const owner = await member('settings-picture');
    const sixMb = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6 * 1024 * 1024)]);
    const uploadAs = async (purpose: 'setup' | 'settings' | undefined, bytes: Buffer) => {
      const data: CallableInput<'createProfilePictureUpload'> = { contentType: 'image/jpeg', ...(purpose ? { purpose } : {}) };
      const grant = await ok(endpoints, 'createProfilePictureUpload', { token: owner.accessToken, data });
      await postFile(grant, bytes, 'image/jpeg');
      return { grant, confirmed: await call(endpoints, 'confirmProfilePicture', { token: owner.accessToken, data: purpose ? { purpose } : {} }) };
    };
    const setup = await uploadAs(undefined, sixMb);
    expect(setup.grant.maxBytes).toBe(5 * 1024 * 1024);
    expectRefusal(setup.confirmed, 400, 'INVALID_ARGUMENT', 'Image must be less than 5MB');
    const settings = await uploadAs('settings', sixMb);
    expect(settings.grant.maxBytes).toBe(10 * 1024 * 1024);
    expect(settings.confirmed.status).toBe(200);
    const elevenMb = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(11 * 1024 * 1024)]);
    expectRefusal((await uploadAs('settings', elevenMb)).confirmed, 400, 'INVALID_ARGUMENT', 'Image must be less than 10MB');
    expect(await objectKeysUnder(`pictures/${owner.uid}/`)).toEqual([(await getUser(owner.uid))?.profilePicture]);
    expect(await objectKeysUnder(`uploads/${owner.uid}/`)).toEqual([]);
  });
});

describe('privacy enforcement on getUserProfile: photos, phone and email', () => {
  async function anchorPair(a: TestMember, b: TestMember) {
    await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
  }

  it('a stranger, an anchor and the owner each get exactly what they may', async () => {
    const [owner, anchor, stranger] = await Promise.all([member('vis-owner'), member('vis-anchor'), member('vis-stranger')]);
    await anchorPair(owner, anchor);
    await ok(endpoints, 'updateProfile', { token: owner.accessToken, data: { ...PROFILE, displayName: 'Vis Owner' } });
    await ok(endpoints, 'confirmPhotoUpload', { token: owner.accessToken, data: { uploadId: await stagePhoto(owner) } });
    // The profile stays public throughout: every view is the open one, its parts as privacy allows.
    const view = async (who: TestMember) => {
      const profile = await ok(endpoints, 'getUserProfile', { token: who.accessToken, data: { userId: owner.uid } });
      if (profile.private) throw new Error('The profile answered as private');
      return profile;
    };
    const setPrivacy = (privacy: Partial<CallableInput<'updatePrivacy'>>) =>
      ok(endpoints, 'updatePrivacy', { token: owner.accessToken, data: { ...PRIVACY, ...privacy } });

    // Photos to everyone, phone hidden, email to anchors.
    await setPrivacy({
      profileVisibility: 'public',
      photosVisibility: 'public',
      contactVisibility: 'friends',
      phoneVisibility: 'private',
      emailVisibility: 'friends',
    });
    const own = await view(owner);
    expect(own.contactInfo).toEqual({ phoneNumber: '555-222-3333', personalEmail: 'rita@example.com' });
    expect(own.photos?.[0]?.url).toBe(`${gateway}/${(await getUser(owner.uid))?.photos[0]?.url}`);
    const byAnchor = await view(anchor);
    expect(byAnchor.contactInfo).toEqual({ personalEmail: 'rita@example.com' });
    expect(byAnchor.photos).toHaveLength(1);
    const byStranger = await view(stranger);
    expect(byStranger).not.toHaveProperty('contactInfo');
    expect(byStranger.photos).toHaveLength(1);
    const photoUrl = byStranger.photos?.[0]?.url ?? '';
    expect((await fetch(photoUrl)).status).toBe(200);

    // Photos to anchors, phone to anchors, email hidden.
    await setPrivacy({ photosVisibility: 'friends', phoneVisibility: 'friends', emailVisibility: 'private' });
    expect((await view(anchor)).contactInfo).toEqual({ phoneNumber: '555-222-3333' });
    expect((await view(anchor)).photos).toHaveLength(1);
    expect(await view(stranger)).not.toHaveProperty('photos');
    expect((await view(owner)).contactInfo).toEqual({ phoneNumber: '555-222-3333', personalEmail: 'rita@example.com' });

    // Photos to nobody else; the contact master switch off hides both details even from anchors.
    await setPrivacy({ photosVisibility: 'private', contactVisibility: 'private', phoneVisibility: 'friends', emailVisibility: 'friends' });
    const anchorAgain = await view(anchor);
    expect(anchorAgain).not.toHaveProperty('photos');
    expect(anchorAgain).not.toHaveProperty('contactInfo');
    expect(await view(stranger)).not.toHaveProperty('photos');
    expect((await view(owner)).photos).toHaveLength(1);
  });
});
