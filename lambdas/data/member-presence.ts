import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './aws-clients.ts';
import { keys } from './keys.ts';

/**
 * Whether the member's record exists: one strongly consistent GetItem that reads only the key
 * (the first call after createUserRecord must see the new record, so no eventual read).
 */
export async function memberRecordExists(uid: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(uid), ProjectionExpression: 'pk', ConsistentRead: true }),
  );
  return Item !== undefined;
}
