import { createHash } from 'node:crypto';
import type { InviterDigest } from '#domain/metrics-counters';

/** Sort-key prefix of a member's anchor edges (begins_with lists them). */
export const ANCHOR_EDGE_PREFIX = 'ANCHOR#';

export const RESERVATION_PARTITION = 'RESERVATION';

/** Sort-key prefixes of moderation items in a member's partition and a target's (begins_with lists them). */
export const BLOCK_PREFIX = 'BLOCK#';
export const MUTE_PREFIX = 'MUTE#';
export const OWN_REPORT_PREFIX = 'MYREPORT#';
export const NOTICE_PREFIX = 'NOTICE#';
/** Sort-key prefix of a member's notifications (begins_with lists them, newest first by their time-ordered ids). */
export const NOTIFICATION_PREFIX = 'NOTIF#';
export const REPORTER_PREFIX = 'REPORTER#';
export const MODERATION_LOG_PARTITION = 'MODLOG';
/** The one value of `openQueue` (GSI openReports' partition key) an open report carries. */
export const OPEN_REPORTS_QUEUE = 'OPEN';

/** The partitions of the daily metrics' counters (keys.metricsCounter): the community's, the inviters'. */
export const METRICS_COUNTER_PARTITIONS = { community: 'METRICS#COUNTERS', inviter: 'METRICS#INVITERS' } as const;
/** The champions' ranking: one entry per inviter who ranks, sorted best first (keys.inviterRankEntry). */
export const INVITER_RANKING_PARTITION = 'METRICS#RANKING';

/** Sort-key prefix of a member's live connections (begins_with lists them). */
export const LIVE_CONNECTION_PREFIX = 'CONN#';
/** The partition keys of live connections (keys.liveConnection, liveConnectionOwner): IAM LeadingKeys patterns. */
export const LIVE_KEY_PATTERNS = ['LIVE#*', 'LIVECONN#*'] as const;

/** Sort-key prefixes of vouches in a member's partition: those received (by voucher) and those given (by subject). */
export const VOUCH_RECEIVED_PREFIX = 'VOUCH#';
export const VOUCH_GIVEN_PREFIX = 'VOUCHED#';

/**
 * GSI queues' partitions (table-schema.ts): due items spread over DUE_QUEUE_SHARDS shards by a
 * digest of their key (the minute sweep reads every shard up to now), and joined members not yet
 * verified in person in one (the admins' list, oldest joined first).
 */
export const DUE_QUEUE_SHARDS = 8;
export const UNVERIFIED_QUEUE = 'UNVERIFIED';
export function dueQueueOf(dueKind: string, subjectId: string): string {
  const shard = createHash('sha256').update(`${dueKind}\n${subjectId}`, 'utf8').digest().readUInt8(0) % DUE_QUEUE_SHARDS;
  return `DUE#${shard}`;
}
export function dueQueues(): string[] {
  return Array.from({ length: DUE_QUEUE_SHARDS }, (_, shard) => `DUE#${shard}`);
}

/** The applied migrations and the runner's lease (keys.migrationApplied, migrationLease). */
export const MIGRATION_PARTITION = 'MIGRATION';

