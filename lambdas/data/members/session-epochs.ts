import { AdminUserGlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cognito, tableName, userPoolId } from '#data/table';
import { conditionalWrite } from '#data/table';
import { keys } from '#data/table';
import { SESSION_EPOCH } from './member-presence.ts';

/**
 * Writes the member's session epoch (seconds): every token issued before it is refused by the
 * presence read from then on. Only ever moves forward (a later, slower call with an older epoch
 * leaves the newer one), and only on a record that exists. False when there is no record.
 */
export async function advanceSessionEpoch(uid: string, epoch: number): Promise<boolean> {
  const result = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'SET #epoch = :epoch',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#epoch) OR #epoch < :epoch)',
      ExpressionAttributeNames: { '#epoch': SESSION_EPOCH },
      ExpressionAttributeValues: { ':epoch': epoch },
    }),
  );
  return result !== null;
}

/**
 * Cognito's global sign-out for the account: revokes its refresh tokens, so no session can get new
 * tokens (the access tokens it already issued are ended by the session epoch, since API Gateway's
 * authorizer cannot see this revocation). cognito-local has no such operation; the local cloud
 * loads one into it that drops the account's refresh tokens from its store (local/cognito-mail-hook.mjs).
 * A Cognito trigger passes the pool from its event (its function cannot name the pool that names it).
 */
export async function signOutAccountEverywhere(username: string, poolId = userPoolId()): Promise<void> {
  await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: username }));
}
