import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { rateWindowOf, type RateLimit } from '#domain/abuse-limits';
import { dynamo, tableName } from './aws-clients.ts';
import { conditionalWrite } from './conditional.ts';
import { keys } from './keys.ts';

export type { RateLimit } from '#domain/abuse-limits';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit for a subject (a member, a client address) in the current fixed window: one
 * conditional ADD, so concurrent calls can never count past the limit. The item expires (TTL
 * `expiresAt`) after its window; the next window is a new item, so it starts open.
 */
export async function takeRateLimitedHit(limit: RateLimit, subject: string, now: Date = new Date()): Promise<RateDecision> {
  const window = rateWindowOf(limit, now);
  const counted = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.rateWindow(limit.name, subject, window.start),
      UpdateExpression: 'ADD hits :one SET expiresAt = :expiresAt',
      ConditionExpression: 'attribute_not_exists(hits) OR hits < :max',
      ExpressionAttributeValues: { ':one': 1, ':max': limit.maxHits, ':expiresAt': window.end },
    }),
  );
  return counted ? { allowed: true } : { allowed: false, retryAfterSeconds: window.end - Math.floor(now.getTime() / 1000) };
}

/** Whether the subject's current window still has room, without counting a hit (one read). */
export async function peekRateLimit(limit: RateLimit, subject: string, now: Date = new Date()): Promise<RateDecision> {
  const window = rateWindowOf(limit, now);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.rateWindow(limit.name, subject, window.start) }));
  if (typeof Item?.hits === 'number' && Item.hits >= limit.maxHits) {
    return { allowed: false, retryAfterSeconds: window.end - Math.floor(now.getTime() / 1000) };
  }
  return { allowed: true };
}
