import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './aws-clients.ts';
import { keys } from './keys.ts';

/** The uid of the member who owns an invite code, or null for an unknown code. */
export async function findInviteCodeOwner(code: string): Promise<string | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.inviteCode(code) }));
  return typeof Item?.ownerUid === 'string' ? Item.ownerUid : null;
}
