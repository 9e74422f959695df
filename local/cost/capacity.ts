import type { Assumptions } from './assumptions.ts';
import { monthlyUsage, type CallableKind } from './usage.ts';
import { TABLE_STREAM_MAPPING } from '../../lambdas/streams/stream-mapping.ts';

/**
 * The capacity model: the request rates of D dashboards open at once, from the
 * same assumptions as the bill, and the stage throttles that follow.
 *
 * Everything a member does happens while a dashboard is open, so a rate per open dashboard is a
 * monthly count divided by the month's open minutes:
 *
 *   openMinutes            = sessions × minutes a session is open
 *   callables per minute   = callable invocations / openMinutes               (per open dashboard)
 *   HTTP API rps (mean)    = D × callables per minute / 60
 *   HTTP API rps (peak)    = mean × peakFactor
 *   WebSocket route rps    = D × ($connect + $disconnect + pings) / openMinutes / 60, × peakFactor
 *   pushes per second      = D × messages sent / openMinutes / 60, × peakFactor
 *
 * with the share of a post's readers online at a push taken as the share of members with a
 * dashboard open, D / (members × sockets per connected member), instead of the month's average.
 *
 * A stage throttle is a token bucket: `rateLimit` requests a second on average, `burstLimit` at
 * once. The recommendation keeps the peak under the rate with headroom, rounded up to 50, and a
 * burst of twice the rate:
 *
 *   recommended rate  = ceil(peak × headroom / 50) × 50
 *   recommended burst = 2 × recommended rate
 *
 * A mass reconnect (a WebSocket deploy, a network blip) is deliberately not sized for: every open
 * page reconnects within its first backoff (0.5–1 s, web/src/lib/live/backoff.ts) and reads its
 * feed once; the throttle sheds what is over the burst with 429s, which the page recovers from (the
 * next push, reconnect or the one-a-minute fallback reads again).
 */

export interface StageThrottle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

export interface CurrentThrottles {
  /** lib/callable-api.ts API_THROTTLE. */
  readonly httpApi: StageThrottle;
  /** lib/live-api.ts LIVE_THROTTLE, when that file exists. */
  readonly webSocket: StageThrottle | null;
}

export interface Capacity {
  readonly concurrentDashboards: number;
  readonly members: number;
  readonly connectedShare: number;
  readonly peakFactor: number;
  readonly httpApi: {
    readonly callsPerDashboardMinute: number;
    readonly meanRps: number;
    readonly peakRps: number;
    readonly byKindPeakRps: Readonly<Record<CallableKind, number>>;
    readonly recommended: StageThrottle;
    readonly current: StageThrottle;
    readonly currentEnough: boolean;
  };
  readonly webSocket: {
    readonly routeRequestsPeakRps: number;
    readonly connectsPeakPerSecond: number;
    readonly pushesPeakPerSecond: number;
    readonly recommended: StageThrottle;
    readonly current: StageThrottle | null;
    readonly currentEnough: boolean | null;
  };
  /** The mass reconnect: every open page's $connect and catch-up read within about half a second. */
  readonly reconnectHerd: { readonly connects: number; readonly withinSeconds: number };
  /** API Gateway's account-level throttle (HTTP, WebSocket and @connections calls together): 10,000 rps, burst 5,000. */
  readonly accountRpsPeak: number;
  readonly lambdaConcurrencyPeak: number;
  readonly dynamodbPeak: { readonly rruPerSecond: number; readonly wruPerSecond: number };
  /** Reactions the stream consumer must run a second at the peak, and what it can with one batch per shard at a time. */
  readonly streamConsumer: {
    readonly reactionsPeakPerSecond: number;
    readonly capacityPerSecond: number;
    readonly shards: number;
    readonly batchesPerShard: number;
  };
}

/** API Gateway's default per-account, per-Region quotas (docs: Amazon API Gateway quotas). */
export const ACCOUNT_LIMITS = {
  apiGatewayRps: 10_000,
  apiGatewayBurst: 5_000,
  webSocketNewConnectionsPerSecond: 500,
  lambdaConcurrency: 1_000,
  /** An on-demand table's default maximum per table (DynamoDB service quotas). */
  dynamodbTableRruPerSecond: 40_000,
  dynamodbTableWruPerSecond: 40_000,
} as const;

