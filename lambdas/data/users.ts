import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { userSchema, type User } from '#contracts/user';
import { dynamo, tableName } from './aws-clients.ts';
import { keys, userIndexAttributes, withoutStorageAttributes } from './keys.ts';

export async function getUser(uid: string): Promise<User | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid) }));
  return Item ? userSchema.parse(withoutStorageAttributes(Item)) : null;
}

/**
 * Writes a new member's record and their own invite code together. Both must not exist yet, so a
 * repeated call or a code collision fails whole (TransactionCanceledException), never half.
 */
export async function createUserWithInviteCode(user: User): Promise<void> {
  const code = user.inviteSystem.inviteCode;
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.user(user.uid),
              ...userIndexAttributes(user),
              ...user,
              // Sparse index: only invited members appear in byInviter.
              invitedBy: user.inviteSystem.invitedBy ?? undefined,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.inviteCode(code), code, ownerUid: user.uid, createdAt: user.createdAt },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
}
