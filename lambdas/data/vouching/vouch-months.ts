import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { VOUCHES_PER_MONTH } from '#contracts/vouching';
import { vouchMonthOf } from '#domain/verification';
import { dynamo, keys, tableName, TTL_ATTRIBUTE, type NamedItem } from '#data/table';

/** A month's count is kept this long after the month's first vouch (past its end, then TTL removes it). */
const KEEP_SECONDS = 40 * 24 * 60 * 60;

/** Vouches `uid` gave in the calendar month (UTC) of `now`. */
export async function vouchesGivenThisMonth(uid: string, now: Date): Promise<number> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.vouchMonth(uid, vouchMonthOf(now)), ConsistentRead: true }));
  return typeof Item?.count === 'number' ? Item.count : 0;
}

/** A transaction item that counts one more vouch this month, failing when the voucher has given the most a month allows. */
export function countVouchItem<N extends string>(name: N, uid: string, now: Date): NamedItem<N> {
  return {
    name,
    Update: {
      TableName: tableName(),
      Key: keys.vouchMonth(uid, vouchMonthOf(now)),
      UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':one': 1, ':max': VOUCHES_PER_MONTH, ':ttl': Math.floor(now.getTime() / 1000) + KEEP_SECONDS },
    },
  };
}
