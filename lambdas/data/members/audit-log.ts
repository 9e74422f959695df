import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { newTimeOrderedId } from '#domain/post-ids';
import { dynamo, tableName } from '#data/table';
import { keys } from '#data/table';

/**
 * The admin audit log: who did what to whom, why and when. Entries are never deleted — not even
 * when the member they concern is removed, since the log is the record of that removal — and who,
 * what, whom, why and when never change. Only a removal's `outcome` is written twice: when its job
 * is created (in the same transaction) and when the job finishes, so one entry tells the story.
 */
export type AdminAction =
  | 'grantSuperuser'
  | 'revokeSuperuser'
  | 'removeUserAndInviteTree'
  | 'setAdminClaim'
  | 'grantAdmin'
  | 'revokeAdmin'
  | 'resolveReport'
  | 'verifyMember'
  | 'revokeVerification';

export interface AuditEntry {
  entryId: string;
  action: AdminAction;
  actorId: string;
  actorName: string;
  targetId: string;
  targetName: string;
  reason: string;
  at: string;
  /** What the action did beyond its name, e.g. how many members a removal took (set when it finishes). */
  outcome?: string;
}

/** The entry and its Put, for a caller that writes it in one transaction with the change it records. */
export function auditEntryPut(entry: Omit<AuditEntry, 'entryId' | 'at'>, now = new Date()) {
  const stored: AuditEntry = { ...entry, entryId: newTimeOrderedId(now), at: now.toISOString() };
  const put = { TableName: tableName(), Item: { ...keys.auditEntry(stored.entryId), ...stored }, ConditionExpression: 'attribute_not_exists(pk)' };
  return { stored, put };
}

export async function recordAdminAction(entry: Omit<AuditEntry, 'entryId' | 'at'>, now = new Date()): Promise<AuditEntry> {
  const { stored, put } = auditEntryPut(entry, now);
  await dynamo().send(new PutCommand(put));
  return stored;
}

/** The newest entries first (one Query on the AUDIT partition). */
export async function listAuditEntries(limit: number): Promise<AuditEntry[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.auditEntry('').pk },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(({ pk: _pk, sk: _sk, ...entry }) => entry as AuditEntry);
}
