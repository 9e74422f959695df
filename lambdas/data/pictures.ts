import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, NoSuchKey } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketName, s3 } from './aws-clients.ts';

/** Upload grants are short: the browser uses one right after asking for it. */
export const UPLOAD_EXPIRY_SECONDS = 5 * 60;
/** Picture URLs handed to the browser live an hour; every read of a record signs fresh ones. */
export const VIEW_URL_EXPIRY_SECONDS = 60 * 60;

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
    if (error instanceof NotFound || error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
    throw error;
  }
}

/** S3's answer for a key that holds nothing (HEAD says NotFound, GET and COPY say NoSuchKey). */
export function isMissingObject(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return error instanceof NotFound || error instanceof NoSuchKey || name === 'NotFound' || name === 'NoSuchKey';
}

/** The first bytes of an object (a ranged GET), enough to recognise its real type. */
export async function pictureStart(key: string, bytes: number): Promise<Uint8Array> {
  const { Body } = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key, Range: `bytes=0-${bytes - 1}` }));
  const all = Body ? await Body.transformToByteArray() : new Uint8Array();
  return all.subarray(0, bytes);
}

/**
 * Copies a checked upload to its final key with its real Content-Type. The caller deletes the
 * upload only once the record names the copy, so a confirmation that meets a fault can be retried.
 */
export async function copyPicture(from: string, to: string, contentType: string): Promise<void> {
  await s3().send(
    new CopyObjectCommand({
      Bucket: bucketName(),
      CopySource: `${bucketName()}/${from}`,
      Key: to,
      ContentType: contentType,
      MetadataDirective: 'REPLACE',
    }),
  );
}

export async function deletePicture(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
}

/**
 * What the browser gets for a stored picture: a short-lived GET URL for a bucket key. A value that
 * is already a URL (records written before pictures were keys) passes unchanged; '' stays ''.
 */
export async function pictureViewUrl(stored: string): Promise<string> {
  if (!stored || /^https?:\/\//.test(stored)) return stored;
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucketName(), Key: stored }), { expiresIn: VIEW_URL_EXPIRY_SECONDS });
}
