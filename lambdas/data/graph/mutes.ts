import { MAX_MUTED } from '#contracts/moderation';
import { tableName } from '#data/table';
import { transact } from '#data/table';
import { keys } from '#data/table';

/**
 * Mutes: the muter's MUTE# item and `mutedIds` on their record, one transaction each way. Nothing
 * is written on the muted member's side: they are told nothing and nothing of theirs changes.
 */

export type MuteOutcome = 'muted' | 'already-muted' | 'too-many' | 'user-not-found';

export async function mutePair(muter: string, muted: string, now = new Date()): Promise<MuteOutcome> {
  const outcome = await transact([
    {
      name: 'repeat',
      Put: {
        TableName: tableName(),
        Item: { ...keys.mute(muter, muted), otherUid: muted, since: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      name: 'cap',
      Update: {
        TableName: tableName(),
        Key: keys.user(muter),
        UpdateExpression: 'ADD mutedIds :muted',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(mutedIds) OR size(mutedIds) < :max)',
        ExpressionAttributeValues: { ':muted': new Set([muted]), ':max': MAX_MUTED },
      },
    },
    { name: 'target', ConditionCheck: { TableName: tableName(), Key: keys.user(muted), ConditionExpression: 'attribute_exists(pk)' } },
  ]);
  if (outcome.ok) return 'muted';
  if (outcome.failed.includes('repeat')) return 'already-muted';
  if (outcome.failed.includes('target')) return 'user-not-found';
  return 'too-many';
}

/** Takes a mute back; 'not-muted' when there was none (a repeat). */
export async function unmutePair(muter: string, muted: string): Promise<'unmuted' | 'not-muted'> {
  const outcome = await transact([
    { name: 'absent', Delete: { TableName: tableName(), Key: keys.mute(muter, muted), ConditionExpression: 'attribute_exists(pk)' } },
    {
      name: 'record',
      Update: {
        TableName: tableName(),
        Key: keys.user(muter),
        UpdateExpression: 'DELETE mutedIds :muted',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':muted': new Set([muted]) },
      },
    },
  ]);
  return outcome.ok ? 'unmuted' : 'not-muted';
}
