/**
 * Every assumption of the cost and capacity models (npm run cost:model), in one typed object. The
 * usage figures describe an invite-only community network whose members know each other offline
 * (neighbours, a club, a congregation): stickier than an open network, far quieter than a big one.
 * They were picked before the bill was computed and are not tuned to meet its targets; change one
 * here and every figure follows.
 *
 * "Per active day" means per member on a day they use the app. What each request reads and writes
 * was read from lambdas/ on 2026-11-25 (the design: feed entries are pointers, a page is one
 * Query + one strongly consistent BatchGet, fan-out and push run from the table's stream).
 */

export interface Assumptions {
  readonly members: {
    /** Members who sign in (or refresh a token) at least once in a month: Cognito's MAU. */
    readonly monthlyActiveShare: number;
    /** Members who open the app on a given day (DAU / members). */
    readonly dailyActiveShare: number;
  };
  readonly sessions: {
    /** Dashboard opens (page loads, each its own socket) per active day. */
    readonly perActiveDay: number;
    /** How long a dashboard stays open (socket connected), minutes. */
    readonly openMinutes: number;
    /** Socket drops per session that reconnect (network change, laptop sleep): each a $connect and a catch-up read. */
    readonly reconnectsPerSession: number;
    /** Share of open time with the socket down, when the page reads once a minute (FALLBACK_POLL_MS). */
    readonly socketDownShare: number;
    /** Callables besides getFeed on every open: getMe (which refreshes lastActive hourly) and the pending anchor requests. */
    readonly otherCallsOnOpen: number;
    /** Share of getMe calls that refresh lastActive (at most hourly: most opens are hours apart). */
    readonly lastActiveRefreshShare: number;
    /** Older feed pages read per session (scrolling past the first 50). */
    readonly olderPagesPerSession: number;
    /** Returns to the dashboard from another page in a session: the feed query (staleTime 0) reads the first page again. */
    readonly returnsToDashboardPerSession: number;
  };
  readonly actionsPerActiveDay: {
    readonly posts: number;
    /** Like toggles (a like or an unlike). */
    readonly likes: number;
    readonly comments: number;
    /** Comment threads opened (listComments). */
    readonly threadsOpened: number;
    /** Liker lists opened (getPostLikers). */
    readonly likerListsOpened: number;
    /** Other members' profiles viewed (getUserProfile, with their photo gallery). */
    readonly profileViews: number;
    /** Everything else: search, anchors and invites pages, settings. */
    readonly otherCalls: number;
  };
  readonly network: {
    /** Accepted anchors of an average member (the cap is 100). */
    readonly averageAnchors: number;
    readonly anchorCap: number;
    /** Pending or refused edges beside the accepted ones (they are read by every anchor-list Query). */
    readonly otherEdges: number;
    /** Anchor requests sent plus accepted per member a month (each a transaction and a stream reaction). */
    readonly anchorChangesPerMemberMonth: number;
    /** Distinct authors on a page of 50 posts (each a profile picture the browser fetches). */
    readonly distinctAuthorsPerPage: number;
  };
  readonly live: {
    /**
     * Share of a post's readers with a dashboard open when a push for it goes out. The time average
     * is dailyActiveShare × minutes open a day / 1,440 (0.6 % with the figures here); posts, likes
     * and comments are made in the same evening hours the readers are online, and anchors of one
     * community share a time zone, so 5× that.
     */
    readonly connectedShareAtPush: number;
    /** Open sockets of a connected member (a phone and a laptop, two tabs). */
    readonly connectionsPerConnectedMember: number;
    /** The client's keep-alive (web/src/lib/live/backoff.ts PING_INTERVAL_MS), minutes. */
    readonly pingIntervalMinutes: number;
    /** A push or ping frame on the wire through CloudFront (the socket is at /live), bytes. */
    readonly frameBytes: number;
  };
  /** Stored sizes (attribute names and values, as DynamoDB counts them), bytes. */
  readonly itemBytes: {
    readonly userRecord: number;
    readonly post: number;
    readonly feedEntry: number;
    readonly like: number;
    readonly comment: number;
    readonly anchorEdge: number;
    readonly smallItem: number;
    /** DynamoDB adds this much per item (and per index entry) to the billed storage. */
    readonly storageOverheadPerItem: number;
  };
  readonly storage: {
    /** Months of posts, likes and comments the table holds (they never expire): the bill is the table's after a year. */
    readonly historyMonths: number;
    /** Gallery photos a member keeps (at most 10). */
    readonly galleryPhotosPerMember: number;
    /** Photos and pictures uploaded per member a month (each a presigned POST and a COPY). */
    readonly uploadsPerMemberMonth: number;
  };
  /** What the daily metrics' counters hold (lambdas/domain/metrics-counters.ts). */
  readonly metrics: {
    /** Members per distinct "City, State" of a completed profile (a counter each). */
    readonly membersPerCity: number;
    /** One counter item as stored: its key (METRICS#COUNTERS, a name of ~25 characters) and its count, bytes. */
    readonly counterBytes: number;
    /** Counters a member's first activity of a day moves (last active on, quiet after: one day out, one in). */
    readonly countersPerActiveDay: number;
    /** Counters an accepted anchor pair moves (accepted, and local when it is). */
    readonly countersPerAcceptedPair: number;
  };
  readonly lambda: {
    readonly memoryMb: number;
    /** Warm billed durations (arm64, 512 MB, DynamoDB a few ms a call), ms. */
    readonly durationMs: {
      readonly getFeed: number;
      readonly readCallable: number;
      readonly writeCallable: number;
      readonly getUserProfile: number;
      readonly liveConnect: number;
      readonly liveDisconnect: number;
      readonly livePing: number;
      /** The stream consumer: an invocation's base, plus what each reaction adds. */
      readonly streamBatch: number;
      readonly streamFanOut: number;
      readonly streamPush: number;
      /** The daily metrics job: its two Queries (the community's counters, 10 ranking entries) and the record's Put. */
      readonly metricsJob: number;
      /** The stream consumer: what a change that moves the metrics' counters adds (one transaction). */
      readonly streamMetricsCount: number;
      readonly inviteLapses: number;
      /** The minute sweep of due items with nothing due: its eight Queries (one per queue shard) in parallel. */
      readonly dueSweep: number;
      /** What one due item adds (a verification's notice or lapse: a read or two, one write, the item's delete). */
      readonly dueItem: number;
    };
    /** Invocations that start a new environment (INIT is billed since August 2025). */
    readonly coldStartShare: number;
    readonly initMs: number;
    /**
     * Delivered stream records per consumer invocation. The filters deliver only the records a
     * reaction reads (about a fifth of them); at 100,000 members a few a second meet ~16 polls a
     * second (4 shards, 4 polls each), so an invocation mostly carries one: counted as one.
     */
    readonly deliveredRecordsPerInvocation: number;
  };
  readonly logs: {
    /** START, END and REPORT lines of a Lambda invocation (the callables log nothing else on success), bytes. */
    readonly lambdaBytesPerInvocation: number;
    /** One access-log line of the HTTP API or of the WebSocket stage, bytes. */
    readonly accessLogBytes: number;
    /** Stored log data is compressed: stored GB = ingested GB × this. */
    readonly storedCompression: number;
    /** CloudWatch retention on prod (lib/access-logs.ts: THREE_MONTHS). */
    readonly retentionMonths: number;
    /** S3 log bucket retention on prod (lib/access-logs.ts: 365 days). */
    readonly accessLogBucketMonths: number;
    /** An S3 server access log or CloudFront log record, bytes (CloudFront's gzipped). */
    readonly s3AccessLogRecordBytes: number;
    readonly cloudFrontLogRecordBytes: number;
    /** Log records per object S3 and CloudFront deliver (each object a PUT). */
    readonly logRecordsPerObject: number;
  };
  readonly web: {
    /**
     * JSON of one post in a feed page, bytes. The author's picture URL is ~105 of it
     * (`https://{distribution}/pictures/{uid}/{version}.jpg`); until pictures were served by version
     * it was a signed URL with the Lambda role's session token, ~1,400, and a post was 1,800.
     */
    readonly postJsonBytes: number;
    readonly otherResponseBytes: number;
    readonly profileResponseBytes: number;
    /** Response headers CloudFront adds or passes (the security headers, the CSP), bytes. */
    readonly responseHeaderBytes: number;
    /** A POST to /api/* as it reaches the origin (the bearer token, headers, the body), bytes. */
    readonly requestBytes: number;
    /** Shell requests per open: spa.html and config.json (no-cache: 304 when unchanged), favicon. */
    readonly shellRequestsPerSession: number;
    readonly shellBytesPerSession: number;
    /** Fresh downloads of the hashed assets per monthly active member (a deploy changes them). */
    readonly assetDownloadsPerActiveMemberMonth: number;
    /** The signed-in dashboard's initial JS (docs/measurements.md: 270.8 KB gzip in 26 files). */
    readonly assetBytes: number;
    readonly assetFiles: number;
  };
  readonly pictures: {
    /** A 250×250 JPEG at quality 0.9 (web/src/features/joining/picture/crop-math.ts), bytes. */
    readonly profilePictureBytes: number;
    /**
     * Distinct profile pictures a member's browser shows in an active day (the authors on the day's
     * feed pages, commenters, the profiles opened). Each is downloaded once: a picture's key names
     * one version and never changes, and the browser keeps it a day (`private, max-age=86400,
     * immutable`, lambdas/data/storage/pictures.ts), however many pages show it. Until pictures were served
     * by version, every page load downloaded 80 % of its authors' pictures again (URLs signed per
     * Lambda environment).
     */
    readonly avatarDownloadsPerActiveDay: number;
    /**
     * Share of picture downloads CloudFront answers from an edge cache without asking S3. The edge
     * keeps a picture 5 minutes (lib/web-hosting.ts PICTURE_EDGE_TTL, which bounds how long a
     * revoked one stays reachable); an author's picture is seen by at most 100 anchors across a day,
     * so few of them ask the same edge within 5 minutes.
     */
    readonly edgeHitShare: number;
    /** Gallery photos a profile view shows (the viewer may see them) and their size, as shrunk in the browser before upload. */
    readonly galleryPhotosPerProfileView: number;
    readonly galleryPhotoBytes: number;
    /** Author pictures in an opened comment thread. */
    readonly avatarsPerThread: number;
  };
  readonly cognito: {
    /** Access tokens live 15 minutes (lib/auth.ts): Amplify refreshes one on open and every 15 open minutes. */
    readonly tokenMinutes: number;
    /** Full sign-ins (one Cognito request each) per monthly active member: the refresh token lives 30 days. */
    readonly signInsPerMauMonth: number;
  };
  /** Verification in person (lambdas/contracts/vouching.ts, lambdas/jobs/due-items-sweep.ts). */
  readonly vouching: {
    /** Members verified by vouches; each stays so with two vouches a year (a vouch lasts 12 months). */
    readonly verifiedShare: number;
    /** Codes a member shows per vouch they get: a code lasts a minute, and meeting and scanning take a few. */
    readonly codesPerVouch: number;
    /**
     * Share of verified members a year whose verification lapses (its notice a month before, then the
     * lapse: two due items handled); the rest are vouched for again in time, which reschedules both.
     */
    readonly lapsingShare: number;
  };
  readonly failures: {
    /** Share of stream batches and scheduled runs that end in a dead-letter or on-failure queue. */
    readonly deadLetterShare: number;
  };
  /**
   * X-Ray (every function traces, lib/app-function.ts): Lambda samples by X-Ray's default rule, the
   * first request of each second (the reservoir) and 5 % of the rest. The reservoir is counted per
   * function, and each kind's invocations as spread evenly over its functions at the month's average
   * rate: both choices record the most traces, so the line is an upper bound.
   */
  readonly tracing: {
    readonly reservoirPerSecond: number;
    readonly sampledShareBeyond: number;
    /** Functions each kind of invocation runs on (callables: those deployed on prod, 2026-11-25). */
    readonly functions: {
      readonly callables: number;
      readonly liveConnect: number;
      readonly liveDisconnect: number;
      readonly livePing: number;
      readonly streamConsumer: number;
      readonly scheduledJobs: number;
    };
  };
  readonly capacity: {
    readonly concurrentDashboards: number;
    /** Members in the network when 10,000 dashboards are open at once (the evening peak of 100,000). */
    readonly membersAtThatConcurrency: number;
    /** Short peaks over the peak hour's mean: the top of the hour, a post everyone reacts to. */
    readonly peakFactor: number;
    /** Margin a stage throttle keeps above the peak. */
    readonly throttleHeadroom: number;
    /** Stream shards of an on-demand table at that size (about its partitions; unverified). */
    readonly streamShards: number;
  };
}

