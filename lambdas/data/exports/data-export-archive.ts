import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ZipFile } from 'yazl';
import { bucketName, functionEnv, region, s3 } from '#data/table';
import type { ExportContents } from './data-export-contents.ts';
import { objectKeys } from '#data/table';
import { isMissingObject } from '#data/storage';

/** The file name the browser saves the zip under (the link's Content-Disposition). */
export const EXPORT_FILE_NAME = 'anchored-data.zip';

const README = `Your data from Anchored, as it was when this file was made.

profile.json   your profile and settings
posts.json     your posts
comments.json  your comments (postId: the post they are on)
likes.json     the posts you liked
anchors.json   your anchors and pending requests (other members by name only)
invites.json   your invite code and the members you invited
pictures/      your profile picture and photos
`;

let uploadClient: S3Client | undefined;

/**
 * The client that puts the zip: checksums only where an operation requires one, so a stream of known
 * length goes as a plain body with its Content-Length. By default the SDK would wrap a stream in
 * aws-chunked encoding with a checksum trailer, which S3 accepts and s3rver stores as it came
 * (framing included), so the local zip would not open.
 */
function uploads(): S3Client {
  const endpoint = functionEnv('S3_ENDPOINT') || undefined;
  uploadClient ??= new S3Client({ region: region(), endpoint, forcePathStyle: Boolean(endpoint), requestChecksumCalculation: 'WHEN_REQUIRED' });
  return uploadClient;
}

async function objectSize(key: string): Promise<number | null> {
  try {
    return (await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }))).ContentLength ?? 0;
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
}

async function openObject(key: string): Promise<Readable> {
  const { Body } = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
  return Body as Readable;
}

/**
 * Writes the export's zip to `exports/<uid>/<exportId>.zip` and answers its size. Streamed: every
 * entry is stored (not deflated: JSON is small and pictures are compressed already), so yazl knows
 * the zip's length before writing it, and the zip goes to S3 in one PutObject as it is made, each
 * picture read from the bucket only when its turn comes (one open at a time). Memory stays at a
 * picture's stream buffer whatever the member holds.
 */
export async function writeExportArchive(uid: string, exportId: string, contents: ExportContents, now: Date): Promise<number> {
  const zip = new ZipFile();
  const entry = { compress: false, mtime: now };
  zip.addBuffer(Buffer.from(README, 'utf8'), 'README.txt', entry);
  for (const [name, value] of Object.entries(contents.files)) zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'), name, entry);

  const sizes = await Promise.all(contents.pictures.map(async (picture) => ({ ...picture, size: await objectSize(picture.key) })));
  for (const { key, name, size } of sizes) {
    // A picture replaced or deleted since the record was read: its successor is in a later export.
    if (size === null) continue;
    zip.addReadStreamLazy(`pictures/${name}${key.slice(key.lastIndexOf('.'))}`, { ...entry, size }, (done) => {
      openObject(key).then(
        (body) => done(null, body),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  }

  const length = await new Promise<number>((resolve) => (zip.end as (options: object, sized: (size: number) => void) => void)({}, resolve));
  if (length < 0) throw new Error('The export zip has entries of unknown size');
  await uploads().send(
    new PutObjectCommand({
      Bucket: bucketName(),
      Key: objectKeys.dataExport(uid, exportId),
      Body: Readable.from(zip.outputStream),
      ContentLength: length,
      ContentType: 'application/zip',
      ContentDisposition: `attachment; filename="${EXPORT_FILE_NAME}"`,
    }),
  );
  return length;
}

/** A presigned GET of the export that works for `seconds` and saves as anchored-data.zip. */
export function exportDownloadUrl(uid: string, exportId: string, seconds: number): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: bucketName(),
      Key: objectKeys.dataExport(uid, exportId),
      ResponseContentDisposition: `attachment; filename="${EXPORT_FILE_NAME}"`,
    }),
    { expiresIn: seconds },
  );
}

/** Deletes one export's zip (absent is fine). */
export async function deleteExportArchive(uid: string, exportId: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: objectKeys.dataExport(uid, exportId) }));
}
