import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { UNVERIFIED_PAGE_SIZE, verifiedViaSchema, type VerifiedVia } from '#contracts/vouching';
import { userSchema, type User } from '#contracts/user';
import type { Verification } from '#domain/verification';
import { dynamo, keys, tableName, UNVERIFIED_QUEUE, type NamedItem } from '#data/table';

/**
 * A member's verification on their record: the level and how, until when, the counting vouches,
 * and `vouchVersion`, which every verification write is conditioned on and moves, so of two
 * writers computing from the same read only one wins (the other reads again). While a joined member
 * is pending the record carries `queue`/`queueKey` (the sparse GSI queues: the admins' list of
 * members not yet verified); a verified record carries neither.
 */
export interface VerificationRecord {
  uid: string;
  displayName: string;
  joinedAt: string | null;
  inviterUid: string | null;
  isFounder: boolean;
  verifiedByAdmin: boolean;
  verificationLevel: string;
  verifiedVia: VerifiedVia | null;
  verifiedAt: string | null;
  verifiedUntil: string | null;
  vouchingSuspendedUntil: string | null;
  vouchStrikes: string[];
  /** Absent on a record never written by verification: the write's condition is then attribute_not_exists. */
  vouchVersion: number | null;
  /** The member's accounts-wide block lists, kept on the record (blocks.ts in graph). */
  blockedIds: string[];
  blockedByIds: string[];
}

function strings(value: unknown): string[] {
  if (value instanceof Set) return [...value].map(String);
  return Array.isArray(value) ? value.map(String) : [];
}

/** The record's verification fields, read strongly consistent (a verification write is decided on them), or null when there is no record. */
export async function getVerificationRecord(uid: string): Promise<VerificationRecord | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }));
  if (!Item) return null;
  const inviteSystem = (Item.inviteSystem ?? {}) as { invitedBy?: unknown };
  return {
    uid,
    displayName: String(Item.displayName ?? ''),
    joinedAt: typeof Item.joinedAt === 'string' ? Item.joinedAt : null,
    inviterUid: typeof inviteSystem.invitedBy === 'string' ? inviteSystem.invitedBy : null,
    isFounder: Item.isFounder === true,
    verifiedByAdmin: Item.verifiedByAdmin === true,
    verificationLevel: typeof Item.verificationLevel === 'string' ? Item.verificationLevel : 'pending',
    verifiedVia: verifiedViaSchema.safeParse(Item.verifiedVia).data ?? null,
    verifiedAt: typeof Item.verifiedAt === 'string' ? Item.verifiedAt : null,
    verifiedUntil: typeof Item.verifiedUntil === 'string' ? Item.verifiedUntil : null,
    vouchingSuspendedUntil: typeof Item.vouchingSuspendedUntil === 'string' ? Item.vouchingSuspendedUntil : null,
    vouchStrikes: strings(Item.vouchStrikes),
    vouchVersion: typeof Item.vouchVersion === 'number' ? Item.vouchVersion : null,
    blockedIds: strings(Item.blockedIds),
    blockedByIds: strings(Item.blockedByIds),
  };
}

/**
 * A transaction item that writes `verification` on the record read as `read`: level, how, since
 * when (kept while the level stays verified), until when, the counting vouches, the queue
 * attributes, and `verifiedByAdmin` when given. It fails if the record changed its vouchVersion
 * since the read or is gone.
 */
export function verificationUpdateItem<N extends string>(
  name: N,
  read: VerificationRecord,
  verification: Verification,
  now: Date,
  changes: { verifiedByAdmin?: boolean } = {},
): NamedItem<N> {
  const set = ['verificationLevel = :level', 'vouchCount = :count', 'vouchVersion = :next'];
  const remove: string[] = [];
  const values: Record<string, unknown> = { ':level': verification.level, ':count': verification.countingVouches, ':next': (read.vouchVersion ?? 0) + 1 };
  const names: Record<string, string> = { '#queue': 'queue', '#queueKey': 'queueKey' };
  if (verification.level === 'verified') {
    set.push('verifiedVia = :via', 'verifiedAt = :at');
    values[':via'] = verification.via;
    values[':at'] = read.verificationLevel === 'verified' && read.verifiedAt ? read.verifiedAt : now.toISOString();
    remove.push('#queue', '#queueKey');
  } else {
    remove.push('verifiedVia', 'verifiedAt');
    if (read.joinedAt) {
      set.push('#queue = :queue', '#queueKey = :queueKey');
      values[':queue'] = UNVERIFIED_QUEUE;
      values[':queueKey'] = `${read.joinedAt}#${read.uid}`;
    } else {
      remove.push('#queue', '#queueKey');
    }
  }
  if (verification.until) {
    set.push('verifiedUntil = :until');
    values[':until'] = verification.until;
  } else {
    remove.push('verifiedUntil');
  }
  if (changes.verifiedByAdmin !== undefined) {
    set.push('verifiedByAdmin = :byAdmin');
    values[':byAdmin'] = changes.verifiedByAdmin;
  }
  let condition = 'attribute_exists(pk) AND ';
  if (read.vouchVersion === null) {
    condition += 'attribute_not_exists(vouchVersion)';
  } else {
    condition += 'vouchVersion = :read';
    values[':read'] = read.vouchVersion;
  }
  return {
    name,
    Update: {
      TableName: tableName(),
      Key: keys.user(read.uid),
      UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Joined members not yet verified in person, oldest joined first; the cursor is the last queueKey of the page before. */
export async function listUnverifiedRecords(cursor: string | undefined): Promise<{ members: User[]; nextCursor: string | null }> {
  const { Items = [], LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'queues',
      KeyConditionExpression: '#queue = :queue' + (cursor ? ' AND #queueKey > :after' : ''),
      ExpressionAttributeNames: { '#queue': 'queue', ...(cursor && { '#queueKey': 'queueKey' }) },
      ExpressionAttributeValues: { ':queue': UNVERIFIED_QUEUE, ...(cursor && { ':after': cursor }) },
      Limit: UNVERIFIED_PAGE_SIZE,
    }),
  );
  const members = Items.map((item) => userSchema.parse(item));
  const last = Items[Items.length - 1];
  return { members, nextCursor: LastEvaluatedKey && last ? String(last.queueKey) : null };
}