/** Every item's key shape, in one place. Nothing outside lambdas/data builds a key. */
export const keys = {
  user: (uid: string) => ({ pk: `USER#${uid}`, sk: 'PROFILE' }),
  inviteCode: (code: string) => ({ pk: `INVITE#${code}`, sk: 'INVITE' }),
  /**
   * An invite held for an account that signed up and has not joined yet, by its Cognito username
   * (with email sign-in, the sub). All of them share one partition, so the lapse job reads exactly
   * the pending ones; sign-ups are far too rare for it to be hot. Its top-level `invitedBy` puts it
   * in the byInviter index beside the members who joined, so the invite tree sees who is on the way in.
   */
  inviteReservation: (username: string) => ({ pk: RESERVATION_PARTITION, sk: `USER#${username}` }),
  /** A sign-up ticket PreSignUp has spent, by its nonce: a ticket admits one sign-up. Expires (TTL) with the ticket. */
  spentSignUpTicket: (nonce: string) => ({ pk: `SIGNUPTICKET#${nonce}`, sk: 'SPENT' }),
  metrics: (date: string) => ({ pk: 'METRICS', sk: date }),
  /**
   * One counter of the daily metrics (lambdas/domain/metrics-counters.ts names them), kept by the
   * table stream's consumer. The community's counters share a partition the job reads with one
   * paged Query; the inviters' share another, read one inviter at a time when a change re-ranks them.
   */
  metricsCounter: (scope: keyof typeof METRICS_COUNTER_PARTITIONS, name: string) => ({ pk: METRICS_COUNTER_PARTITIONS[scope], sk: name }),
  /** An inviter's entry in the ranking; the sort key (domain/inviter-ranking.ts rankKey) orders entries best first. */
  inviterRankEntry: (rankKey: string) => ({ pk: INVITER_RANKING_PARTITION, sk: rankKey }),
  /**
   * Which entry is an inviter's now, with a version every re-ranking moves on a condition (two
   * re-rankings of one inviter never both win). By the inviter's digest, as their counters: the
   * record outlives the inviter (its version must never start again), so it must not name them.
   */
  inviterRankOf: (inviter: InviterDigest) => ({ pk: `METRICS#RANKED#${inviter}`, sk: 'RANKED' }),
  /**
   * Says one stream record's counter deltas were applied (written in their transaction), so a
   * redelivered record counts once. A partition per record; sequence numbers are documented as
   * ordered within a shard only, so the changed item's key is in the sort key too (an item's
   * changes never share one), as a digest: a member's key holds their uid, and the marker must not
   * name someone who has left (128 bits keep it unique). The sort key begins with APPLIED#, so the
   * stream's filter (sort keys of the items reactions read) never passes the marker to the
   * consumer. Expires (TTL) after the stream's 24 hours of retention.
   */
  metricsApplied: (sequenceNumber: string, item: { pk: string; sk: string }) => ({
    pk: `METRICS#APPLIED#${sequenceNumber}`,
    sk: `APPLIED#${createHash('sha256').update(`${item.pk}\n${item.sk}`, 'utf8').digest('hex').slice(0, 32)}`,
  }),
  /** One counter per client and window of a rate limit; expires with its window (TTL). */
  rateWindow: (limit: string, client: string, windowStart: number) => ({ pk: `RATE#${limit}#${client}`, sk: `WINDOW#${windowStart}` }),
  /** One side of an anchor pair (status pending | accepted | blocked): a member's anchors are one Query. */
  anchorEdge: (uid: string, otherUid: string) => ({ pk: `USER#${uid}`, sk: `${ANCHOR_EDGE_PREFIX}${otherUid}` }),
  /** The pair's own record (spec §3 Friendship); id = the two uids sorted and joined by '_'. */
  friendship: (friendshipId: string) => ({ pk: `FRIENDSHIP#${friendshipId}`, sk: 'FRIENDSHIP' }),
  /** One admin action; entry ids are ULIDs, so the log reads newest first in one Query. */
  auditEntry: (entryId: string) => ({ pk: 'AUDIT', sk: entryId }),
  /**
   * One open live socket of a member (an API Gateway WebSocket connection), expiring (TTL) after
   * API Gateway's longest connection. In partitions of their own, not USER#: the live functions'
   * grants are held to LIVE_KEY_PATTERNS, so they can read or write no member data.
   */
  liveConnection: (uid: string, connectionId: string) => ({ pk: `LIVE#${uid}`, sk: `${LIVE_CONNECTION_PREFIX}${connectionId}` }),
  /**
   * A member's socket version, raised by every registration: counting the member's connections and
   * registering one is a transaction conditioned on it, so concurrent connects cannot pass the cap.
   */
  liveSockets: (uid: string) => ({ pk: `LIVE#${uid}`, sk: 'SOCKETS' }),
  /** The same connection by its id alone: $disconnect is told only the id, this item names its member. */
  liveConnectionOwner: (connectionId: string) => ({ pk: `LIVECONN#${connectionId}`, sk: 'LIVECONN' }),
  /**
   * A member the owner blocked, with when (listBlocked). The owner's record keeps the same uids in
   * `blockedIds` (and the other's record the owner's uid in `blockedByIds`), written in the same
   * transaction, so every read that already has the viewer's record filters without another request.
   */
  block: (uid: string, otherUid: string) => ({ pk: `USER#${uid}`, sk: `${BLOCK_PREFIX}${otherUid}` }),
  /** A member the owner muted, with when (listMuted); the record's `mutedIds` holds the same uids. */
  mute: (uid: string, otherUid: string) => ({ pk: `USER#${uid}`, sk: `${MUTE_PREFIX}${otherUid}` }),
  /**
   * One report (REPORT#<ULID>): reporter, target, reason, note, status and outcome. While open it
   * carries `openQueue`, which puts it in the sparse GSI openReports (oldest first by its ULID).
   */
  report: (reportId: string) => ({ pk: `REPORT#${reportId}`, sk: 'REPORT' }),
  /**
   * One open report of one reporter on one target, put on a condition (one open report per reporter
   * and target) and deleted when the report is resolved; the target's partition lists every open
   * report on it, so a resolution resolves them together.
   */
  openReportOnTarget: (targetType: string, targetId: string, reporterUid: string) => ({
    pk: `REPORTS#${targetType}#${targetId}`,
    sk: `${REPORTER_PREFIX}${reporterUid}`,
  }),
  /** The reporter's own copy of a report's id, so listMyReports is one Query of their partition. */
  ownReport: (uid: string, reportId: string) => ({ pk: `USER#${uid}`, sk: `${OWN_REPORT_PREFIX}${reportId}` }),
  /** A moderation notice for a member (getMyStanding): warning, suspension, outcome of their report… */
  notice: (uid: string, noticeId: string) => ({ pk: `USER#${uid}`, sk: `${NOTICE_PREFIX}${noticeId}` }),
  /** One notification of a member (lambdas/data/notifications/notifications.ts); its id is notificationIdOf the change it tells of. */
  notification: (uid: string, notificationId: string) => ({ pk: `USER#${uid}`, sk: `${NOTIFICATION_PREFIX}${notificationId}` }),
  /**
   * A member's unread notification count (`unread`, moved in the same transactions as the
   * notifications). Its own item, not the member record: the record is copied into three user
   * indexes, so a counter there would cost four writes per notification.
   */
  notificationState: (uid: string) => ({ pk: `USER#${uid}`, sk: 'NOTIFSTATE' }),
  /**
   * That a member was told once of something that may repeat (a like, an anchor request): a digest
   * of (kind, actor, subject), so a toggle back and forth makes no second notification or push
   * while it lasts (TTL `expiresAt`, see lambdas/data/notifications/notifications.ts TOLD_ONCE_SECONDS).
   */
  toldOnce: (uid: string, digest: string) => ({ pk: `USER#${uid}`, sk: `TOLD#${digest}` }),
  /** One line of the public moderation log; ULIDs, so newest first is one descending Query. */
  moderationLogEntry: (entryId: string) => ({ pk: MODERATION_LOG_PARTITION, sk: entryId }),
  /** A member's data export job (one at a time, data-export-jobs.ts): in their partition, so removal deletes it with the rest. */
  dataExportJob: (uid: string) => ({ pk: `USER#${uid}`, sk: 'DATAEXPORT' }),
  /** A migration this stage has applied (npm run migrate), by its 4-digit version: one partition lists them in order. */
  migrationApplied: (version: string) => ({ pk: MIGRATION_PARTITION, sk: version }),
  /** The migration runner's lease, beside what it records, so two operators never run at once. */
  migrationLease: () => ({ pk: MIGRATION_PARTITION, sk: 'LEASE' }),
  /** A removal's job (lambdas/data/removal/removal-jobs.ts), by its root member; the sort key names the kind of removal. */
  removalJob: (rootUid: string, job: string) => ({ pk: `REMOVAL#${rootUid}`, sk: job }),
  /**
   * A vouch a member received, in their partition (their verification is computed from these), and
   * its mirror in the voucher's partition (what they gave): written and changed together. One per
   * pair: vouching again renews it; a withdrawn, void or lapsed one stays as history.
   */
  vouchReceived: (subjectUid: string, voucherUid: string) => ({ pk: `USER#${subjectUid}`, sk: `${VOUCH_RECEIVED_PREFIX}${voucherUid}` }),
  vouchGiven: (voucherUid: string, subjectUid: string) => ({ pk: `USER#${voucherUid}`, sk: `${VOUCH_GIVEN_PREFIX}${subjectUid}` }),
  /** How many vouches a member gave in one calendar month (UTC, 'YYYY-MM'); moved in the vouch's transaction, expires after the month. */
  vouchMonth: (uid: string, month: string) => ({ pk: `USER#${uid}`, sk: `VOUCHMONTH#${month}` }),
  /**
   * A vouch code, by a digest of its nonce (the nonce itself is never stored): its subject, the
   * minute it is good for, and who redeemed it. Expires (TTL) a day later.
   */
  vouchNonce: (nonceDigest: string) => ({ pk: `VOUCHNONCE#${nonceDigest}`, sk: 'NONCE' }),
  /** The same code's six-character fallback, naming the nonce's digest; written with it on the condition the fallback is free. */
  vouchShortCode: (code: string) => ({ pk: `VOUCHCODE#${code}`, sk: 'SHORT' }),
  /**
   * Work due at a time (a verification's lapse, its notice a month before; later events'
   * reminders): one per kind and subject, rescheduled by overwriting; it carries `queue` and
   * `queueKey` (dueAt#kind#subject), so the minute sweep finds it in the GSI queues.
   */
  dueItem: (dueKind: string, subjectId: string) => ({ pk: `DUE#${dueKind}#${subjectId}`, sk: 'DUE' }),
} as const;

