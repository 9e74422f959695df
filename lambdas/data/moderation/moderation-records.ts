import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { MODERATION_LOG_PAGE_SIZE, type ModerationLogEntry, type Notice } from '#contracts/moderation';
import { newTimeOrderedId } from '#domain/post-ids';
import { dynamo, tableName } from '#data/table';
import type { NamedItem } from '#data/table';
import { keys, MODERATION_LOG_PARTITION, NOTICE_PREFIX } from '#data/table';

/**
 * What moderation tells people: a member's notices (`USER#<uid> / NOTICE#<ULID>`, in their own
 * partition, so they go with it when the member is removed) and the public moderation log
 * (`MODLOG / <ULID>`: action, when, the kind of target and the reason category; a member's name
 * only when the action removed them). Both are written in the resolution's transaction.
 */

export type NewNotice = Omit<Notice, 'noticeId' | 'at'>;

/** A notice's Put for a resolution's transaction. */
export function noticePut(uid: string, notice: NewNotice, now: Date): NamedItem<'notice'> {
  const noticeId = newTimeOrderedId(now);
  const stored: Notice = { noticeId, at: now.toISOString(), ...notice };
  return { name: 'notice', Put: { TableName: tableName(), Item: { ...keys.notice(uid, noticeId), ...stored } } };
}

function toNotice(item: Record<string, unknown>): Notice {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    noticeId: String(item.noticeId),
    kind: String(item.kind) as Notice['kind'],
    at: String(item.at),
    noteToMember: text(item.noteToMember),
    until: text(item.until),
    targetType: text(item.targetType) as Notice['targetType'],
    outcome: text(item.outcome) as Notice['outcome'],
    memberName: text(item.memberName),
  };
}

/** The member's newest notices first (one Query of their partition). */
export async function listNotices(uid: string, limit: number): Promise<Notice[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': NOTICE_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toNotice);
}

/** A public log entry's Put for a resolution's transaction. */
export function moderationLogPut(entry: Omit<ModerationLogEntry, 'entryId' | 'at'>, now: Date): NamedItem<'log'> {
  const entryId = newTimeOrderedId(now);
  const stored: ModerationLogEntry = { entryId, at: now.toISOString(), ...entry };
  return {
    name: 'log',
    Put: { TableName: tableName(), Item: { ...keys.moderationLogEntry(entryId), ...stored }, ConditionExpression: 'attribute_not_exists(pk)' },
  };
}

/** The log newest first, a page at a time; the cursor is the last entry id of the page before. */
export async function listModerationLog(cursor: string | undefined): Promise<{ entries: ModerationLogEntry[]; nextCursor: string | null }> {
  const { Items, LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk' + (cursor ? ' AND sk < :before' : ''),
      ExpressionAttributeValues: { ':pk': MODERATION_LOG_PARTITION, ...(cursor && { ':before': cursor }) },
      ScanIndexForward: false,
      Limit: MODERATION_LOG_PAGE_SIZE,
    }),
  );
  const entries = (Items ?? []).map((item) => ({
    entryId: String(item.entryId),
    action: item.action as ModerationLogEntry['action'],
    at: String(item.at),
    targetType: item.targetType as ModerationLogEntry['targetType'],
    reason: item.reason as ModerationLogEntry['reason'],
    memberName: typeof item.memberName === 'string' ? item.memberName : null,
  }));
  return { entries, nextCursor: LastEvaluatedKey && entries.length > 0 ? (entries.at(-1)?.entryId ?? null) : null };
}
