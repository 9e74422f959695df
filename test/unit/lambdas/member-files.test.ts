import {
  DeleteObjectsCommand,
  GetBucketVersioningCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  type DeleteObjectsCommandInput,
  type ListObjectsV2CommandInput,
  type ListObjectVersionsCommandInput,
} from '@aws-sdk/client-s3';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * lambdas/data/storage/member-files.ts against an S3 model held here: s3rver keeps no versions, so what
 * the removal does on a versioned bucket (every version and delete marker of the member's
 * prefixes deleted for good, other members' untouched) is checked against this model. Pages are
 * 2 entries long so that every listing is followed past its first page.
 * test/integration/member-files.test.ts runs the same function on s3rver.
 */
interface Entry {
  key: string;
  versionId: string;
  deleteMarker: boolean;
}

const PAGE = 2;
let status: 'Enabled' | 'Suspended' | undefined;
let entries: Entry[] = [];
let failDeletes: string[] = [];
let versioningRefusal: Error | undefined;
const sent: string[] = [];
// The versioning answer is kept per bucket (member-files.ts): each test asks about a bucket of its own.
let bucket = '';
let buckets = 0;

function sorted(): Entry[] {
  return [...entries].sort((a, b) => a.key.localeCompare(b.key) || a.versionId.localeCompare(b.versionId));
}

function answer(command: unknown): unknown {
  sent.push((command as object).constructor.name);
  if (command instanceof GetBucketVersioningCommand) {
    if (versioningRefusal) throw versioningRefusal;
    return status ? { Status: status } : {};
  }
  if (command instanceof ListObjectVersionsCommand) {
    if (!status) throw Object.assign(new Error('not versioned in this model'), { name: 'Unexpected' });
    const input = command.input as ListObjectVersionsCommandInput;
    const all = sorted().filter((entry) => entry.key.startsWith(input.Prefix ?? ''));
    const start = input.KeyMarker ? all.findIndex((entry) => entry.key === input.KeyMarker && entry.versionId === input.VersionIdMarker) + 1 : 0;
    const page = all.slice(start, start + PAGE);
    const last = page.at(-1);
    const truncated = start + PAGE < all.length;
    return {
      Versions: page.filter((entry) => !entry.deleteMarker).map((entry) => ({ Key: entry.key, VersionId: entry.versionId })),
      DeleteMarkers: page.filter((entry) => entry.deleteMarker).map((entry) => ({ Key: entry.key, VersionId: entry.versionId })),
      IsTruncated: truncated,
      NextKeyMarker: truncated ? last?.key : undefined,
      NextVersionIdMarker: truncated ? last?.versionId : undefined,
    };
  }
  if (command instanceof ListObjectsV2Command) {
    const input = command.input as ListObjectsV2CommandInput;
    const current = sorted().filter((entry) => entry.key.startsWith(input.Prefix ?? '') && !entry.deleteMarker);
    const start = Number(input.ContinuationToken ?? 0);
    const truncated = start + PAGE < current.length;
    return {
      Contents: current.slice(start, start + PAGE).map((entry) => ({ Key: entry.key })),
      IsTruncated: truncated,
      NextContinuationToken: truncated ? String(start + PAGE) : undefined,
    };
  }
  if (command instanceof DeleteObjectsCommand) {
    const input = command.input as DeleteObjectsCommandInput;
    const objects = input.Delete?.Objects ?? [];
    expect(objects.length).toBeLessThanOrEqual(1000);
    const errors = [];
    for (const { Key, VersionId } of objects) {
      if (failDeletes.includes(Key ?? '')) {
        errors.push({ Key, VersionId, Code: 'AccessDenied', Message: 'Access Denied' });
        continue;
      }
      if (VersionId) {
        entries = entries.filter((entry) => !(entry.key === Key && entry.versionId === VersionId));
      } else {
        // Unversioned: the object goes. (On a versioned bucket this would only add a delete marker.)
        entries = entries.filter((entry) => entry.key !== Key);
      }
    }
    return errors.length > 0 ? { Errors: errors } : {};
  }
  throw new Error(`no answer modelled for ${(command as object).constructor.name}`);
}

vi.mock('../../../lambdas/data/table/aws-clients.ts', () => ({
  bucketName: () => bucket,
  s3: () => ({
    send: (command: unknown) => {
      try {
        return Promise.resolve(answer(command));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
  }),
}));
const { deleteMemberFiles, memberFilesPrefixes, UNVERSIONED_ANSWER_MS } = await import('#data/storage');

const versions = (key: string, count: number, withMarker = false): Entry[] => [
  ...Array.from({ length: count }, (_, index) => ({ key, versionId: `v${index}`, deleteMarker: false })),
  ...(withMarker ? [{ key, versionId: 'z-marker', deleteMarker: true }] : []),
];

beforeEach(() => {
  bucket = `pictures-bucket-${++buckets}`;
  status = 'Enabled';
  failDeletes = [];
  versioningRefusal = undefined;
  sent.length = 0;
  entries = [
    // The member: a current picture with two old versions, a picture deleted earlier (only
    // noncurrent versions behind a delete marker), a legacy file, an upload and an export.
    ...versions('pictures/u1/current.jpg', 3),
    ...versions('pictures/u1/replaced.webp', 2, true),
    ...versions('users/u1/profile.jpg', 1),
    ...versions('uploads/u1/profile', 2),
    ...versions('exports/u1/anchored.zip', 1, true),
    // Another member whose uid starts the same way, and a shared key: both stay.
    ...versions('pictures/u10/kept.jpg', 2, true),
    ...versions('users/u10/kept.jpg', 1),
  ];
});

describe('deleteMemberFiles on a versioned bucket', () => {
  it("deletes every version and delete marker under the member's prefixes, and nothing else", async () => {
    const deleted = await deleteMemberFiles('u1');
    expect(deleted).toBe(3 + 3 + 1 + 2 + 2);
    expect(entries.filter((entry) => entry.key.includes('/u1/'))).toEqual([]);
    expect(entries.map((entry) => entry.key)).toEqual([...Array(3).fill('pictures/u10/kept.jpg'), 'users/u10/kept.jpg']);
    expect(sent).not.toContain('ListObjectsV2Command');
    expect(memberFilesPrefixes('u1').every((prefix) => prefix.endsWith('/u1/'))).toBe(true);
  });

  it('deletes old versions too when versioning was suspended (they stay until deleted)', async () => {
    status = 'Suspended';
    await deleteMemberFiles('u1');
    expect(entries.filter((entry) => entry.key.includes('/u1/'))).toEqual([]);
  });

  it('is a no-op the second time', async () => {
    await deleteMemberFiles('u1');
    expect(await deleteMemberFiles('u1')).toBe(0);
  });

  it('throws when S3 refuses a version (DeleteObjects answers 200 with errors), and a re-run finishes', async () => {
    failDeletes = ['pictures/u1/replaced.webp'];
    await expect(deleteMemberFiles('u1')).rejects.toThrow(
      /Could not delete 1 of a member's stored objects \(first: pictures\/u1\/replaced.webp .*AccessDenied/,
    );
    failDeletes = [];
    await deleteMemberFiles('u1');
    expect(entries.filter((entry) => entry.key.includes('/u1/'))).toEqual([]);
  });

  it('throws when the versioning state cannot be read, rather than guess and leave versions behind', async () => {
    versioningRefusal = Object.assign(new Error('Access Denied'), { name: 'AccessDenied' });
    await expect(deleteMemberFiles('u1')).rejects.toThrow('Access Denied');
    expect(entries.filter((entry) => entry.key.includes('/u1/'))).toHaveLength(11);
  });
});

describe('deleteMemberFiles on a bucket that was never versioned', () => {
  it('lists current objects only (there are no others) and deletes them', async () => {
    status = undefined;
    entries = entries.filter((entry) => !entry.deleteMarker && entry.versionId === 'v0');
    expect(await deleteMemberFiles('u1')).toBe(5);
    expect(entries.map((entry) => entry.key)).toEqual(['pictures/u10/kept.jpg', 'users/u10/kept.jpg']);
    expect(sent).not.toContain('ListObjectVersionsCommand');
  });
});

describe("the bucket's versioning, asked once rather than for every member", () => {
  const asks = () => sent.filter((name) => name === 'GetBucketVersioningCommand').length;

  it('is asked once for many members, and "versioned" is kept even if suspended later (old versions stay)', async () => {
    await deleteMemberFiles('u1');
    await deleteMemberFiles('u10');
    status = 'Suspended';
    await deleteMemberFiles('u2');
    expect(asks()).toBe(1);
    expect(entries).toEqual([]);
  });

  it('asks again a minute after "never versioned": versioning may have been enabled since', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T10:00:00Z') });
    try {
      status = undefined;
      entries = versions('users/u1/a.jpg', 1);
      await deleteMemberFiles('u1');
      entries = versions('users/u2/a.jpg', 1);
      await deleteMemberFiles('u2');
      expect(asks()).toBe(1);
      status = 'Enabled';
      entries = versions('pictures/u3/a.jpg', 3);
      vi.advanceTimersByTime(UNVERSIONED_ANSWER_MS);
      sent.length = 0;
      expect(await deleteMemberFiles('u3')).toBe(3);
      expect(asks()).toBe(1);
      expect(sent).toContain('ListObjectVersionsCommand');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps no refusal: the next member asks again', async () => {
    versioningRefusal = Object.assign(new Error('Slow Down'), { name: 'SlowDown' });
    await expect(deleteMemberFiles('u1')).rejects.toThrow('Slow Down');
    versioningRefusal = undefined;
    expect(await deleteMemberFiles('u1')).toBe(11);
    expect(asks()).toBe(2);
  });
});