/** The prefixes of the partition keys that end in an id: what a Scan filter or an IAM LeadingKeys pattern matches on. */
export const PARTITION_PREFIXES = {
  member: 'USER#',
  inviteCode: 'INVITE#',
  spentSignUpTicket: 'SIGNUPTICKET#',
  post: 'POST#',
  friendship: 'FRIENDSHIP#',
  report: 'REPORT#',
  reportsOnTarget: 'REPORTS#',
  metrics: 'METRICS#',
  removalJob: 'REMOVAL#',
  rate: 'RATE#',
  vouchNonce: 'VOUCHNONCE#',
  vouchShortCode: 'VOUCHCODE#',
  dueItem: 'DUE#',
} as const;

export const USER_PROFILE_SK = 'PROFILE';

/**
 * Where granted uploads wait for their confirmation, outside the served prefix: the pictures bucket
 * expires everything under it after a day (lib/pictures-storage.ts), so an upload never confirmed
 * does not stay, and CloudFront may never read it. Confirmation copies a checked file to a served key
 * and deletes the staged one.
 */
export const STAGED_UPLOADS_PREFIX = 'uploads/';

/**
 * The one prefix CloudFront serves (`/pictures/*` on the web distribution; the local gateway
 * alike): every confirmed picture lives under it at a key of its own version, so its URL needs no
 * signature and stops working when the object is deleted.
 */
