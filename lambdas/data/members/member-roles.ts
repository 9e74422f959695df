import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditEntryPut, type AuditEntry } from './audit-log.ts';
import { dynamo, tableName } from '#data/table';
import { conditionalWrite, transact } from '#data/table';
import { keys } from '#data/table';
import { REMOVAL_PENDING } from './member-presence.ts';

export type RoleChangeOutcome = { ok: true; auditEntry: AuditEntry } | { ok: false; reason: 'not-found' | 'unchanged' | 'founder' };

/** The record is not the founder's (older records have no isFounder: not the founder). */
const NOT_FOUNDER = '(attribute_not_exists(isFounder) OR isFounder <> :true)';

/**
 * Grants (true) or revokes (false) superuser status together with its audit entry, in one
 * transaction. The flag's current value is the write's condition, so a repeated grant or revoke
 * changes nothing and logs nothing ('unchanged'), even when two admins click at once. The founder's
 * flag is left alone either way ('founder'), as revokeAdminStatus leaves their admin role: only
 * markFounder (`npm run founder`) sets it.
 */
export async function setSuperuserStatus(
  uid: string,
  isSuperuser: boolean,
  audit: Omit<AuditEntry, 'entryId' | 'at'>,
  now = new Date(),
): Promise<RoleChangeOutcome> {
  const { stored, put } = auditEntryPut(audit, now);
  const outcome = await transact([
    {
      name: 'record',
      Update: {
        TableName: tableName(),
        Key: keys.user(uid),
        UpdateExpression: 'SET isSuperuser = :value',
        // Older records have no isSuperuser at all: that reads as false.
        ConditionExpression: isSuperuser
          ? `attribute_exists(pk) AND ${NOT_FOUNDER} AND (attribute_not_exists(isSuperuser) OR isSuperuser <> :true)`
          : `attribute_exists(pk) AND ${NOT_FOUNDER} AND isSuperuser = :true`,
        ExpressionAttributeValues: isSuperuser ? { ':value': true, ':true': true } : { ':value': false, ':true': true },
      },
    },
    { name: 'audit', Put: put },
  ]);
  if (outcome.ok) return { ok: true, auditEntry: stored };
  if (!outcome.failed.includes('record')) throw new Error(`Superuser change cancelled: the ${outcome.failed.join(', ')} condition failed`);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }));
  if (!Item) return { ok: false, reason: 'not-found' };
  return { ok: false, reason: Item.isFounder === true ? 'founder' : 'unchanged' };
}

/** Sets a role flag on an existing record; false when there is no record. */
async function setRoleFlag(uid: string, flag: 'isAdmin'): Promise<boolean> {
  const written = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'SET #flag = :true',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#flag': flag },
      ExpressionAttributeValues: { ':true': true },
    }),
  );
  return written !== null;
}

/** Sets isAdmin on an existing record; false when there is no record. */
export function markAdmin(uid: string): Promise<boolean> {
  return setRoleFlag(uid, 'isAdmin');
}

/**
 * Gives the founding member their three roles on their record, isFounder, isAdmin and isSuperuser,
 * and their verification in person (the founder is verified from the start: verifiedVia 'founder',
 * no lapse, out of the admins' list of members not yet verified), in one write (false when there is
 * no record). No callable sets them: only the founder path of `npm run founder` and the local seed
 * (local/founder/ensure-founder.ts) calls this. Idempotent but for vouchVersion.
 * Nothing unmarks a founder: the mark protects them from every removal.
 */
export async function markFounder(uid: string): Promise<boolean> {
  const written = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression:
        'SET isFounder = :true, isAdmin = :true, isSuperuser = :true, ' +
        'verificationLevel = :verified, verifiedVia = :founder, verifiedAt = if_not_exists(verifiedAt, :now), ' +
        // Moved like every verification write's, so one computed from the record before this one fails and reads again.
        'vouchVersion = if_not_exists(vouchVersion, :zero) + :one REMOVE verifiedUntil, #queue, #queueKey',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#queue': 'queue', '#queueKey': 'queueKey' },
      ExpressionAttributeValues: { ':true': true, ':verified': 'verified', ':founder': 'founder', ':now': new Date().toISOString(), ':zero': 0, ':one': 1 },
    }),
  );
  return written !== null;
}

export type AdminChangeOutcome =
  { ok: true; auditEntry: AuditEntry } | { ok: false; reason: 'not-found' | 'unchanged' | 'not-joined' | 'founder' | 'last-admin' };

