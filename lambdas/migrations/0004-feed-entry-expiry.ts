import { decodeTime } from 'ulid';
import { FEED_ENTRY_TTL_SECONDS } from '#data/posts';
import { backfill, type Migration } from './migration.ts';

/**
 * Feed entries expire 90 days after their post (TTL on `expiresAt`); entries written
 * before, full copies of their post, lack it, so they would stay for ever and a feed's old end
 * would never thin out. The post's time is the entry's own copy of `createdAt`, else the time in its
 * ULID (post ids are ULIDs of their creation).
 */
export function feedEntryExpiresAt(postId: string, createdAt: unknown): number | null {
  const copied = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN;
  let postedAt = copied;
  if (Number.isNaN(postedAt)) {
    try {
      postedAt = decodeTime(postId);
    } catch {
      return null;
    }
  }
  return Math.floor(postedAt / 1000) + FEED_ENTRY_TTL_SECONDS;
}

export const feedEntryExpiry: Migration = {
  version: '0004',
  description: "Feed entries: expiresAt, their post's time + 90 days (TTL), as new entries carry",
  run: (_context, { dryRun }) =>
    backfill(
      'feedEntry',
      { lacking: ['expiresAt'], read: ['createdAt'] },
      ({ subject, attributes }) => {
        const expiresAt = feedEntryExpiresAt(subject, attributes.createdAt);
        // An entry with neither a time nor a ULID is not one the app wrote: left as it is, and counted as scanned.
        return expiresAt === null ? {} : { expiresAt };
      },
      dryRun,
    ),
};
