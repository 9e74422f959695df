import { randomBytes } from 'node:crypto';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, NoSuchKey } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { bucketName, requiredEnv, s3 } from '#data/table';
import { objectKeys, PICTURE_EXTENSIONS, SERVED_PICTURES_PREFIX, type PictureType } from '#data/table';

/** Upload grants are short: the browser uses one right after asking for it. */
export const UPLOAD_EXPIRY_SECONDS = 5 * 60;

/**
 * Set on every served object when it is written. A key names one version forever, so a browser may
 * keep it a day without asking again (`immutable`); `private` keeps shared caches on the way
 * (proxies) from holding it, so only CloudFront's edge (5 minutes, lib/web-hosting.ts) and the
 * member's own browser do. Revoking a picture deletes its key: new fetches fail at once locally and
 * within the edge's 5 minutes on AWS; bytes a browser already holds cannot be taken back.
 */
export const PICTURE_CACHE_CONTROL = 'private, max-age=86400, immutable';

/** The environment variable naming where served keys are fetched: `{PICTURES_URL}/{uid}/{version}.{ext}`. */
export const PICTURES_URL_ENV = 'PICTURES_URL';

export interface PictureUpload {
  url: string;
  fields: Record<string, string>;
  maxBytes: number;
  expiresAt: string;
}

/**
 * A presigned POST for one key: S3 itself refuses a larger file or another Content-Type than the
 * granted one (the contract allows only PICTURE_CONTENT_TYPES). s3rver does not enforce these
 * conditions; the confirmation checks the object's size and bytes either way.
 */
export async function createPictureUpload(key: string, contentType: string, maxBytes: number, now = new Date()): Promise<PictureUpload> {
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: bucketName(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['starts-with', '$Content-Type', 'image/'],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_EXPIRY_SECONDS,
  });
  return { url, fields, maxBytes, expiresAt: new Date(now.getTime() + UPLOAD_EXPIRY_SECONDS * 1000).toISOString() };
}

/** The object's size, or null if nothing was uploaded under the key. */
export async function pictureSize(key: string): Promise<number | null> {
  try {
    const { ContentLength } = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
    return ContentLength ?? 0;
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
}

/** S3's answer for a key that holds nothing (HEAD says NotFound, GET and COPY say NoSuchKey). */
export function isMissingObject(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return error instanceof NotFound || error instanceof NoSuchKey || name === 'NotFound' || name === 'NoSuchKey';
}

/**
 * The first bytes of an object (a ranged GET), enough to recognise its real type; null when the key
 * holds nothing (any more: a doubled confirmation may finish and delete its upload between this
 * read and the size read before it).
 */
export async function pictureStart(key: string, bytes: number): Promise<Uint8Array | null> {
  try {
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key, Range: `bytes=0-${bytes - 1}` }));
    const all = Body ? await Body.transformToByteArray() : new Uint8Array();
    return all.subarray(0, bytes);
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
}

/** A new served key for one of the member's pictures: 128 random bits, so no key is ever reused or guessed. */
export function newPictureKey(uid: string, type: PictureType): string {
  return objectKeys.picture(uid, randomBytes(16).toString('base64url'), type);
}

/**
 * Copies a picture (a checked upload, or a picture moving to a new version) to its served key with
 * its real Content-Type and the served Cache-Control. The caller deletes the source only once the
 * record names the copy, so a step that meets a fault can be retried.
 */
export async function copyPicture(from: string, to: string, contentType: PictureType): Promise<void> {
  await s3().send(
    new CopyObjectCommand({
      Bucket: bucketName(),
      CopySource: `${bucketName()}/${from}`,
      Key: to,
      ContentType: contentType,
      CacheControl: PICTURE_CACHE_CONTROL,
      MetadataDirective: 'REPLACE',
    }),
  );
}

/** The stored type of a picture object (set when it was copied), or null when the key holds nothing. */
export async function pictureType(key: string): Promise<PictureType | null> {
  try {
    const { ContentType } = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
    // Pictures stored before types were kept on every object were JPEG by name; the bytes were checked either way.
    return ContentType && ContentType in PICTURE_EXTENSIONS ? (ContentType as PictureType) : 'image/jpeg';
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
}

export async function deletePicture(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
}

/**
 * What the browser gets for a stored picture: a plain URL of its served key (no signature, no
 * request: the key itself is the secret, and deleting it revokes the URL). A value that is already
 * a URL (records written before pictures were keys) passes unchanged; '' stays ''; a key outside the
 * served prefix (a picture stored before versions, never served) shows as no picture.
 */
export function pictureUrl(stored: string): string {
  if (!stored || /^https?:\/\//.test(stored)) return stored;
  if (!stored.startsWith(SERVED_PICTURES_PREFIX)) return '';
  return `${requiredEnv(PICTURES_URL_ENV)}/${stored.slice(SERVED_PICTURES_PREFIX.length)}`;
}
