import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditEntryPut, type AuditEntry } from './audit-log.ts';
import { dynamo, tableName } from './aws-clients.ts';
import { conditionalWrite, transact } from './conditional.ts';
import { keys } from './keys.ts';

export type RoleChangeOutcome = { ok: true; auditEntry: AuditEntry } | { ok: false; reason: 'not-found' | 'unchanged' };

/**
 * Grants (true) or revokes (false) superuser status together with its audit entry, in one
 * transaction. The flag's current value is the write's condition, so a repeated grant or revoke
 * changes nothing and logs nothing ('unchanged'), even when two admins click at once.
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
          ? 'attribute_exists(pk) AND (attribute_not_exists(isSuperuser) OR isSuperuser <> :true)'
          : 'attribute_exists(pk) AND isSuperuser = :true',
        ExpressionAttributeValues: isSuperuser ? { ':value': true, ':true': true } : { ':value': false, ':true': true },
      },
    },
    { name: 'audit', Put: put },
  ]);
  if (outcome.ok) return { ok: true, auditEntry: stored };
  if (!outcome.failed.includes('record')) throw new Error(`Superuser change cancelled: the ${outcome.failed.join(', ')} condition failed`);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }));
  return { ok: false, reason: Item ? 'unchanged' : 'not-found' };
}

/** Sets a role flag on an existing record; false when there is no record. */
async function setRoleFlag(uid: string, flag: 'isAdmin' | 'isFounder'): Promise<boolean> {
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
 * Marks the founding member (isFounder on their record; false when there is no record). No
 * callable sets it: the local cloud's seed calls this for the founder it creates, and on a deployed
 * stack an operator runs it once for the founder's uid (their Cognito sub) after their record
 * exists. Idempotent. Nothing unmarks a founder: the mark protects them from every removal.
 */
export function markFounder(uid: string): Promise<boolean> {
  return setRoleFlag(uid, 'isFounder');
}