export const SERVED_PICTURES_PREFIX = 'pictures/';

/**
 * Where a member's data exports (zips) wait for download: private, never under the served prefix
 * (CloudFront reads pictures/ only), reached by a presigned GET that expires; the bucket expires
 * everything under it after 7 days (lib/pictures-storage.ts).
 */
export const DATA_EXPORTS_PREFIX = 'exports/';
/** The URL path of the served prefix: `/pictures/{uid}/{version}.{ext}` fetches the key `pictures/{uid}/…`. */
export const SERVED_PICTURES_PATH = '/pictures';

/** A picture's version: 128 random bits, base64url (22 characters), never reused. */
export const PICTURE_VERSION = /^[A-Za-z0-9_-]{22}$/;

/** The file extension of each picture type an upload may have (PICTURE_CONTENT_TYPES). */
export const PICTURE_EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' } as const;
export type PictureType = keyof typeof PICTURE_EXTENSIONS;

/**
 * A served key as it may be asked for by path: the member's uid, one version, one known extension;
 * nothing else (no `..`, no other prefix, no listing) ever names an object.
 */
export const SERVED_PICTURE_KEY = /^pictures\/[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_-]{22}\.(jpg|png|webp|gif)$/;

/** Object keys in the pictures bucket. */
export const objectKeys = {
  /**
   * One version of a member's picture (profile picture or gallery photo): the version is drawn at
   * random by its writer (lambdas/data/storage/pictures.ts newPictureKey), so a key is never guessed from
   * another and a new version never reuses one.
   */
  picture: (uid: string, version: string, type: PictureType) => {
    if (!PICTURE_VERSION.test(version)) throw new Error(`Not a picture version: ${version}`);
    const key = `${SERVED_PICTURES_PREFIX}${uid}/${version}.${PICTURE_EXTENSIONS[type]}`;
    if (!SERVED_PICTURE_KEY.test(key)) throw new Error(`Not a servable picture key for member ${uid}`);
    return key;
  },
  /** Every served picture of a member, whatever its version. */
  picturesPrefix: (uid: string) => `${SERVED_PICTURES_PREFIX}${uid}/`,
  /**
   * Where pictures lived before they were served by version (spec §3 Stored files:
   * users/{uid}/profile-picture.jpg, users/{uid}/photos/photo-{n}.jpg). Never served; a record that
   * still names one is moved to a served key by rekeyPictures, and removal deletes the folder.
   */
  legacyFilesPrefix: (uid: string) => `users/${uid}/`,
  /**
   * Where the browser uploads a new picture; only a checked file is copied to a served key, so a
   * bad upload never replaces (or, deleted, takes away) the picture a member already has.
   */
  profilePictureUpload: (uid: string) => `${STAGED_UPLOADS_PREFIX}${uid}/profile-picture`,
  /** One staging key per upload, so photos uploaded side by side never overwrite each other. */
  photoUpload: (uid: string, uploadId: string) => `${STAGED_UPLOADS_PREFIX}${uid}/photo-${uploadId}`,
  /** Everything of a member staged and not yet confirmed. */
  stagedUploadsPrefix: (uid: string) => `${STAGED_UPLOADS_PREFIX}${uid}/`,
  /** One data export of a member: a random name per export, so a link never reaches a later one. */
  dataExport: (uid: string, exportId: string) => `${DATA_EXPORTS_PREFIX}${uid}/${exportId}.zip`,
  /** Every data export of a member (removal deletes them). */
  dataExportsPrefix: (uid: string) => `${DATA_EXPORTS_PREFIX}${uid}/`,
} as const;

