import { DAYS_PER_MONTH, type Assumptions } from './assumptions.ts';
import { LIVE_SOCKETS_PER_MEMBER } from '../../lambdas/domain/live-sockets.ts';
import { VOUCH_MONTHS, VOUCHES_TO_VERIFY } from '../../lambdas/contracts/vouching.ts';
import { DUE_QUEUE_SHARDS } from '../../lambdas/data/table/keys.ts';

/**
 * What N members do to the stack in a month, in the units AWS bills: requests, request units,
 * bytes, minutes. Pure arithmetic on the assumptions (assumptions.ts); prices come in bill.ts.
 *
 * DynamoDB's units, as its pricing page defines them: a write is 1 unit per KB (rounded up), twice
 * that inside a transaction; a GetItem or BatchGet key is 1 unit per 4 KB strongly consistent, half
 * that eventually consistent; a Query is billed on the bytes of all the items it read (filtered
 * ones too), rounded up to 4 KB, at least one unit. Every write whose item carries a GSI's key is
 * written to that index as well (a write unit per KB of the projected item).
 */

const KB = 1024;
const GB = 1e9;

export const readUnits = {
  /** GetItem or one BatchGet key, strongly consistent. */
  strong: (bytes: number) => Math.ceil(bytes / (4 * KB)),
  /** GetItem or one BatchGet key, eventually consistent. */
  eventual: (bytes: number) => Math.ceil(bytes / (4 * KB)) / 2,
  /** A Query reading `bytes` in all. */
  query: (bytes: number, consistent: boolean) => Math.max(1, Math.ceil(bytes / (4 * KB))) / (consistent ? 1 : 2),
};

export const writeUnits = {
  standard: (bytes: number) => Math.ceil(bytes / KB),
  transactional: (bytes: number) => 2 * Math.ceil(bytes / KB),
};

/** One kind of request and what one of it does. */
export interface RequestShape {
  /** Table read request units. */
  readonly rru: number;
  /** Table write request units. */
  readonly wru: number;
  /** GSI write request units. */
  readonly gsiWru: number;
  /** Stream records its writes produce. */
  readonly streamRecords: number;
  /**
   * Of those, the records the consumer's filters deliver (lambdas/streams/stream-mapping.ts: member
   * records, posts, anchor pairs and edges, comments; not rate counters, likes, feed entries,
   * request markers or live connections): what invokes the consumer.
   */
  readonly deliveredRecords: number;
}

/** A source of DynamoDB units, for the "what drives it" breakdown. */
export interface UnitsBySource {
  readonly source: string;
  readonly rru: number;
  readonly wru: number;
  readonly gsiWru: number;
}

export interface LambdaUse {
  readonly invocations: number;
  readonly gbSeconds: number;
}

export interface MonthlyUsage {
  readonly members: number;
  readonly mau: number;
  /** Member-days of use. */
  readonly activeDays: number;
  readonly sessions: number;
  readonly feedReads: {
    readonly onOpen: number;
    readonly onPush: number;
    readonly catchUp: number;
    readonly older: number;
    readonly returns: number;
    readonly fallback: number;
    readonly total: number;
  };
  /** Callable invocations by kind (each an HTTP API request and a Lambda invocation). */
  readonly callables: Readonly<Record<CallableKind, number>>;
  readonly dynamodb: {
    readonly rru: number;
    readonly wru: number;
    readonly gsiWru: number;
    readonly streamRecords: number;
    readonly tableGb: number;
    readonly indexGb: number;
    readonly bySource: readonly UnitsBySource[];
  };
  readonly lambda: Readonly<Record<FunctionKind, LambdaUse>>;
  readonly httpApiRequests: number;
  readonly webSocket: { readonly connects: number; readonly messagesIn: number; readonly messagesOut: number; readonly connectionMinutes: number };
  /** viewerRequests and viewerGb: what browsers fetch through CloudFront; getRequests: what reaches S3 (edge misses). */
  readonly pictures: {
    readonly storageGb: number;
    readonly putRequests: number;
    readonly viewerRequests: number;
    readonly getRequests: number;
    readonly viewerGb: number;
  };
  readonly webBucket: { readonly getRequests: number };
  readonly logBucket: { readonly storageGb: number; readonly putRequests: number };
  readonly cloudFront: { readonly requests: number; readonly dataOutGb: number; readonly dataToOriginGb: number; readonly functionInvocations: number };
  readonly cloudWatchLogs: { readonly ingestedGb: number; readonly storedGb: number };
  readonly cognito: { readonly mau: number; readonly requests: number };
  readonly sqsRequests: number;
  /** X-Ray traces recorded: the invocations the default sampling rule keeps (an upper bound, see assumptions.ts). */
  readonly xray: { readonly tracesRecorded: number };
  /** The daily metrics job: the counters it reads a run (the community's: figures, days, cities) and seconds a run (its Lambda timeout is 300 s). */
  readonly metricsJob: { readonly countersPerRun: number; readonly readUnitsPerRun: number; readonly secondsPerRun: number };
  /** Verification in person: vouches made, codes shown, and the minute sweep (runs, a Query per queue shard each, the due items it handles). */
  readonly vouching: {
    readonly vouches: number;
    readonly codes: number;
    readonly sweepRuns: number;
    readonly sweepQueries: number;
    readonly sweepReadUnits: number;
    readonly dueItemsHandled: number;
  };
}

