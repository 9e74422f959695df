import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { functionEnv } from './function-env.ts';

/**
 * The product's own figures on the operations dashboard (lib/observability.ts), one CloudWatch
 * metric each, in the namespace PRODUCT_METRICS_NAMESPACE with the dimensions `service` and `stage`.
 * The names are the metrics' names in CloudWatch: renaming one starts a new, empty series.
 */
export const PRODUCT_EVENTS = {
  /** createUserRecord made a verified account's record (once per account). */
  signUp: 'SignUps',
  /** useInviteCode consumed an invite: the newcomer joined under an inviter. */
  join: 'Joins',
  /** createPost wrote a new post (a retry with the same request id is not counted again). */
  post: 'Posts',
  /** togglePostLike set a like (an unlike is not counted). */
  like: 'Likes',
  /** addComment wrote a comment. */
  comment: 'Comments',
  /** reportContent filed a report. */
  report: 'Reports',
  /** Frames API Gateway took for delivery to open pages (lambdas/data/live/live-push.ts). */
  pushDelivered: 'PushesDelivered',
  /** Frames that could not be sent for another reason than a closed page (the stream's batch is retried). */
  pushFailed: 'PushesFailed',
} as const;
export type ProductEvent = keyof typeof PRODUCT_EVENTS;

export const PRODUCT_METRICS_NAMESPACE = 'Anchored';
export const PRODUCT_METRICS_SERVICE = 'anchored';

let metrics: Metrics | undefined;

/**
 * Made on first use, not at import: the environment (STAGE, POWERTOOLS_METRICS_DISABLED, which the
 * local cloud sets) is read then. EMF lines go to stdout, where Lambda hands them to CloudWatch.
 */
function productMetrics(): Metrics {
  metrics ??= new Metrics({
    namespace: PRODUCT_METRICS_NAMESPACE,
    serviceName: PRODUCT_METRICS_SERVICE,
    defaultDimensions: { stage: functionEnv('STAGE') ?? 'unknown' },
  });
  return metrics;
}

/** Counts `count` of a product event in this invocation; flushProductMetrics writes them out. */
export function countProductEvent(event: ProductEvent, count = 1): void {
  if (count <= 0) return;
  try {
    productMetrics().addMetric(PRODUCT_EVENTS[event], MetricUnit.Count, count);
  } catch (error) {
    // A figure on a dashboard is never worth a member's request: note it and go on.
    console.warn(`Product metric ${event} not counted: ${(error as Error).message}`);
  }
}

/**
 * Writes this invocation's counts as one EMF line, if there are any (Powertools would warn on every
 * empty flush). Never throws: callers run it in a `finally`, and a flush must not fail a callable.
 */
export function flushProductMetrics(): void {
  try {
    if (metrics?.hasStoredMetrics()) metrics.publishStoredMetrics();
  } catch (error) {
    console.warn(`Product metrics not published: ${(error as Error).message}`);
  }
}
