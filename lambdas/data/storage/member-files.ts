import { DeleteObjectsCommand, GetBucketVersioningCommand, ListObjectsV2Command, ListObjectVersionsCommand, type ObjectIdentifier } from '@aws-sdk/client-s3';
import { bucketName, s3 } from '#data/table';
import { objectKeys } from '#data/table';

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
 * Whether the bucket may hold versions: versioning Enabled, or Suspended after it was enabled (old
 * versions stay). A bucket never versioned answers no Status. s3rver keeps no versions and answers
 * `?versioning` with no Status too (it does not know the sub-resource), so the local cloud takes the
 * plain listing for the right reason. Any refusal is thrown: guessing would leave versions behind.
 */
async function askBucketVersioning(bucket: string): Promise<boolean> {
  const { Status } = await s3().send(new GetBucketVersioningCommand({ Bucket: bucket }));
  return Status === 'Enabled' || Status === 'Suspended';
}

/** How long a "never versioned" answer is trusted: a bucket can become versioned at any time. */
export const UNVERSIONED_ANSWER_MS = 60_000;

/**
 * The answer is kept per bucket, because every member of a removal asked it (a thousand asks a
 * run) and it does not change under a run in a way that matters: once versioning has been enabled
 * a bucket can only be Enabled or Suspended, never unversioned again, so "may hold versions" is
 * kept for the life of the process (the deployed pictures bucket is versioned from the deploy that
 * creates it). "Never versioned" could turn true if versioning were enabled meanwhile, so it is
 * trusted for a minute only. A refusal is not kept: the next member asks again.
 */
const versioningByBucket = new Map<string, { answer: Promise<boolean>; until: number }>();

async function mayHoldVersions(): Promise<boolean> {
  const bucket = bucketName();
  const now = Date.now();
  const known = versioningByBucket.get(bucket);
  if (known && now < known.until) return known.answer;
  const answer = askBucketVersioning(bucket);
  // Racing members share one request; what it answers decides how long it is kept.
  versioningByBucket.set(bucket, { answer, until: Number.POSITIVE_INFINITY });
  try {
    const versioned = await answer;
    if (!versioned) versioningByBucket.set(bucket, { answer, until: now + UNVERSIONED_ANSWER_MS });
    return versioned;
  } catch (error) {
    if (versioningByBucket.get(bucket)?.answer === answer) versioningByBucket.delete(bucket);
    throw error;
  }
}

/** One listing page: the objects to delete (every version and delete marker, when versioned) and where the next page starts. */
interface Page {
  objects: ObjectIdentifier[];
  next?: { keyMarker?: string; versionIdMarker?: string; token?: string };
}

async function listVersionsPage(prefix: string, from: Page['next']): Promise<Page> {
  const page = await s3().send(
    new ListObjectVersionsCommand({ Bucket: bucketName(), Prefix: prefix, KeyMarker: from?.keyMarker, VersionIdMarker: from?.versionIdMarker }),
  );
  const objects = [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])]
    .filter((entry) => entry.Key)
    .map((entry) => ({ Key: entry.Key as string, VersionId: entry.VersionId }));
  return { objects, next: page.IsTruncated ? { keyMarker: page.NextKeyMarker, versionIdMarker: page.NextVersionIdMarker } : undefined };
}

async function listCurrentPage(prefix: string, from: Page['next']): Promise<Page> {
  const page = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: prefix, ContinuationToken: from?.token }));
  const objects = (page.Contents ?? []).filter((object) => object.Key).map((object) => ({ Key: object.Key as string }));
  return { objects, next: page.IsTruncated ? { token: page.NextContinuationToken } : undefined };
}

/**
 * Deletes one page (≤ 1,000, DeleteObjects' limit). With a VersionId S3 deletes that version for
 * good instead of adding a delete marker. DeleteObjects answers 200 with per-key errors; any is
 * thrown, so the removal step fails and its retry lists what is left.
 */
async function deletePage(objects: ObjectIdentifier[]): Promise<void> {
  if (objects.length === 0) return;
  const answer = await s3().send(new DeleteObjectsCommand({ Bucket: bucketName(), Delete: { Objects: objects, Quiet: true } }));
  const failed = answer.Errors ?? [];
  if (failed.length > 0) {
    const first = failed[0];
    throw new Error(
      `Could not delete ${failed.length} of a member's stored objects (first: ${first?.Key} ${first?.VersionId ?? ''}: ${first?.Code} ${first?.Message})`,
    );
  }
}

/**
 * Deletes everything under the member's prefixes. On a versioned bucket that is every version and
 * delete marker (ListObjectVersions + DeleteObjects with VersionId): deleting only current objects
 * would leave noncurrent versions a restore could bring back for a week. A page is listed, then
 * deleted, then the next is listed from where the last ended; deleting absent keys or versions is a
 * no-op, so a re-run finishes what a crash left. Returns how many objects and versions were deleted.
 */
export async function deleteMemberFiles(uid: string): Promise<number> {
  const listPage = (await mayHoldVersions()) ? listVersionsPage : listCurrentPage;
  // The prefixes share nothing, so they are listed and deleted at once.
  const counts = await Promise.all(memberFilesPrefixes(uid).map((prefix) => deleteUnder(prefix, listPage)));
  return counts.reduce((sum, count) => sum + count, 0);
}

async function deleteUnder(prefix: string, listPage: (prefix: string, from: Page['next']) => Promise<Page>): Promise<number> {
  let deleted = 0;
  let next: Page['next'];
  do {
    const page = await listPage(prefix, next);
    await deletePage(page.objects);
    deleted += page.objects.length;
    next = page.next;
  } while (next);
  return deleted;
}