/** The record says they joined: their invite used, or a superuser or admin (hasJoined, as a condition). */
const JOINED = '(attribute_type(joinedAt, :string) OR isSuperuser = :true OR isAdmin = :true)';

/**
 * Makes a joined member an admin (isAdmin, adminSince) with its audit entry, in one transaction.
 * The conditions: a record that is not being removed (no removalPending), has joined, and is not
 * an admin yet — so a repeat writes nothing and logs nothing ('unchanged').
 */
export async function grantAdminStatus(uid: string, audit: Omit<AuditEntry, 'entryId' | 'at'>, now = new Date()): Promise<AdminChangeOutcome> {
  const { stored, put } = auditEntryPut(audit, now);
  const outcome = await transact([
    {
      name: 'record',
      Update: {
        TableName: tableName(),
        Key: keys.user(uid),
        UpdateExpression: 'SET isAdmin = :true, adminSince = :now',
        ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(#pending) AND ${JOINED} AND (attribute_not_exists(isAdmin) OR isAdmin <> :true)`,
        ExpressionAttributeNames: { '#pending': REMOVAL_PENDING },
        ExpressionAttributeValues: { ':true': true, ':now': stored.at, ':string': 'S' },
      },
    },
    { name: 'audit', Put: put },
  ]);
  if (outcome.ok) return { ok: true, auditEntry: stored };
  if (!outcome.failed.includes('record')) throw new Error(`Admin grant cancelled: the ${outcome.failed.join(', ')} condition failed`);
  const record = await roleRecord(uid);
  if (!record || record[REMOVAL_PENDING] !== undefined) return { ok: false, reason: 'not-found' };
  if (record.isAdmin === true) return { ok: false, reason: 'unchanged' };
  return { ok: false, reason: 'not-joined' };
}

/**
 * Takes the admin role back with its audit entry, in one transaction. Its conditions: the target
 * is an admin and not the founder, and `witnessUid` (another admin: the caller, or for a
 * self-revocation another admin found by the caller) is still an admin when it commits. Two
 * admins revoking each other at once each need the other as witness, so DynamoDB's serializable
 * transactions let at most one through: the community never loses its last admin. No witness
 * (null): the target is the last admin, refused.
 */
export async function revokeAdminStatus(
  uid: string,
  witnessUid: string | null,
  audit: Omit<AuditEntry, 'entryId' | 'at'>,
  now = new Date(),
): Promise<AdminChangeOutcome> {
  const record = await roleRecord(uid);
  if (!record) return { ok: false, reason: 'not-found' };
  if (record.isFounder === true) return { ok: false, reason: 'founder' };
  if (record.isAdmin !== true) return { ok: false, reason: 'unchanged' };
  if (!witnessUid || witnessUid === uid) return { ok: false, reason: 'last-admin' };
  const { stored, put } = auditEntryPut(audit, now);
  const outcome = await transact([
    {
      name: 'record',
      Update: {
        TableName: tableName(),
        Key: keys.user(uid),
        UpdateExpression: 'SET isAdmin = :false REMOVE adminSince',
        ConditionExpression: 'attribute_exists(pk) AND isAdmin = :true AND (attribute_not_exists(isFounder) OR isFounder <> :true)',
        ExpressionAttributeValues: { ':true': true, ':false': false },
      },
    },
    {
      name: 'witness',
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.user(witnessUid),
        ConditionExpression: 'isAdmin = :true AND attribute_not_exists(#pending)',
        ExpressionAttributeNames: { '#pending': REMOVAL_PENDING },
        ExpressionAttributeValues: { ':true': true },
      },
    },
    { name: 'audit', Put: put },
  ]);
  if (outcome.ok) return { ok: true, auditEntry: stored };
  if (outcome.failed.includes('record')) {
    const current = await roleRecord(uid);
    if (!current) return { ok: false, reason: 'not-found' };
    if (current.isFounder === true) return { ok: false, reason: 'founder' };
    return { ok: false, reason: 'unchanged' };
  }
  if (outcome.failed.includes('witness')) return { ok: false, reason: 'last-admin' };
  throw new Error(`Admin revocation cancelled: the ${outcome.failed.join(', ')} condition failed`);
}

async function roleRecord(uid: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      ProjectionExpression: 'pk, isAdmin, isFounder, #pending',
      ExpressionAttributeNames: { '#pending': REMOVAL_PENDING },
      ConsistentRead: true,
    }),
  );
  return Item;
}