/** Whether a stored picture value is one of this member's objects (served or from before), so ours to copy or delete. */
export function isMemberPictureKey(uid: string, stored: string): boolean {
  return stored.startsWith(objectKeys.picturesPrefix(uid)) || stored.startsWith(objectKeys.legacyFilesPrefix(uid));
}

/** Sort-key prefixes of a member's feed and of a post's likes and comments (begins_with lists them). */
export const FEED_ENTRY_PREFIX = 'FEED#';
export const LIKE_PREFIX = 'LIKE#';
export const COMMENT_PREFIX = 'COMMENT#';
/** A member's own record of their comments on posts (see postKeys.commentedMarker). */
export const COMMENTED_MARKER_PREFIX = 'COMMENTED#';

/** Posts and what hangs off them. Post and comment ids are ULIDs, so sort keys sort by time. */
export const postKeys = {
  post: (postId: string) => ({ pk: `POST#${postId}`, sk: 'POST' }),
  /** One per reader and post, written on post (fan-out): a feed read is one Query, whatever the anchor count. */
  feedEntry: (ownerUid: string, postId: string) => ({ pk: `USER#${ownerUid}`, sk: `${FEED_ENTRY_PREFIX}${postId}` }),
  like: (postId: string, uid: string) => ({ pk: `POST#${postId}`, sk: `${LIKE_PREFIX}${uid}` }),
  comment: (postId: string, commentId: string) => ({ pk: `POST#${postId}`, sk: `${COMMENT_PREFIX}${commentId}` }),
  /** Remembers which post a createPost attempt made, so a retry returns it instead of posting twice; expires. */
  postRequest: (uid: string, clientRequestId: string) => ({ pk: `USER#${uid}`, sk: `POSTREQUEST#${clientRequestId}` }),
  /** The same for addComment: which comment an attempt made; expires like the post's. */
  commentRequest: (uid: string, clientRequestId: string) => ({ pk: `USER#${uid}`, sk: `COMMENTREQUEST#${clientRequestId}` }),
  /**
   * A marker in the member's own partition, written in the same transaction as their comment, so
   * removal finds their comments on others' posts with one Query (no scan). Their likes it finds
   * through GSI byLiker instead: a like stays at three writes.
   */
  commentedMarker: (uid: string, postId: string, commentId: string) => ({
    pk: `USER#${uid}`,
    sk: `${COMMENTED_MARKER_PREFIX}${postId}#${commentId}`,
  }),
  /**
   * What its author deleted (a post, or a comment when commentId is given), written in the delete's
   * transaction and expiring after a day: a repeated delete (a double click) answers success.
   */
  deletedMarker: (uid: string, postId: string, commentId?: string) => ({
    pk: `USER#${uid}`,
    sk: commentId === undefined ? `DELETED#${postId}` : `DELETED#${postId}#${commentId}`,
  }),
} as const;

/**
 * What an item is, read from its key: one variant per builder above (keys, postKeys), named after
 * it, whose fields are the builder's arguments. `unknown` for a key no builder makes. Code outside
 * this module reads keys through it, never by their prefixes (a lint rule keeps the prefixes here).
 */
