import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TopInviter } from '#contracts/metrics';
import { ownCodeOf, rankingFromCounters, rankKey } from '#domain/inviter-ranking';
import { counterNames, pairOf, parseCounterName } from '#domain/metrics-counters';
import { dynamo, tableName } from './aws-clients.ts';
import { withBackoff } from './backoff.ts';
import { transact, type NamedItem } from './conditional.ts';
import { INVITER_RANKING_PARTITION, keys } from './keys.ts';
import { readCounter, readCounters } from './metrics-counters.ts';

/**
 * The champions' ranking in the table: one entry per inviter who ranks, in a partition sorted best
 * first (keys.inviterRankEntry), and per inviter a record of which entry is theirs
 * (keys.inviterRankOf). The stream's consumer re-ranks an inviter after every change that moves
 * their counters; the daily job reads the first entries.
 */

/** The inviters whose owner of a code is named by the inviters' counters (a code whose pending signups moved). */
async function invitersOfCode(code: string): Promise<string[]> {
  const { counters } = await readCounters({ scope: 'inviter', prefix: counterNames.codeInviterPrefix(code), consistent: true });
  return [...counters].filter(([, count]) => count > 0).map(([name]) => pairOf(parseCounterName(name).what)[1]);
}

/** Re-ranks the inviters a change touched: these members, and the inviters of these codes. */
export async function rerankInviters({ uids, codes }: { uids: readonly string[]; codes: readonly string[] }): Promise<void> {
  const inviters = new Set(uids);
  for (const code of codes) for (const uid of await invitersOfCode(code)) inviters.add(uid);
  for (const uid of inviters) await rerankInviter(uid);
}

/**
 * Sets an inviter's entry to what their counters say now (none when they do not rank). Their
 * record of the entry is read FIRST, and the write (record, old entry out, new entry in: one
 * transaction) holds only while that record's version is unchanged. So whichever re-ranking wins,
 * it read the counters after every re-ranking before it; one that lost reads them again. Every
 * change that moves the counters is followed by a re-ranking, so the last one to win saw them all.
 * Running it again changes nothing.
 */
export async function rerankInviter(uid: string): Promise<void> {
  await withBackoff(async (retry) => {
    const { Item: record } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.inviterRankOf(uid), ConsistentRead: true }));
    const current = typeof record?.rankKey === 'string' ? record.rankKey : null;
    const version = typeof record?.version === 'number' ? record.version : 0;

    const accepted = await readCounter(counterNames.acceptedInvites(uid));
    const { counters: codes } = await readCounters({ scope: 'inviter', prefix: counterNames.inviterCodePrefix(uid), consistent: true });
    const ownCode = ownCodeOf([...codes].filter(([, count]) => count > 0).map(([name]) => pairOf(parseCounterName(name).what)[1]));
    const pending = ownCode === null ? 0 : await readCounter(counterNames.pendingInvites(ownCode));
    const ranking = rankingFromCounters(uid, accepted, ownCode, pending);
    const next = ranking ? rankKey(ranking) : null;
    if (next === current) return undefined;

    const items: NamedItem<'record' | 'entry'>[] = [
      {
        name: 'record',
        Put: {
          TableName: tableName(),
          Item: { ...keys.inviterRankOf(uid), version: version + 1, ...(next !== null && { rankKey: next }) },
          ConditionExpression: record ? '#version = :version' : 'attribute_not_exists(pk)',
          ...(record && { ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': version } }),
        },
      },
    ];
    if (current !== null) items.push({ name: 'entry', Delete: { TableName: tableName(), Key: keys.inviterRankEntry(current) } });
    if (ranking && next !== null) items.push({ name: 'entry', Put: { TableName: tableName(), Item: { ...keys.inviterRankEntry(next), ...ranking } } });
    const outcome = await transact(items);
    return outcome.ok ? undefined : retry(new Error(`Inviter ${uid} was re-ranked meanwhile`));
  });
}

/** An entry of the ranking: its sort key and the inviter it ranks. */
export interface RankEntry {
  rankKey: string;
  inviter: TopInviter;
}

/** The first `limit` entries of the ranking (every one without a limit), best first: a Query of its partition in sort-key order. */
export async function readRanking({ limit, consistent = false }: { limit?: number; consistent?: boolean } = {}): Promise<RankEntry[]> {
  const entries: RankEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :ranking',
        ExpressionAttributeValues: { ':ranking': INVITER_RANKING_PARTITION },
        ProjectionExpression: 'sk, userId, inviteCount, acceptanceRate',
        ConsistentRead: consistent,
        Limit: limit === undefined ? undefined : limit - entries.length,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      entries.push({
        rankKey: String(item.sk),
        inviter: { userId: String(item.userId), inviteCount: Number(item.inviteCount), acceptanceRate: Number(item.acceptanceRate) },
      });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey && (limit === undefined || entries.length < limit));
  return entries;
}

/** The best `limit` inviters, best first (the daily job's read: `limit` entries, whatever the number of inviters). */
export async function readTopInviters(limit: number): Promise<TopInviter[]> {
  return (await readRanking({ limit })).map((entry) => entry.inviter);
}

/**
 * The operator's repair: deletes an entry its inviter's record does not name (a stray that the
 * re-ranking, which only replaces the entry it names, would never remove), in one transaction with
 * a check that the record still does not name it.
 */
export async function dropStrayRankEntry(entry: RankEntry): Promise<boolean> {
  const outcome = await transact([
    {
      name: 'record',
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.inviterRankOf(entry.inviter.userId),
        ConditionExpression: 'attribute_not_exists(rankKey) OR rankKey <> :key',
        ExpressionAttributeValues: { ':key': entry.rankKey },
      },
    },
    { name: 'entry', Delete: { TableName: tableName(), Key: keys.inviterRankEntry(entry.rankKey) } },
  ]);
  return outcome.ok;
}
