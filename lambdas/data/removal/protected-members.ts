import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '#contracts/user';
import { protectedRole, type ProtectedMember } from '#domain/removal-protection';
import { dynamo, tableName, keys } from '#data/table';
import { getUsers } from '#data/graph';
import { findReservation, type WalkedTree } from '#data/invites';

/**
 * The admins and the founder in a walked tree, root included, in the walk's order (the root first,
 * then level by level). `adminIds` is the admin group by username and sub (groupMemberIds). An
 * account on the way in has no place among the walk's records, but may have made one (at sign-up),
 * so its record is read too.
 */
export async function protectedInTree(root: User, walked: WalkedTree, adminIds: ReadonlySet<string>): Promise<ProtectedMember[]> {
  const pendingRecords = await getUsers([...walked.pending.keys()]);
  const found: ProtectedMember[] = [];
  for (const { uid } of walked.members) {
    const record = uid === root.uid ? root : (walked.records.get(uid) ?? pendingRecords.get(uid) ?? null);
    const role = protectedRole(record, adminIds.has(uid));
    if (!role) continue;
    const displayName = record?.displayName || walked.pending.get(uid)?.displayName || '';
    found.push({ uid, displayName, role });
  }
  return found;
}

/**
 * One member as a removal run finds them right before removing them (their record read strongly
 * consistently, and the admin group as the run read it): protected, or null.
 */
export async function protectionNow(uid: string, adminIds: ReadonlySet<string>): Promise<ProtectedMember | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      ProjectionExpression: 'displayName, isAdmin, isFounder',
      ConsistentRead: true,
    }),
  );
  const record = Item ? { isAdmin: Item.isAdmin === true, isFounder: Item.isFounder === true } : null;
  const role = protectedRole(record, adminIds.has(uid));
  if (!role) return null;
  const displayName = typeof Item?.displayName === 'string' && Item.displayName ? Item.displayName : ((await findReservation(uid))?.displayName ?? '');
  return { uid, displayName, role };
}