export function recommendThrottle(peakRps: number, headroom: number): StageThrottle {
  const rateLimit = Math.max(50, Math.ceil((peakRps * headroom) / 50) * 50);
  return { rateLimit, burstLimit: 2 * rateLimit };
}

export function capacityModel(a: Assumptions, current: CurrentThrottles): Capacity {
  const c = a.capacity;
  const dashboards = c.concurrentDashboards;
  const members = c.membersAtThatConcurrency;
  const connectedShare = dashboards / (members * a.live.connectionsPerConnectedMember);
  const atPeak: Assumptions = { ...a, live: { ...a.live, connectedShareAtPush: connectedShare } };
  const u = monthlyUsage(members, atPeak);

  const openMinutes = u.sessions * a.sessions.openMinutes;
  const perSecond = (monthly: number) => (dashboards * monthly) / openMinutes / 60;
  const peak = (monthly: number) => perSecond(monthly) * c.peakFactor;

  const callsPerDashboardMinute = u.httpApiRequests / openMinutes;
  const httpPeak = peak(u.httpApiRequests);
  const byKindPeakRps = Object.fromEntries((Object.keys(u.callables) as CallableKind[]).map((kind) => [kind, peak(u.callables[kind])])) as Record<
    CallableKind,
    number
  >;
  const httpRecommended = recommendThrottle(httpPeak, c.throttleHeadroom);

  const wsRoutePeak = peak(2 * u.webSocket.connects + u.webSocket.messagesIn);
  const wsRecommended = recommendThrottle(wsRoutePeak, c.throttleHeadroom);
  const pushesPeak = peak(u.webSocket.messagesOut);

  // Lambda concurrency (Little's law): arrivals a second × seconds each, summed over the functions.
  // The scheduled jobs run at fixed times, not with the dashboards: left out.
  const { scheduledJobs: _jobs, ...withDashboards } = u.lambda;
  const lambdaPeak = Object.values(withDashboards).reduce((sum, use) => sum + peak(use.gbSeconds / (a.lambda.memoryMb / 1024)), 0);

  const liveSources = u.dynamodb.bySource.filter((row) => !row.source.startsWith('scheduled'));
  const rruPeak = peak(liveSources.reduce((sum, row) => sum + row.rru, 0));
  const wruPeak = peak(liveSources.reduce((sum, row) => sum + row.wru + row.gsiWru, 0));

  // The consumer runs parallelizationFactor batches per shard at a time (records of one partition key
  // stay in order) and a batch's records one after another; a reaction (a fan-out, a push to a
  // post's readers) takes about its duration.
  const d = a.lambda.durationMs;
  const posts = u.callables.createPost;
  // A like is two reactions since notifications (the post's counts pushed, the like itself notifying its author).
  const reactions = posts + 2 * u.callables.togglePostLike + 2 * u.callables.addComment + 2 * u.callables.anchorChange;
  const reactionMs = (posts * (d.streamFanOut + d.streamPush) + (reactions - posts) * d.streamPush) / reactions;

  return {
    concurrentDashboards: dashboards,
    members,
    connectedShare,
    peakFactor: c.peakFactor,
    httpApi: {
      callsPerDashboardMinute,
      meanRps: perSecond(u.httpApiRequests),
      peakRps: httpPeak,
      byKindPeakRps,
      recommended: httpRecommended,
      current: current.httpApi,
      currentEnough: httpPeak <= current.httpApi.rateLimit,
    },
    webSocket: {
      routeRequestsPeakRps: wsRoutePeak,
      connectsPeakPerSecond: peak(u.webSocket.connects),
      pushesPeakPerSecond: pushesPeak,
      recommended: wsRecommended,
      current: current.webSocket,
      currentEnough: current.webSocket ? wsRoutePeak <= current.webSocket.rateLimit : null,
    },
    reconnectHerd: { connects: dashboards, withinSeconds: 0.5 },
    accountRpsPeak: httpPeak + wsRoutePeak + pushesPeak,
    lambdaConcurrencyPeak: lambdaPeak,
    dynamodbPeak: { rruPerSecond: rruPeak, wruPerSecond: wruPeak },
    streamConsumer: {
      reactionsPeakPerSecond: peak(reactions),
      capacityPerSecond: (c.streamShards * TABLE_STREAM_MAPPING.parallelizationFactor * 1000) / reactionMs,
      shards: c.streamShards,
      batchesPerShard: TABLE_STREAM_MAPPING.parallelizationFactor,
    },
  };
}