export type ParsedKey =
  | { kind: 'member'; uid: string }
  | { kind: 'invite-code'; code: string }
  | { kind: 'invite-reservation'; username: string }
  | { kind: 'spent-sign-up-ticket'; nonce: string }
  | { kind: 'daily-metrics'; date: string }
  | { kind: 'metrics-counter'; scope: keyof typeof METRICS_COUNTER_PARTITIONS; name: string }
  | { kind: 'inviter-rank-entry'; rankKey: string }
  | { kind: 'inviter-rank-of'; inviter: string }
  | { kind: 'metrics-applied'; sequenceNumber: string }
  | { kind: 'rate-window'; limit: string; client: string; windowStart: number }
  | { kind: 'anchor-edge'; uid: string; otherUid: string }
  | { kind: 'friendship'; friendshipId: string }
  | { kind: 'audit-entry'; entryId: string }
  | { kind: 'live-connection'; uid: string; connectionId: string }
  | { kind: 'live-sockets'; uid: string }
  | { kind: 'live-connection-owner'; connectionId: string }
  | { kind: 'block'; uid: string; otherUid: string }
  | { kind: 'mute'; uid: string; otherUid: string }
  | { kind: 'report'; reportId: string }
  | { kind: 'open-report-on-target'; targetType: string; targetId: string; reporterUid: string }
  | { kind: 'own-report'; uid: string; reportId: string }
  | { kind: 'notice'; uid: string; noticeId: string }
  | { kind: 'notification'; uid: string; notificationId: string }
  | { kind: 'notification-state'; uid: string }
  | { kind: 'told-once'; uid: string; digest: string }
  | { kind: 'moderation-log-entry'; entryId: string }
  | { kind: 'data-export-job'; uid: string }
  | { kind: 'migration-applied'; version: string }
  | { kind: 'migration-lease' }
  | { kind: 'removal-job'; rootUid: string; job: string }
  | { kind: 'vouch-received'; subjectUid: string; voucherUid: string }
  | { kind: 'vouch-given'; voucherUid: string; subjectUid: string }
  | { kind: 'vouch-month'; uid: string; month: string }
  | { kind: 'vouch-nonce'; nonceDigest: string }
  | { kind: 'vouch-short-code'; code: string }
  | { kind: 'due-item'; dueKind: string; subjectId: string }
  | { kind: 'post'; postId: string }
  | { kind: 'feed-entry'; ownerUid: string; postId: string }
  | { kind: 'like'; postId: string; uid: string }
  | { kind: 'comment'; postId: string; commentId: string }
  | { kind: 'post-request'; uid: string; clientRequestId: string }
  | { kind: 'comment-request'; uid: string; clientRequestId: string }
  | { kind: 'commented-marker'; uid: string; postId: string; commentId: string }
  | { kind: 'deleted-marker'; uid: string; postId: string; commentId?: string }
  | { kind: 'unknown' };

export type ItemKind = ParsedKey['kind'];

const UNKNOWN: ParsedKey = { kind: 'unknown' };

/** What follows `prefix` in `value`, or undefined when `value` does not begin with it. */
function after(value: string, prefix: string): string | undefined {
  return value.startsWith(prefix) ? value.slice(prefix.length) : undefined;
}

/** `a#b` as [a, b] at its first '#', or [value, undefined] without one. */
function splitOnce(value: string): [string, string | undefined] {
  const at = value.indexOf('#');
  return at < 0 ? [value, undefined] : [value.slice(0, at), value.slice(at + 1)];
}

/** The items of a member's partition (`USER#<uid>`), by sort key. */
function memberItem(uid: string, sk: string): ParsedKey {
  if (sk === USER_PROFILE_SK) return { kind: 'member', uid };
  if (sk === 'NOTIFSTATE') return { kind: 'notification-state', uid };
  if (sk === 'DATAEXPORT') return { kind: 'data-export-job', uid };
  const [word, rest] = splitOnce(sk);
  if (rest === undefined) return UNKNOWN;
  switch (`${word}#`) {
    case ANCHOR_EDGE_PREFIX:
      return { kind: 'anchor-edge', uid, otherUid: rest };
    case BLOCK_PREFIX:
      return { kind: 'block', uid, otherUid: rest };
    case MUTE_PREFIX:
      return { kind: 'mute', uid, otherUid: rest };
    case OWN_REPORT_PREFIX:
      return { kind: 'own-report', uid, reportId: rest };
    case NOTICE_PREFIX:
      return { kind: 'notice', uid, noticeId: rest };
    case NOTIFICATION_PREFIX:
      return { kind: 'notification', uid, notificationId: rest };
    case 'TOLD#':
      return { kind: 'told-once', uid, digest: rest };
    case VOUCH_RECEIVED_PREFIX:
      return { kind: 'vouch-received', subjectUid: uid, voucherUid: rest };
    case VOUCH_GIVEN_PREFIX:
      return { kind: 'vouch-given', voucherUid: uid, subjectUid: rest };
    case 'VOUCHMONTH#':
      return { kind: 'vouch-month', uid, month: rest };
    case FEED_ENTRY_PREFIX:
      return { kind: 'feed-entry', ownerUid: uid, postId: rest };
    case 'POSTREQUEST#':
      return { kind: 'post-request', uid, clientRequestId: rest };
    case 'COMMENTREQUEST#':
      return { kind: 'comment-request', uid, clientRequestId: rest };
    case COMMENTED_MARKER_PREFIX: {
      const [postId, commentId] = splitOnce(rest);
      return commentId === undefined ? UNKNOWN : { kind: 'commented-marker', uid, postId, commentId };
    }
    case 'DELETED#': {
      const [postId, commentId] = splitOnce(rest);
      return commentId === undefined ? { kind: 'deleted-marker', uid, postId } : { kind: 'deleted-marker', uid, postId, commentId };
    }
  }
  return UNKNOWN;
}

