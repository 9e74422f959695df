import {
  DATA_EXPORTS_PREFIX,
  LIVE_KEY_PATTERNS,
  PARTITION_PREFIXES,
  MODERATION_LOG_PARTITION,
  RESERVATION_PARTITION,
  SERVED_PICTURES_PREFIX,
  STAGED_UPLOADS_PREFIX,
} from './keys.ts';

/**
 * The table's partitions as IAM `dynamodb:LeadingKeys` patterns (StringLike: `*` is any run of
 * characters), one per kind of partition keys.ts builds. A registry row names the ones its function
 * writes (lambdas/handler-row.ts `tableWrites`); CDK holds the function's writes to them
 * (lib/app-function.ts) and the local cloud refuses any other write alike (grant-check.ts).
 */
export const PARTITIONS = {
  /** A member's partition: their record and everything kept in it (edges, feed, notifications, markers…). */
  member: `${PARTITION_PREFIXES.member}*`,
  inviteCode: `${PARTITION_PREFIXES.inviteCode}*`,
  /** Invites held for accounts that signed up and have not joined (keys.inviteReservation). */
  reservations: RESERVATION_PARTITION,
  /** A spent sign-up ticket (keys.spentSignUpTicket). */
  spentSignUpTicket: `${PARTITION_PREFIXES.spentSignUpTicket}*`,
  /** A post, its likes and its comments. */
  post: `${PARTITION_PREFIXES.post}*`,
  friendship: `${PARTITION_PREFIXES.friendship}*`,
  audit: 'AUDIT',
  report: `${PARTITION_PREFIXES.report}*`,
  /** The open reports on one target (keys.openReportOnTarget). */
  reportsOnTarget: `${PARTITION_PREFIXES.reportsOnTarget}*`,
  moderationLog: MODERATION_LOG_PARTITION,
  /** The stored daily metrics (keys.metrics). */
  dailyMetrics: 'METRICS',
  /** The metrics' counters, the inviters' ranking and the applied-record markers (every METRICS#… partition). */
  metricsCounters: `${PARTITION_PREFIXES.metrics}*`,
  /** An admin's removal of a member and their tree (lambdas/data/removal/removal-jobs.ts). */
  removalJob: `${PARTITION_PREFIXES.removalJob}*`,
  /** The abuse-limit counters (keys.rateWindow): every callable's are granted apart (lib/rate-limit-grant.ts), a trigger names them. */
  rateCounters: `${PARTITION_PREFIXES.rate}*`,
  /** A member's live sockets and a socket's owner (LIVE_KEY_PATTERNS): the live push forgets gone ones. */
  liveConnections: LIVE_KEY_PATTERNS[0],
  liveConnectionOwners: LIVE_KEY_PATTERNS[1],
  /** Work due at a time (keys.dueItem): scheduled with the write that makes it due, deleted by the minute sweep once done. */
  dueItem: `${PARTITION_PREFIXES.dueItem}*`,
  /** A vouch code by its nonce's digest, and its six-character fallback (keys.vouchNonce, keys.vouchShortCode). */
  vouchNonce: `${PARTITION_PREFIXES.vouchNonce}*`,
  vouchShortCode: `${PARTITION_PREFIXES.vouchShortCode}*`,
} as const;
export type PartitionPattern = (typeof PARTITIONS)[keyof typeof PARTITIONS];

/** The pictures bucket's prefixes; a registry row names the ones its function may touch (`pictureKeys`). */
export const OBJECT_PREFIXES = {
  /** Served pictures (SERVED_PICTURES_PREFIX). */
  served: SERVED_PICTURES_PREFIX,
  /** Uploads waiting for their confirmation (STAGED_UPLOADS_PREFIX). */
  staged: STAGED_UPLOADS_PREFIX,
  /** Pictures from before they were served by version (objectKeys.legacyFilesPrefix). */
  legacy: 'users/',
  /** Members' data exports (DATA_EXPORTS_PREFIX). */
  exports: DATA_EXPORTS_PREFIX,
} as const;
export type ObjectPrefix = (typeof OBJECT_PREFIXES)[keyof typeof OBJECT_PREFIXES];

/** IAM's StringLike on one value: `*` matches any run of characters, `?` any one; nothing else is special. */
export function matchesPattern(value: string, pattern: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 's').test(value);
}
