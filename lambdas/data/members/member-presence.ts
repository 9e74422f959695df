import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { hasJoined, userSchema, type User } from '#contracts/user';
import { dynamo, tableName, conditionalWrite, keys, withoutStorageAttributes } from '#data/table';

/**
 * Set on the record of every member a removal job is about to remove (the value: the job's root
 * uid), when the job is frozen. Their record is deleted last, minutes later for a large tree, and
 * until then their token must not act: anything they created after their own content steps ran
 * would be left behind naming a removed uid. Not part of the User contract (userSchema strips it),
 * so no answer ever carries it.
 */
export const REMOVAL_PENDING = 'removalPending';

/**
 * The caller as the presence check sees them: a member, an account that signed up and has not
 * joined yet (its invite not used; not a superuser or admin), no record (removed), or being removed.
 */
export type Presence = 'member' | 'unjoined' | 'gone' | 'leaving';

/**
 * One strongly consistent GetItem (the first call after createUserRecord must see the new record,
 * so no eventual read) projecting only the key, the removal mark and what says they joined.
 */
export async function callerPresence(uid: string): Promise<Presence> {
  return (await callerStanding(uid)).presence;
}

/**
 * The caller's presence, whether their record says admin and until when they are suspended, from
 * the same one GetItem: admin callables check the record too, so a revoked admin is refused at
 * once, not when their token (whose admin group outlives the revocation by up to an hour) expires.
 */
export async function callerStanding(
  uid: string,
): Promise<{ presence: Presence; isAdmin: boolean; suspendedUntil: string | null; sessionEpoch: number | null }> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      // suspendedUntil: a suspended member's writes are refused from this same read.
      // sessionEpoch: tokens issued before a sign-out everywhere are refused from this same read.
      ProjectionExpression: 'pk, #pending, joinedAt, isSuperuser, isAdmin, suspendedUntil, sessionEpoch',
      ExpressionAttributeNames: { '#pending': REMOVAL_PENDING },
      ConsistentRead: true,
    }),
  );
  return {
    presence: presenceOf(Item),
    isAdmin: Item?.isAdmin === true,
    suspendedUntil: typeof Item?.suspendedUntil === 'string' ? Item.suspendedUntil : null,
    sessionEpoch: sessionEpochOf(Item),
  };
}

/**
 * The member's session epoch (seconds; set by signOutEverywhere, lambdas/data/members/session-epochs.ts),
 * or null when they never signed out everywhere. Not part of the User contract (userSchema strips
 * it), so no answer carries it.
 */
export function sessionEpochOf(record: Record<string, unknown> | undefined): number | null {
  const epoch = record?.[SESSION_EPOCH];
  return typeof epoch === 'number' && Number.isFinite(epoch) ? epoch : null;
}

export const SESSION_EPOCH = 'sessionEpoch';

/**
 * The presence a member's record says (absent: gone), for a callable that reads the record in its
 * own request (getFeed, in the feed page's BatchGet) instead of callerPresence's GetItem.
 */
export function presenceOf(record: Record<string, unknown> | undefined): Presence {
  if (!record) return 'gone';
  if (record[REMOVAL_PENDING] !== undefined) return 'leaving';
  const joined = hasJoined({
    joinedAt: typeof record.joinedAt === 'string' ? record.joinedAt : null,
    isSuperuser: record.isSuperuser === true,
    isAdmin: record.isAdmin === true,
  });
  return joined ? 'member' : 'unjoined';
}

/**
 * The caller's own record with their presence, in one read (getMe and createUserRecord, which are
 * exempt from the presence check, answer a member being removed as if their record were gone).
 */
export async function getOwnRecord(uid: string): Promise<{ user: User; leaving: boolean } | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid) }));
  if (!Item) return null;
  return { user: userSchema.parse(withoutStorageAttributes(Item)), leaving: Item[REMOVAL_PENDING] !== undefined };
}

/**
 * Marks members as being removed by the job rooted at `rootUid`. Idempotent (a re-run of a crashed
 * freeze sets the same value), and only on records that exist: a member already removed, or one
 * whose record is gone for another reason, is not brought back as a bare mark.
 */
export async function markRemovalPending(uids: readonly string[], rootUid: string): Promise<void> {
  await Promise.all(
    [...new Set(uids)].map((uid) =>
      conditionalWrite(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.user(uid),
          UpdateExpression: 'SET #pending = :root',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#pending': REMOVAL_PENDING },
          ExpressionAttributeValues: { ':root': rootUid },
        }),
      ),
    ),
  );
}

/**
 * Takes the mark off a member the job rooted at `rootUid` kept after all (they became an admin
 * meanwhile): their token acts again. Only that job's mark is taken off; no record, nothing to do.
 */
export async function clearRemovalPending(uid: string, rootUid: string): Promise<void> {
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'REMOVE #pending',
      ConditionExpression: '#pending = :root',
      ExpressionAttributeNames: { '#pending': REMOVAL_PENDING },
      ExpressionAttributeValues: { ':root': rootUid },
    }),
  );
}