/** The items of a post's partition (`POST#<postId>`), by sort key. */
function postItem(postId: string, sk: string): ParsedKey {
  if (sk === 'POST') return { kind: 'post', postId };
  const uid = after(sk, LIKE_PREFIX);
  if (uid !== undefined) return { kind: 'like', postId, uid };
  const commentId = after(sk, COMMENT_PREFIX);
  return commentId === undefined ? UNKNOWN : { kind: 'comment', postId, commentId };
}

/** The items under `METRICS…` partitions. */
function metricsItem(pk: string, sk: string): ParsedKey {
  if (pk === keys.metrics('').pk) return { kind: 'daily-metrics', date: sk };
  if (pk === METRICS_COUNTER_PARTITIONS.community) return { kind: 'metrics-counter', scope: 'community', name: sk };
  if (pk === METRICS_COUNTER_PARTITIONS.inviter) return { kind: 'metrics-counter', scope: 'inviter', name: sk };
  if (pk === INVITER_RANKING_PARTITION) return { kind: 'inviter-rank-entry', rankKey: sk };
  const inviter = after(pk, 'METRICS#RANKED#');
  if (inviter !== undefined && sk === 'RANKED') return { kind: 'inviter-rank-of', inviter };
  const sequenceNumber = after(pk, 'METRICS#APPLIED#');
  if (sequenceNumber !== undefined && sk.startsWith('APPLIED#')) return { kind: 'metrics-applied', sequenceNumber };
  return UNKNOWN;
}

/** The one reader of keys: which item a pk and sk (an item, a stream image, a Query's key) belong to. */
export function parseKey({ pk, sk }: { pk?: unknown; sk?: unknown }): ParsedKey {
  if (typeof pk !== 'string' || typeof sk !== 'string') return UNKNOWN;
  const [word, id] = splitOnce(pk);
  if (id === undefined) {
    if (pk === RESERVATION_PARTITION) {
      const username = after(sk, 'USER#');
      return username === undefined ? UNKNOWN : { kind: 'invite-reservation', username };
    }
    if (pk === 'METRICS') return metricsItem(pk, sk);
    if (pk === 'AUDIT') return { kind: 'audit-entry', entryId: sk };
    if (pk === MODERATION_LOG_PARTITION) return { kind: 'moderation-log-entry', entryId: sk };
    if (pk === MIGRATION_PARTITION) return sk === 'LEASE' ? { kind: 'migration-lease' } : { kind: 'migration-applied', version: sk };
    return UNKNOWN;
  }
  switch (`${word}#`) {
    case PARTITION_PREFIXES.member:
      return memberItem(id, sk);
    case PARTITION_PREFIXES.post:
      return postItem(id, sk);
    case PARTITION_PREFIXES.metrics:
      return metricsItem(pk, sk);
    case PARTITION_PREFIXES.inviteCode:
      return sk === 'INVITE' ? { kind: 'invite-code', code: id } : UNKNOWN;
    case PARTITION_PREFIXES.spentSignUpTicket:
      return sk === 'SPENT' ? { kind: 'spent-sign-up-ticket', nonce: id } : UNKNOWN;
    case PARTITION_PREFIXES.friendship:
      return sk === 'FRIENDSHIP' ? { kind: 'friendship', friendshipId: id } : UNKNOWN;
    case PARTITION_PREFIXES.report:
      return sk === 'REPORT' ? { kind: 'report', reportId: id } : UNKNOWN;
    case PARTITION_PREFIXES.reportsOnTarget: {
      const [targetType, targetId] = splitOnce(id);
      const reporterUid = after(sk, REPORTER_PREFIX);
      return targetId === undefined || reporterUid === undefined ? UNKNOWN : { kind: 'open-report-on-target', targetType, targetId, reporterUid };
    }
    case PARTITION_PREFIXES.removalJob:
      return { kind: 'removal-job', rootUid: id, job: sk };
    case PARTITION_PREFIXES.rate: {
      const [limit, client] = splitOnce(id);
      const windowStart = after(sk, 'WINDOW#');
      return client === undefined || windowStart === undefined ? UNKNOWN : { kind: 'rate-window', limit, client, windowStart: Number(windowStart) };
    }
    case 'LIVE#': {
      if (sk === 'SOCKETS') return { kind: 'live-sockets', uid: id };
      const connectionId = after(sk, LIVE_CONNECTION_PREFIX);
      return connectionId === undefined ? UNKNOWN : { kind: 'live-connection', uid: id, connectionId };
    }
    case 'LIVECONN#':
      return sk === 'LIVECONN' ? { kind: 'live-connection-owner', connectionId: id } : UNKNOWN;
    case PARTITION_PREFIXES.vouchNonce:
      return sk === 'NONCE' ? { kind: 'vouch-nonce', nonceDigest: id } : UNKNOWN;
    case PARTITION_PREFIXES.vouchShortCode:
      return sk === 'SHORT' ? { kind: 'vouch-short-code', code: id } : UNKNOWN;
    case PARTITION_PREFIXES.dueItem: {
      const [dueKind, subjectId] = splitOnce(id);
      return subjectId === undefined || sk !== 'DUE' ? UNKNOWN : { kind: 'due-item', dueKind, subjectId };
    }
  }
  return UNKNOWN;
}