export type CallableKind =
  | 'getFeed'
  | 'getMe'
  | 'pendingAnchorRequests'
  | 'togglePostLike'
  | 'addComment'
  | 'createPost'
  | 'listComments'
  | 'getPostLikers'
  | 'getUserProfile'
  | 'anchorChange'
  | 'createVouchCode'
  | 'previewVouchCode'
  | 'vouchFor'
  | 'otherCallable';

export type FunctionKind = 'callables' | 'liveConnect' | 'liveDisconnect' | 'livePing' | 'streamConsumer' | 'scheduledJobs';

/**
 * The request shapes, from the code (lambdas/, 2026-11-25) and the item sizes. Each callable that may
 * write also pays the abuse budget's counter (one conditional UpdateItem of a small item,
 * lambdas/http/rate-limit.ts); a read-only one (contract readOnly) counts it in memory, no write.
 * All but getFeed pay the presence check (one strongly consistent GetItem of the caller's record);
 * getMe pays it for the session epoch alone, besides its own read of the record.
 */
export function requestShapes(a: Assumptions): Readonly<Record<CallableKind | 'liveConnect' | 'liveDisconnect', RequestShape>> {
  const s = a.itemBytes;
  const counter = writeUnits.standard(s.smallItem);
  const presence = readUnits.strong(s.userRecord);
  // A notification (lambdas/streams/notify.ts): the consumer reads the post, the recipient's record
  // (strong, projected) and the actor's; one transaction puts the notification and moves the unread counter.
  const notificationReads = readUnits.eventual(s.post) + readUnits.strong(s.smallItem) + readUnits.eventual(s.smallItem);
  const notificationWrites = 2 * writeUnits.transactional(s.smallItem);
  const edges = a.network.averageAnchors + a.network.otherEdges;
  const anchorList = readUnits.query(edges * s.anchorEdge, false);
  const page = feedPageEntries(a);
  const userGsis = 3; // byName, byEmail, byInviter: ALL projections of the user record.
  const refresh = a.sessions.lastActiveRefreshShare;
  return {
    // One Query of the entries (projected, eventually consistent), one strongly consistent BatchGet
    // of the caller's record and the page's posts (each key at least one unit); no write.
    getFeed: {
      rru: readUnits.query(page * s.feedEntry, false) + readUnits.strong(s.userRecord) + page * readUnits.strong(s.post),
      wru: 0,
      gsiWru: 0,
      streamRecords: 0,
      deliveredRecords: 0,
    },
    // The presence read (for the session epoch), the record (eventually consistent), the counter,
    // and at most hourly `SET lastActive`, which the three ALL-projection user indexes copy.
    getMe: {
      rru: presence + readUnits.eventual(s.userRecord),
      wru: counter + refresh * writeUnits.standard(s.userRecord),
      gsiWru: refresh * userGsis * writeUnits.standard(s.userRecord),
      streamRecords: 1 + refresh,
      deliveredRecords: refresh,
    },
    pendingAnchorRequests: { rru: presence + anchorList, wru: 0, gsiWru: 0, streamRecords: 0, deliveredRecords: 0 },
    // Presence, the post, the pair, the liker's record, their entry, the post again (strong); one
    // transaction (like, post, the liker's entry); byLiker (keys only) on the like's put or delete.
    // The like itself reaches the consumer too (notifications): it reads the post, the author's
    // record (strong) and the liker's, then writes the author's notification and unread counter in
    // one transaction (counted here for every toggle, though an unlike notifies nobody).
    togglePostLike: {
      rru: presence + 4 * readUnits.eventual(s.post) + readUnits.strong(s.post) + notificationReads,
      wru: counter + writeUnits.transactional(s.like) + writeUnits.transactional(s.post) + writeUnits.transactional(s.feedEntry) + notificationWrites,
      gsiWru: writeUnits.standard(s.smallItem),
      streamRecords: 6,
      deliveredRecords: 2,
    },
    // Presence, the post, the pair, the author's record; one transaction (request marker, comment,
    // post counts, the COMMENTED# marker); the comments budget's counter.
    addComment: {
      rru: presence + 3 * readUnits.eventual(s.post),
      // + the post author's notification (thread notifications of earlier commenters come on top; not modelled).
      wru:
        2 * counter + writeUnits.transactional(s.smallItem) * 2 + writeUnits.transactional(s.comment) + writeUnits.transactional(s.post) + notificationWrites,
      gsiWru: 0,
      streamRecords: 8,
      deliveredRecords: 2,
    },
    // Presence, the author's record, the author's entry check; one transaction (request marker,
    // post), the author's entry, the posts budget's counter; byAuthor (INCLUDE postId, isWallPost).
    createPost: {
      rru: presence + 2 * readUnits.eventual(s.post),
      wru: 2 * counter + writeUnits.transactional(s.smallItem) + writeUnits.transactional(s.post) + writeUnits.standard(s.feedEntry),
      gsiWru: writeUnits.standard(s.smallItem),
      streamRecords: 5,
      deliveredRecords: 1,
    },
    listComments: { rru: presence + readUnits.query(commentsPerPost(a) * s.comment, false), wru: 0, gsiWru: 0, streamRecords: 0, deliveredRecords: 0 },
    getPostLikers: { rru: presence + readUnits.query(likesPerPost(a) * s.like, false), wru: 0, gsiWru: 0, streamRecords: 0, deliveredRecords: 0 },
    // Presence, the member's record, the pair.
    getUserProfile: {
      rru: presence + readUnits.eventual(s.userRecord) + readUnits.eventual(s.anchorEdge),
      wru: 0,
      gsiWru: 0,
      streamRecords: 0,
      deliveredRecords: 0,
    },
    // A request sent or accepted: the pair and both records read, one transaction of the pair, both
    // edges and both records' anchorCount, which the user indexes copy.
    anchorChange: {
      rru: presence + readUnits.strong(s.anchorEdge) + 2 * readUnits.eventual(s.userRecord),
      wru: counter + 3 * writeUnits.transactional(s.anchorEdge) + 2 * writeUnits.transactional(s.userRecord),
      gsiWru: 2 * userGsis * writeUnits.standard(s.userRecord),
      streamRecords: 6,
      deliveredRecords: 5,
    },
    // A code: the presence read, the budget's counter, one transaction of the nonce's digest and its
    // six-character fallback (lambdas/data/vouching/vouch-codes.ts).
    createVouchCode: { rru: presence, wru: counter + 2 * writeUnits.transactional(s.smallItem), gsiWru: 0, streamRecords: 3, deliveredRecords: 0 },
    // The code (strong) and its subject's record; the budget's counter.
    previewVouchCode: {
      rru: presence + readUnits.strong(s.smallItem) + readUnits.eventual(s.userRecord),
      wru: counter,
      gsiWru: 0,
      streamRecords: 1,
      deliveredRecords: 0,
    },
    // The code, both records, the subject's received vouches (strong) and the pair; one transaction:
    // the code redeemed, both sides of the vouch, the month's count, the subject's record and its two
    // due items (the notice and the lapse, each in the GSI queues), the record copied by the three
    // user indexes; then the subject's 'vouched' notification from the stream.
    vouchFor: {
      rru:
        presence +
        readUnits.strong(s.smallItem) +
        readUnits.strong(s.userRecord) +
        readUnits.query(3 * s.smallItem, true) +
        readUnits.eventual(s.anchorEdge) +
        notificationReads,
      wru: counter + 6 * writeUnits.transactional(s.smallItem) + writeUnits.transactional(s.userRecord) + notificationWrites,
      gsiWru: userGsis * writeUnits.standard(s.userRecord) + 2 * writeUnits.standard(s.smallItem),
      streamRecords: 10,
      deliveredRecords: 2,
    },
    otherCallable: { rru: presence + anchorList, wru: counter, gsiWru: 0, streamRecords: 1, deliveredRecords: 0 },
    // $connect: the presence GetItem twice (before the registration and again after it,
    // lambdas/live/connect.ts), the member's sockets Query (strong; at most 10 small items), and one
    // transaction of three items: the socket version the cap is conditioned on, the member's and the
    // connection's items (lambdas/data/live/live-connections.ts).
    liveConnect: {
      rru: 2 * presence + readUnits.query((LIVE_SOCKETS_PER_MEMBER + 1) * s.smallItem, true),
      wru: 3 * writeUnits.transactional(s.smallItem),
      gsiWru: 0,
      streamRecords: 3,
      deliveredRecords: 0,
    },
    // $disconnect: the connection's owner item (strong), two Deletes.
    liveDisconnect: { rru: readUnits.strong(s.smallItem), wru: 2 * writeUnits.standard(s.smallItem), gsiWru: 0, streamRecords: 2, deliveredRecords: 0 },
  };
}

