import { afterEach, describe, expect, it } from 'vitest';
import { isMemberPictureKey, objectKeys, SERVED_PICTURE_KEY, SERVED_PICTURES_PATH, SERVED_PICTURES_PREFIX, STAGED_UPLOADS_PREFIX } from '#data/table';
import { newPictureKey, PICTURES_URL_ENV, pictureUrl } from '#data/storage';
import { photosAudienceShrinks, photosOnlyForAnchors } from '../../../lambdas/domain/picture-audience.ts';
import type { User } from '../../../lambdas/contracts/user.ts';

const UID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const VERSION = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('served picture keys', () => {
  it('name one version of one member under the served prefix, with the extension of its type', () => {
    expect(objectKeys.picture(UID, VERSION, 'image/jpeg')).toBe(`pictures/${UID}/${VERSION}.jpg`);
    expect(objectKeys.picture(UID, VERSION, 'image/png')).toBe(`pictures/${UID}/${VERSION}.png`);
    expect(objectKeys.picture(UID, VERSION, 'image/webp')).toBe(`pictures/${UID}/${VERSION}.webp`);
    expect(objectKeys.picture(UID, VERSION, 'image/gif')).toBe(`pictures/${UID}/${VERSION}.gif`);
    expect(objectKeys.picturesPrefix(UID)).toBe(`pictures/${UID}/`);
    expect(SERVED_PICTURES_PATH).toBe(`/${SERVED_PICTURES_PREFIX.slice(0, -1)}`);
  });

  it('refuse a version that is not 22 base64url characters, and a uid that would leave the prefix', () => {
    for (const version of ['', 'short', `${VERSION}x`, 'AbCdEfGhIjKlMnOpQrSt/.', 'AbCdEfGhIjKlMnOpQrSt+=']) {
      expect(() => objectKeys.picture(UID, version, 'image/jpeg'), version).toThrow(/Not a picture version/);
    }
    for (const uid of ['..', 'a/b', '', 'x'.repeat(129)]) {
      expect(() => objectKeys.picture(uid, VERSION, 'image/jpeg'), uid).toThrow(/Not a servable picture key/);
    }
  });

  it('are new on every draw: 128 random bits, never a staged upload', () => {
    const drawn = new Set(Array.from({ length: 1000 }, () => newPictureKey(UID, 'image/png')));
    expect(drawn.size).toBe(1000);
    for (const key of drawn) {
      expect(key).toMatch(SERVED_PICTURE_KEY);
      expect(key.startsWith(STAGED_UPLOADS_PREFIX)).toBe(false);
    }
  });

  it('match SERVED_PICTURE_KEY exactly: no staged upload, no other prefix, no traversal, no folder', () => {
    for (const key of [
      `uploads/${UID}/profile-picture`,
      `users/${UID}/profile-picture.jpg`,
      `pictures/${UID}/`,
      `pictures/${UID}/../../uploads/${UID}/x.jpg`,
      `pictures/${UID}/${VERSION}.svg`,
      `pictures/${UID}/${VERSION}.jpg/x`,
      `pictures/a/b/${VERSION}.jpg`,
      `pictures/${UID}/%2e%2e.jpg`,
    ]) {
      expect(SERVED_PICTURE_KEY.test(key), key).toBe(false);
    }
  });

  it("tell a member's own objects (served or from before versions) from anything else", () => {
    expect(isMemberPictureKey(UID, `pictures/${UID}/${VERSION}.jpg`)).toBe(true);
    expect(isMemberPictureKey(UID, `users/${UID}/photos/photo-1.jpg`)).toBe(true);
    expect(isMemberPictureKey(UID, `pictures/other/${VERSION}.jpg`)).toBe(false);
    expect(isMemberPictureKey(UID, 'https://example.com/a.jpg')).toBe(false);
    expect(isMemberPictureKey(UID, '')).toBe(false);
  });
});

describe('picture URLs', () => {
  const previous = process.env[PICTURES_URL_ENV];
  afterEach(() => {
    if (previous === undefined) Reflect.deleteProperty(process.env, PICTURES_URL_ENV);
    else process.env[PICTURES_URL_ENV] = previous;
  });

  it('are the served base and the key below the prefix, unsigned', () => {
    process.env[PICTURES_URL_ENV] = 'https://d111.cloudfront.net/pictures';
    expect(pictureUrl(`pictures/${UID}/${VERSION}.png`)).toBe(`https://d111.cloudfront.net/pictures/${UID}/${VERSION}.png`);
  });

  it("keep '' and a stored URL as they are, and show a key outside the served prefix as no picture", () => {
    process.env[PICTURES_URL_ENV] = 'https://d111.cloudfront.net/pictures';
    expect(pictureUrl('')).toBe('');
    expect(pictureUrl('https://example.com/old.jpg')).toBe('https://example.com/old.jpg');
    expect(pictureUrl(`users/${UID}/profile-picture.jpg`)).toBe('');
    expect(pictureUrl(`uploads/${UID}/profile-picture`)).toBe('');
  });

  it('need PICTURES_URL for a served key', () => {
    Reflect.deleteProperty(process.env, PICTURES_URL_ENV);
    expect(() => pictureUrl(`pictures/${UID}/${VERSION}.png`)).toThrow(/PICTURES_URL/);
  });
});

describe('who loses photos', () => {
  const privacy = (profile: User['privacy']['profileVisibility'], photos: User['privacy']['photosVisibility']): User['privacy'] => ({
    profileVisibility: profile,
    birthdayVisibility: 'friends',
    photosVisibility: photos,
    contactVisibility: 'friends',
    phoneVisibility: 'friends',
    emailVisibility: 'friends',
  });

  it('a privacy change shrinks the photos audience when someone who saw them no longer does', () => {
    expect(photosAudienceShrinks(privacy('public', 'public'), privacy('public', 'friends'))).toBe(true);
    expect(photosAudienceShrinks(privacy('public', 'public'), privacy('public', 'private'))).toBe(true);
    expect(photosAudienceShrinks(privacy('public', 'friends'), privacy('public', 'private'))).toBe(true);
    // Photos go with the profile: a profile that hides from members hides its photos too.
    expect(photosAudienceShrinks(privacy('public', 'public'), privacy('friends', 'public'))).toBe(true);
    expect(photosAudienceShrinks(privacy('public', 'public'), privacy('private', 'public'))).toBe(true);
  });

  it('widening, or a change nobody saw, moves nothing', () => {
    expect(photosAudienceShrinks(privacy('public', 'friends'), privacy('public', 'public'))).toBe(false);
    expect(photosAudienceShrinks(privacy('public', 'private'), privacy('public', 'friends'))).toBe(false);
    expect(photosAudienceShrinks(privacy('private', 'public'), privacy('private', 'friends'))).toBe(false);
    expect(photosAudienceShrinks(privacy('friends', 'friends'), privacy('friends', 'friends'))).toBe(false);
  });

  it('an ex-anchor loses them only where anchors see what other members do not', () => {
    expect(photosOnlyForAnchors(privacy('public', 'friends'))).toBe(true);
    expect(photosOnlyForAnchors(privacy('friends', 'public'))).toBe(true);
    expect(photosOnlyForAnchors(privacy('public', 'public'))).toBe(false);
    expect(photosOnlyForAnchors(privacy('public', 'private'))).toBe(false);
    expect(photosOnlyForAnchors(privacy('private', 'friends'))).toBe(false);
  });
});