export const ASSUMPTIONS: Assumptions = {
  members: {
    // Members were invited by someone they know; a neighbourhood network keeps most of them. Open
    // social apps see MAU/registered well under half; 60 % for a vouched-for community.
    monthlyActiveShare: 0.6,
    // DAU/MAU of 0.5 is what sticky social apps report (the largest ~0.65, most 0.2–0.5).
    dailyActiveShare: 0.3,
  },
  sessions: {
    // Morning, lunch, evening.
    perActiveDay: 3,
    // About 30 minutes a day with the dashboard open, including a tab left open unattended.
    openMinutes: 10,
    reconnectsPerSession: 0.5,
    socketDownShare: 0.02,
    otherCallsOnOpen: 2,
    lastActiveRefreshShare: 0.8,
    olderPagesPerSession: 0.5,
    // After a profile or the anchors page (about two such visits per active day of three sessions).
    returnsToDashboardPerSession: 0.7,
  },
  actionsPerActiveDay: {
    // One post every three active days: far above the 1 % of open networks, as members know their audience.
    posts: 0.3,
    likes: 4,
    comments: 1,
    threadsOpened: 2,
    likerListsOpened: 0.3,
    profileViews: 1,
    otherCalls: 1,
  },
  network: {
    // Dunbar's "sympathy group" is ~15, active ties ~50; 30 of the 100 allowed.
    averageAnchors: 30,
    anchorCap: 100,
    otherEdges: 3,
    anchorChangesPerMemberMonth: 2,
    // 30 anchors posting 0.3 times each active day: a page of 50 spans about three weeks and half of them.
    distinctAuthorsPerPage: 15,
  },
  live: {
    connectedShareAtPush: 0.03,
    connectionsPerConnectedMember: 1.2,
    pingIntervalMinutes: 5,
    // {"type":"post.counts","postId":…,"likeCount":…,"commentCount":…} and a frame header.
    frameBytes: 120,
  },
  itemBytes: {
    // Profile fields, photo keys, invite counters, the index attributes.
    userRecord: 1_500,
    // 160 characters of text on average (at most 500), names, ids, counts, the byAuthor attributes.
    post: 700,
    // Keys, postId, authorId, likedByMe, expiresAt (lambdas/data/posts/feed.ts feedEntryItem).
    feedEntry: 180,
    like: 200,
    comment: 450,
    // The pair's fields copied on each side (invitation chain, mutual friends).
    anchorEdge: 600,
    // A rate counter, a request marker, a live connection item.
    smallItem: 150,
    storageOverheadPerItem: 100,
  },
  storage: {
    historyMonths: 12,
    galleryPhotosPerMember: 2,
    uploadsPerMemberMonth: 0.2,
  },
  metrics: {
    membersPerCity: 20,
    counterBytes: 60,
    countersPerActiveDay: 4,
    countersPerAcceptedPair: 2,
  },
  lambda: {
    memoryMb: 512,
    durationMs: {
      // A Query, a 51-key strongly consistent BatchGet, the rate counter (picture URLs are string
      // concatenation now; the figure still holds the few signings of before, an upper bound).
      getFeed: 60,
      // The presence GetItem, the rate counter, a Query or two.
      readCallable: 35,
      // Four reads in parallel, then a transaction, then a read (togglePostLike; addComment, createPost alike).
      writeCallable: 70,
      // The record, the pair (the photos' URLs no longer signed; kept as an upper bound).
      getUserProfile: 50,
      // Token verification (JWKS cached in the environment), the presence GetItem twice, the
      // member's sockets Query, a transaction of three items (the cap).
      liveConnect: 70,
      liveDisconnect: 30,
      livePing: 2,
      streamBatch: 8,
      // Two anchor-list Queries, the entries' BatchWrite, then the push (below).
      streamFanOut: 60,
      // The readers' registry Queries 16 at a time, a PostToConnection per open socket.
      streamPush: 60,
      metricsJob: 300,
      streamMetricsCount: 15,
      inviteLapses: 200,
      dueSweep: 40,
      dueItem: 60,
    },
    coldStartShare: 0.02,
    // Node.js 24 with a ~160 KB bundle (docs/measurements.md) and the SDK clients.
    initMs: 300,
    deliveredRecordsPerInvocation: 1,
  },
  logs: {
    lambdaBytesPerInvocation: 450,
    accessLogBytes: 380,
    storedCompression: 0.15,
    retentionMonths: 3,
    accessLogBucketMonths: 12,
    s3AccessLogRecordBytes: 350,
    cloudFrontLogRecordBytes: 60,
    logRecordsPerObject: 200,
  },
  web: {
    postJsonBytes: 500,
    otherResponseBytes: 3_000,
    profileResponseBytes: 8_000,
    responseHeaderBytes: 1_200,
    requestBytes: 1_500,
    shellRequestsPerSession: 3,
    shellBytesPerSession: 4_000,
    // Four deploys a month, each changing the hashed bundles once per member's browser.
    assetDownloadsPerActiveMemberMonth: 4,
    assetBytes: 277_300,
    assetFiles: 26,
  },
  pictures: {
    profilePictureBytes: 25_000,
    // About a page of authors (distinctAuthorsPerPage, 15) plus the day's other pages and threads.
    avatarDownloadsPerActiveDay: 20,
    edgeHitShare: 0.2,
    galleryPhotosPerProfileView: 2,
    // Shrunk in the browser to 1600 px on its longest edge, JPEG or WebP at 0.85
    // (web/src/lib/downscale-image.ts): ~250–450 KB for a phone photo (12 MP as taken: 2–4 MB).
    galleryPhotoBytes: 350_000,
    avatarsPerThread: 3,
  },
  cognito: {
    tokenMinutes: 15,
    signInsPerMauMonth: 1,
  },
  vouching: {
    // Some members never meet two verified members; most who do keep it up.
    verifiedShare: 0.6,
    codesPerVouch: 3,
    lapsingShare: 0.2,
  },
  failures: {
    deadLetterShare: 0.0001,
  },
  tracing: {
    reservoirPerSecond: 1,
    sampledShareBeyond: 0.05,
    functions: { callables: 66, liveConnect: 1, liveDisconnect: 1, livePing: 1, streamConsumer: 1, scheduledJobs: 3 },
  },
  capacity: {
    concurrentDashboards: 10_000,
    membersAtThatConcurrency: 100_000,
    peakFactor: 3,
    throttleHeadroom: 1.5,
    streamShards: 4,
  },
};

/** Days in an average month (365 / 12). */
export const DAYS_PER_MONTH = 365 / 12;