/** An item's key as the kind its read already knows (a like from GSI byLiker…); any other key is an error. */
export function parseKeyAs<K extends ItemKind>(kind: K, item: { pk?: unknown; sk?: unknown }): Extract<ParsedKey, { kind: K }> {
  const key = parseKey(item);
  if (key.kind !== kind) throw new Error(`Not the key of a ${kind}`);
  return key as Extract<ParsedKey, { kind: K }>;
}

/** The member whose partition `pk` is (`USER#<uid>`): for items read without their sort key. */
export function memberOfPartition(pk: unknown): string {
  const uid = typeof pk === 'string' ? after(pk, PARTITION_PREFIXES.member) : undefined;
  if (uid === undefined) throw new Error('Not a member partition');
  return uid;
}

/** Index attributes that make a user findable by name and email prefix (see table-schema.ts). */
export function userIndexAttributes(user: { uid: string; displayName: string; email: string }) {
  const name = user.displayName.trim().toLowerCase();
  const email = user.email.trim().toLowerCase();
  return {
    nameShard: `NAME#${name.charAt(0)}`,
    nameKey: `${name}#${user.uid}`,
    emailShard: `EMAIL#${email.charAt(0)}`,
    emailKey: email,
  };
}

/** Attributes that belong to storage, never to an API response. */
export const STORAGE_ATTRIBUTES = ['pk', 'sk', 'nameShard', 'nameKey', 'emailShard', 'emailKey', 'postKey', 'expiresAt', 'openQueue'] as const;

export function withoutStorageAttributes(item: Record<string, unknown>): Record<string, unknown> {
  const storage: ReadonlySet<string> = new Set(STORAGE_ATTRIBUTES);
  return Object.fromEntries(Object.entries(item).filter(([name]) => !storage.has(name)));
}

/**
 * The sort keys of the items whose changes the table's stream consumer reacts to (table-changes.ts
 * classifies them): member records, posts, anchor pairs and their edges, comments, likes and
 * moderation notices (notifications). The event source mapping delivers only these
 * (lambdas/streams/stream-mapping.ts), so the churn of feed entries, rate counters and live
 * connections never invokes the consumer. A new reaction to another
 * item adds its sort key here.
 */
export const STREAM_REACTED_SORT_KEYS = [
  'PROFILE',
  'POST',
  'FRIENDSHIP',
  { prefix: 'ANCHOR#' },
  { prefix: 'COMMENT#' },
  // Notifications (lambdas/streams/notify.ts): a like tells the post's author; a moderation notice its member.
  { prefix: 'LIKE#' },
  { prefix: 'NOTICE#' },
  // A vouch received tells its member (lambdas/data/notifications/vouch-notice-changes.ts); the given mirror tells nobody.
  { prefix: VOUCH_RECEIVED_PREFIX },
] as const;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A notification's id: a ULID whose time is when the thing happened and whose randomness is the
 * digest of what happened (`identity`: kind, item, recipient…), so a redelivered stream record
 * derives the same id and its put (attribute_not_exists) stores nothing twice, while ids still sort
 * by time for paging.
 */
export function notificationIdOf(at: string, identity: string): string {
  let ms = Math.max(0, Math.min(Date.parse(at) || 0, 2 ** 48 - 1));
  let time = '';
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  const digest = createHash('sha256').update(identity, 'utf8').digest();
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[(digest[i] as number) % 32];
  return time + random;
}
