import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './aws-clients.ts';
import { keys } from './keys.ts';

export interface RateLimit {
  /** Names the limit in the key, e.g. 'validateInviteCode'. */
  name: string;
  maxHits: number;
  windowSeconds: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit for a client in the current fixed window: one conditional ADD, so concurrent
 * calls can never count past the limit. The item expires (TTL `expiresAt`) after its window.
 */
export async function takeRateLimitedHit(limit: RateLimit, client: string, now: Date = new Date()): Promise<RateDecision> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % limit.windowSeconds);
  const windowEnd = windowStart + limit.windowSeconds;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateWindow(limit.name, client, windowStart),
        UpdateExpression: 'ADD hits :one SET expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': limit.maxHits, ':expiresAt': windowEnd },
      }),
    );
    return { allowed: true };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { allowed: false, retryAfterSeconds: windowEnd - nowSeconds };
    throw error;
  }
}
