import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { bucketName, s3 } from './aws-clients.ts';
import { objectKeys } from './keys.ts';

/**
 * Everything a member stored lives under these prefixes: their served pictures, every version, under
 * `pictures/{uid}/` (SERVED_PICTURES_PREFIX), pictures stored before versions under `users/{uid}/`
 * (spec §3 Stored files), their uploads not yet confirmed under `uploads/{uid}/` (kept apart so
 * that S3 can expire them; see STAGED_UPLOADS_PREFIX), and their data exports under `exports/{uid}/`
 * (DATA_EXPORTS_PREFIX). Deleting them is what makes a removed
 * member's picture URLs stop working.
 */
export function memberFilesPrefixes(uid: string): string[] {
  return [objectKeys.picturesPrefix(uid), objectKeys.legacyFilesPrefix(uid), objectKeys.stagedUploadsPrefix(uid), objectKeys.dataExportsPrefix(uid)];
}

/**
 * Deletes every object under the member's prefixes, a listing page (≤ 1,000 keys) at a time.
 * Single deletes rather than DeleteObjects: a member holds a dozen files at most, and deleting an
 * absent key is a no-op, so a re-run finishes what a crash left.
 */
export async function deleteMemberFiles(uid: string): Promise<number> {
  let deleted = 0;
  for (const prefix of memberFilesPrefixes(uid)) {
    let token: string | undefined;
    do {
      const page = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).map((object) => object.Key).filter((key): key is string => Boolean(key));
      await Promise.all(keys.map((Key) => s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key }))));
      deleted += keys.length;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return deleted;
}
