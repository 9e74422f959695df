import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { userSchema, type User } from '#contracts/user';
import { dynamo, tableName } from '#data/table';
import { userIndexAttributes, withoutStorageAttributes } from '#data/table';

/**
 * Members whose display name starts with `prefix` (case-insensitive): one Query of GSI byName
 * (shard = first letter of the lower-cased name, key = lower-cased name#uid), in name order.
 * `limit` counts every match, so a caller that drops itself asks for one more.
 */
export async function findUsersByNamePrefix(prefix: string, limit: number): Promise<User[]> {
  const { nameShard, nameKey } = userIndexAttributes({ uid: '', displayName: prefix, email: '' });
  // nameKey is `${name}#`; the prefix itself is what the sort key must begin with.
  const namePrefix = nameKey.slice(0, -1);
  if (!namePrefix) return [];
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'byName',
      KeyConditionExpression: 'nameShard = :shard AND begins_with(nameKey, :prefix)',
      ExpressionAttributeValues: { ':shard': nameShard, ':prefix': namePrefix },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => userSchema.parse(withoutStorageAttributes(item)));
}