/** Posts an average member makes a month. */
export function postsPerMemberMonth(a: Assumptions): number {
  return a.members.dailyActiveShare * DAYS_PER_MONTH * a.actionsPerActiveDay.posts;
}

/** Entries in a member's feed: their anchors' and their own posts of the last 90 days, at most 1,000. */
export function feedEntriesPerMember(a: Assumptions): number {
  const postsPerDay = a.members.dailyActiveShare * a.actionsPerActiveDay.posts;
  return Math.min(1_000, (a.network.averageAnchors + 1) * postsPerDay * 90);
}

function feedPageEntries(a: Assumptions): number {
  return Math.min(50, Math.round(feedEntriesPerMember(a)));
}

function commentsPerPost(a: Assumptions): number {
  return a.actionsPerActiveDay.comments / a.actionsPerActiveDay.posts;
}

function likesPerPost(a: Assumptions): number {
  return a.actionsPerActiveDay.likes / a.actionsPerActiveDay.posts;
}

/** The month of `members` members. */
export function monthlyUsage(members: number, a: Assumptions): MonthlyUsage {
  if (a.network.averageAnchors > a.network.anchorCap) throw new Error(`averageAnchors ${a.network.averageAnchors} is over the cap of ${a.network.anchorCap}`);
  const s = a.itemBytes;
  const shapes = requestShapes(a);
  const mau = members * a.members.monthlyActiveShare;
  const activeDays = members * a.members.dailyActiveShare * DAYS_PER_MONTH;
  const sessions = activeDays * a.sessions.perActiveDay;
  const openMinutes = sessions * a.sessions.openMinutes;
  const perDay = (rate: number) => activeDays * rate;
  const act = a.actionsPerActiveDay;

  const posts = perDay(act.posts);
  const likes = perDay(act.likes);
  const comments = perDay(act.comments);
  const readers = 1 + a.network.averageAnchors;
  const reached = a.live.connectedShareAtPush * a.live.connectionsPerConnectedMember;

  // Verification in person: each verified member is vouched for twice a year.
  const v = a.vouching;
  const vouches = (members * v.verifiedShare * VOUCHES_TO_VERIFY) / VOUCH_MONTHS;
  const codes = vouches * v.codesPerVouch;

  // A new post reads the first page on every open socket of the author's anchors (the author's own
  // page holds it already); a reconnect reads it to catch up; coming back to the dashboard reads it
  // (staleTime 0); a socket down reads once a minute.
  const feedReads = {
    onOpen: sessions,
    onPush: posts * a.network.averageAnchors * reached,
    catchUp: sessions * a.sessions.reconnectsPerSession,
    older: sessions * a.sessions.olderPagesPerSession,
    returns: sessions * a.sessions.returnsToDashboardPerSession,
    fallback: openMinutes * a.sessions.socketDownShare,
    total: 0,
  };
  feedReads.total = feedReads.onOpen + feedReads.onPush + feedReads.catchUp + feedReads.older + feedReads.returns + feedReads.fallback;

  const callables: Record<CallableKind, number> = {
    getFeed: feedReads.total,
    getMe: sessions,
    pendingAnchorRequests: sessions * (a.sessions.otherCallsOnOpen - 1),
    togglePostLike: likes,
    addComment: comments,
    createPost: posts,
    listComments: perDay(act.threadsOpened),
    getPostLikers: perDay(act.likerListsOpened),
    getUserProfile: perDay(act.profileViews),
    anchorChange: members * a.network.anchorChangesPerMemberMonth,
    createVouchCode: codes,
    previewVouchCode: vouches,
    vouchFor: vouches,
    otherCallable: perDay(act.otherCalls),
  };
  const callableCount = Object.values(callables).reduce((sum, n) => sum + n, 0);

  // Live sockets.
  const connects = sessions * (1 + a.sessions.reconnectsPerSession);
  const connectionMinutes = openMinutes * (1 - a.sessions.socketDownShare);
  const pings = connectionMinutes / a.live.pingIntervalMinutes;

  // The stream consumer's reactions (lambdas/streams/react-to-change.ts). Each push Queries the
  // registry of every reader (strongly consistent, one unit each) and posts to their open sockets.
  const anchorList = readUnits.query((a.network.averageAnchors + a.network.otherEdges) * s.anchorEdge, false);
  const fanOuts = posts;
  const countPushes = likes + comments;
  const commentPushes = comments;
  const anchorPushes = callables.anchorChange * 2;
  const anchorCatchUps = callables.anchorChange / 2;
  const pushedMembers = (fanOuts + countPushes + commentPushes) * readers + anchorPushes;
  const messagesOut = pushedMembers * reached;
  const recentPostsOfOne = (postsPerMemberMonth(a) / DAYS_PER_MONTH) * 90;
  const m = a.metrics;
  const metricsCountedChanges = { days: activeDays, pairs: callables.anchorChange / 2 };
  const consumerUnits: UnitsBySource[] = [
    {
      source: 'stream: fan-out of posts (anchor lists, entries)',
      rru: fanOuts * 2 * anchorList,
      wru: fanOuts * a.network.averageAnchors * writeUnits.standard(s.feedEntry),
      gsiWru: 0,
    },
    {
      source: 'stream: pushes (readers\u2019 anchor lists, connection registry Queries)',
      rru: (countPushes + commentPushes) * anchorList + commentPushes * readUnits.eventual(s.post) + pushedMembers * 1,
      wru: 0,
      gsiWru: 0,
    },
    {
      // A member's first activity of a day moves their day counters (later ones that day move
      // nothing and write nothing); an accepted pair moves two. Each is one transaction of the
      // counters and the record's marker (items under 1 KB, 2 units each inside a transaction).
      // Joins (a few counters more and one inviter's re-ranking) are too rare to show here.
      source: 'stream: metrics counters',
      rru: 0,
      wru:
        metricsCountedChanges.days * writeUnits.transactional(m.counterBytes) * (m.countersPerActiveDay + 1) +
        metricsCountedChanges.pairs * writeUnits.transactional(m.counterBytes) * (m.countersPerAcceptedPair + 1),
      gsiWru: 0,
    },
    {
      source: 'stream: anchor changes (feed catch-up)',
      rru: anchorCatchUps * (readUnits.query(recentPostsOfOne * s.smallItem, false) + recentPostsOfOne * readUnits.eventual(s.feedEntry)),
      wru: anchorCatchUps * recentPostsOfOne * writeUnits.standard(s.feedEntry),
      gsiWru: 0,
    },
  ];

  // Storage, the table after `historyMonths`: posts, likes and comments never expire; feed
  // entries (90 days), request markers (24 h), rate counters and live connections do.
  const perMemberMonth = (perActiveDay: number) => a.members.dailyActiveShare * DAYS_PER_MONTH * perActiveDay;
  const h = a.storage.historyMonths;
  const o = s.storageOverheadPerItem;
  const edges = a.network.averageAnchors + a.network.otherEdges;
  const tableBytesPerMember =
    s.userRecord +
    o +
    edges * (s.anchorEdge + o) +
    (edges / 2) * (s.anchorEdge + o) +
    perMemberMonth(act.posts) * h * (s.post + o) +
    perMemberMonth(act.likes) * h * (s.like + o) +
    perMemberMonth(act.comments) * h * (s.comment + o + s.smallItem + o) +
    feedEntriesPerMember(a) * (s.feedEntry + o) +
    // A verified member's vouches received and given (both sides), and their two due items.
    v.verifiedShare * (2 * VOUCHES_TO_VERIFY + 2) * (s.smallItem + o);
  const indexBytesPerMember =
    3 * (s.userRecord + o) +
    perMemberMonth(act.posts) * h * (s.smallItem + o) +
    perMemberMonth(act.likes) * h * (s.smallItem + o) +
    // The GSI queues: a verified member's due items, a pending member's record (ALL projections).
    v.verifiedShare * 2 * (s.smallItem + o) +
    (1 - v.verifiedShare) * (s.userRecord + o);
  const tableBytes = members * tableBytesPerMember;

  // Scheduled jobs: the daily metrics job Queries the community's counters (a counter per figure,
  // per day of the history in three kinds, per city; eventually consistent) and the ranking's
  // first 10 entries, and Puts the record; the hourly lapse job Queries the held invites.
  const countersPerRun = 5 + 3 * h * DAYS_PER_MONTH + Math.ceil(members / m.membersPerCity);
  const metricsReadUnits = readUnits.query(countersPerRun * m.counterBytes, false) + readUnits.query(10 * s.smallItem, false);
  const metricsRuns = DAYS_PER_MONTH;
  const lapseRuns = 24 * DAYS_PER_MONTH;
  const jobUnits: UnitsBySource = {
    source: 'scheduled jobs (daily metrics from the counters, hourly lapses)',
    rru: metricsRuns * metricsReadUnits + lapseRuns * 0.5,
    wru: metricsRuns,
    gsiWru: 0,
  };
  // The minute sweep (lambdas/jobs/due-items-sweep.ts): a Query of each queue shard every minute
  // (eventually consistent, an empty one half a unit), and the items due: a notice (the record's
  // notice fields, copied by the user indexes, then the notification from the stream) or a lapse
  // (the record and its vouches read strong, one transaction of the record and its due items); each
  // item deleted after (the table and the GSI queues).
  const sweepRuns = 24 * 60 * DAYS_PER_MONTH;
  const sweepQueries = sweepRuns * DUE_QUEUE_SHARDS;
  const sweepReadUnits = sweepQueries * readUnits.query(0, false);
  const dueItemsHandled = (members * v.verifiedShare * v.lapsingShare * 2) / 12;
  const sweepUnits: UnitsBySource = {
    source: 'scheduled: the minute sweep of due items (a Query per queue shard, the items due)',
    rru: sweepReadUnits + dueItemsHandled * (readUnits.strong(s.userRecord) + readUnits.query(3 * s.smallItem, true)),
    wru: dueItemsHandled * (writeUnits.transactional(s.userRecord) + writeUnits.standard(s.smallItem) + 2 * writeUnits.transactional(s.smallItem)),
    gsiWru: dueItemsHandled * (3 * writeUnits.standard(s.userRecord) + writeUnits.standard(s.smallItem)),
  };

  const callableUnits: UnitsBySource[] = (Object.keys(callables) as CallableKind[]).map((kind) => ({
    source: `callable: ${kind}`,
    rru: callables[kind] * shapes[kind].rru,
    wru: callables[kind] * shapes[kind].wru,
    gsiWru: callables[kind] * shapes[kind].gsiWru,
  }));
  const liveUnits: UnitsBySource = {
    source: 'live: $connect and $disconnect',
    rru: connects * (shapes.liveConnect.rru + shapes.liveDisconnect.rru),
    wru: connects * (shapes.liveConnect.wru + shapes.liveDisconnect.wru),
    gsiWru: 0,
  };
  const bySource = [...callableUnits, liveUnits, ...consumerUnits, jobUnits, sweepUnits];
  const total = (key: 'rru' | 'wru' | 'gsiWru') => bySource.reduce((sum, row) => sum + row[key], 0);

  const streamRecords =
    (Object.keys(callables) as CallableKind[]).reduce((sum, kind) => sum + callables[kind] * shapes[kind].streamRecords, 0) +
    connects * (shapes.liveConnect.streamRecords + shapes.liveDisconnect.streamRecords) +
    fanOuts * a.network.averageAnchors +
    anchorCatchUps * recentPostsOfOne +
    metricsRuns +
    dueItemsHandled * 3;

  // Lambda: billed duration × memory, plus INIT on cold starts.
  const gbPerMs = a.lambda.memoryMb / 1024 / 1000;
  const lambdaUse = (invocations: number, totalMs: number): LambdaUse => ({
    invocations,
    gbSeconds: (totalMs + invocations * a.lambda.coldStartShare * a.lambda.initMs) * gbPerMs,
  });
  const d = a.lambda.durationMs;
  const writeCalls =
    callables.togglePostLike + callables.addComment + callables.createPost + callables.anchorChange + callables.createVouchCode + callables.vouchFor;
  // Only what the filters deliver invokes the consumer; Lambda's poller reads the rest for free.
  const deliveredRecords = (Object.keys(callables) as CallableKind[]).reduce((sum, kind) => sum + callables[kind] * shapes[kind].deliveredRecords, 0);
  const consumerInvocations = deliveredRecords / a.lambda.deliveredRecordsPerInvocation;
  const lambda: Record<FunctionKind, LambdaUse> = {
    callables: lambdaUse(
      callableCount,
      callables.getFeed * d.getFeed +
        callables.getUserProfile * d.getUserProfile +
        writeCalls * d.writeCallable +
        (callableCount - callables.getFeed - callables.getUserProfile - writeCalls) * d.readCallable,
    ),
    liveConnect: lambdaUse(connects, connects * d.liveConnect),
    liveDisconnect: lambdaUse(connects, connects * d.liveDisconnect),
    livePing: lambdaUse(pings, pings * d.livePing),
    streamConsumer: lambdaUse(
      consumerInvocations,
      consumerInvocations * d.streamBatch +
        fanOuts * d.streamFanOut +
        (fanOuts + countPushes + commentPushes + anchorPushes) * d.streamPush +
        (metricsCountedChanges.days + metricsCountedChanges.pairs) * d.streamMetricsCount,
    ),
    scheduledJobs: lambdaUse(
      metricsRuns + lapseRuns + sweepRuns,
      metricsRuns * d.metricsJob + lapseRuns * d.inviteLapses + sweepRuns * d.dueSweep + dueItemsHandled * d.dueItem,
    ),
  };

  // Pictures: served by CloudFront from /pictures/* (lib/web-hosting.ts) at keys that never change,
  // so a browser downloads each author picture once a day and gallery photos on the profiles it
  // opens; S3 answers only what the edge does not hold (its transfer to CloudFront is free).
  const pic = a.pictures;
  const avatarDownloads = activeDays * pic.avatarDownloadsPerActiveDay;
  // Every profile view counted as downloading its photos: a repeat view the same day is a browser
  // cache hit, which this does not subtract.
  const galleryDownloads = callables.getUserProfile * pic.galleryPhotosPerProfileView;
  const pictureDownloads = avatarDownloads + galleryDownloads;
  const uploads = members * a.storage.uploadsPerMemberMonth;
  const pictures = {
    storageGb: (members * (pic.profilePictureBytes + a.storage.galleryPhotosPerMember * pic.galleryPhotoBytes)) / GB,
    // A presigned POST, then the COPY that confirms it.
    putRequests: uploads * 2,
    viewerRequests: pictureDownloads,
    getRequests: pictureDownloads * (1 - pic.edgeHitShare),
    viewerGb: (avatarDownloads * pic.profilePictureBytes + galleryDownloads * pic.galleryPhotoBytes) / GB,
  };

  // CloudFront: the shell on every open (no-cache: each a revalidation at the web bucket), the
  // hashed assets once per deploy per browser, every callable on /api/*, every picture download.
  const w = a.web;
  const assetRequests = mau * w.assetDownloadsPerActiveMemberMonth * w.assetFiles;
  const shellRequests = sessions * w.shellRequestsPerSession;
  const responseBytes =
    callables.getFeed * (feedPageEntries(a) * w.postJsonBytes) +
    callables.getUserProfile * w.profileResponseBytes +
    (callableCount - callables.getFeed - callables.getUserProfile) * w.otherResponseBytes;
  const functionRequests = shellRequests + assetRequests + callableCount;
  // The live socket is at /live through CloudFront and its web ACL: each handshake is a
  // request (inspected), and its frames are data transfer (out: pushes; to the origin: pings).
  const cloudFrontRequests = functionRequests + pictures.viewerRequests + connects;
  const cloudFront = {
    requests: cloudFrontRequests,
    dataOutGb:
      (sessions * w.shellBytesPerSession +
        mau * w.assetDownloadsPerActiveMemberMonth * w.assetBytes +
        responseBytes +
        (callableCount + pictures.viewerRequests + connects) * w.responseHeaderBytes +
        messagesOut * a.live.frameBytes) /
        GB +
      pictures.viewerGb,
    dataToOriginGb: ((callableCount + connects) * w.requestBytes + pings * a.live.frameBytes) / GB,
    // SpaFallback on the default behaviour, ViewerAddress on /api/*: one per request either way;
    // /pictures/* runs none.
    functionInvocations: functionRequests,
  };
  const webBucketGets = sessions * (w.shellRequestsPerSession - 1);

  // Logs: every invocation's platform lines, every HTTP API and WebSocket route request's access line.
  const invocations = Object.values(lambda).reduce((sum, use) => sum + use.invocations, 0);
  const wsRouteRequests = 2 * connects + pings;
  const ingestedGb = (invocations * a.logs.lambdaBytesPerInvocation + (callableCount + wsRouteRequests) * a.logs.accessLogBytes) / GB;
  const s3LogRecords = pictures.getRequests + pictures.putRequests + webBucketGets;
  const logBucketMonthlyBytes = s3LogRecords * a.logs.s3AccessLogRecordBytes + cloudFrontRequests * a.logs.cloudFrontLogRecordBytes;

  const cognitoRequests = sessions * (1 + a.sessions.openMinutes / a.cognito.tokenMinutes) + mau * a.cognito.signInsPerMauMonth;

  return {
    members,
    mau,
    activeDays,
    sessions,
    feedReads,
    callables,
    dynamodb: {
      rru: total('rru'),
      wru: total('wru'),
      gsiWru: total('gsiWru'),
      streamRecords,
      tableGb: tableBytes / GB,
      indexGb: (members * indexBytesPerMember) / GB,
      bySource,
    },
    lambda,
    httpApiRequests: callableCount,
    webSocket: { connects, messagesIn: pings, messagesOut, connectionMinutes },
    pictures,
    webBucket: { getRequests: webBucketGets },
    logBucket: {
      storageGb: (logBucketMonthlyBytes * a.logs.accessLogBucketMonths) / GB,
      putRequests: (s3LogRecords + cloudFrontRequests) / a.logs.logRecordsPerObject,
    },
    cloudFront,
    cloudWatchLogs: { ingestedGb, storedGb: ingestedGb * a.logs.retentionMonths * a.logs.storedCompression },
    cognito: { mau, requests: cognitoRequests },
    sqsRequests: (consumerInvocations + metricsRuns + lapseRuns + sweepRuns) * a.failures.deadLetterShare,
    xray: { tracesRecorded: tracesRecorded(lambda, a) },
    metricsJob: { countersPerRun, readUnitsPerRun: metricsReadUnits, secondsPerRun: d.metricsJob / 1000 },
    vouching: { vouches, codes, sweepRuns, sweepQueries, sweepReadUnits, dueItemsHandled },
  };
}

const SECONDS_PER_MONTH = DAYS_PER_MONTH * 24 * 3600;

/**
 * The traces X-Ray's default rule records in a month: on each function, per second, the reservoir's
 * first requests and a share of the rest. Each kind's invocations are taken as spread evenly over
 * its functions and the month (what records the most: a burst uses the reservoir less).
 */
export function tracesRecorded(lambda: Readonly<Record<FunctionKind, LambdaUse>>, a: Assumptions): number {
  const { reservoirPerSecond, sampledShareBeyond, functions } = a.tracing;
  return (Object.keys(lambda) as FunctionKind[]).reduce((sum, kind) => {
    const perFunctionPerSecond = lambda[kind].invocations / functions[kind] / SECONDS_PER_MONTH;
    const sampledPerSecond = Math.min(perFunctionPerSecond, reservoirPerSecond) + sampledShareBeyond * Math.max(0, perFunctionPerSecond - reservoirPerSecond);
    return sum + sampledPerSecond * functions[kind] * SECONDS_PER_MONTH;
  }, 0);
}
