import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName, dynamo } from '#data/table';
import { conditionalWrite, transact } from '#data/table';
import { keys } from '#data/table';

export interface InviteCodeOwner {
  ownerUid: string;
  /** A code its owner replaced: it admits nobody, but still names them (invites held with it stand). */
  retired: boolean;
}

/** The member who owns an invite code, or null for an unknown code. */
export async function findInviteCode(code: string): Promise<InviteCodeOwner | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.inviteCode(code) }));
  if (typeof Item?.ownerUid !== 'string') return null;
  return { ownerUid: Item.ownerUid, retired: typeof Item.retiredAt === 'string' };
}

/** The owner of a code that still admits people (not replaced), or null. */
export async function findInviteCodeOwner(code: string): Promise<string | null> {
  const found = await findInviteCode(code);
  return found && !found.retired ? found.ownerUid : null;
}

/**
 * Replaces a member's code in one transaction: the new code item (which must not exist), the old
 * one marked retired (kept, so invites held with it still find their inviter), and the record —
 * only while the record still names the old code. Returns 'replaced', 'stale' (the record names
 * another code: replaced meanwhile) or 'collision' (the new code is taken: draw another).
 */
export async function replaceInviteCode(ownerUid: string, oldCode: string, newCode: string, now: Date): Promise<'replaced' | 'stale' | 'collision'> {
  const timestamp = now.toISOString();
  const outcome = await transact([
    {
      name: 'record',
      Update: {
        TableName: tableName(),
        Key: keys.user(ownerUid),
        // The retired codes are listed on the record, so removing the member deletes them too.
        UpdateExpression: 'SET inviteSystem.inviteCode = :new, retiredInviteCodes = list_append(if_not_exists(retiredInviteCodes, :none), :retired)',
        ConditionExpression: 'attribute_exists(pk) AND inviteSystem.inviteCode = :old',
        ExpressionAttributeValues: { ':new': newCode, ':old': oldCode, ':none': [], ':retired': [oldCode] },
      },
    },
    {
      name: 'oldCode',
      Update: {
        TableName: tableName(),
        Key: keys.inviteCode(oldCode),
        UpdateExpression: 'SET retiredAt = :now',
        ConditionExpression: 'ownerUid = :owner',
        ExpressionAttributeValues: { ':now': timestamp, ':owner': ownerUid },
      },
    },
    {
      name: 'newCode',
      Put: {
        TableName: tableName(),
        Item: { ...keys.inviteCode(newCode), code: newCode, ownerUid, createdAt: timestamp },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  if (outcome.ok) return 'replaced';
  if (outcome.failed.includes('newCode')) return 'collision';
  return 'stale';
}

/**
 * Puts a member's code back after a removal's freeze deleted it, for a member the removal kept
 * after all. Only while nobody holds the code (a code drawn meanwhile by someone else stays
 * theirs; the kept member can replace theirs). Returns whether it was put back.
 */
export async function restoreInviteCode(code: string, ownerUid: string, now: Date): Promise<boolean> {
  const restored = await conditionalWrite(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.inviteCode(code), code, ownerUid, createdAt: now.toISOString() },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return restored !== null;
}
