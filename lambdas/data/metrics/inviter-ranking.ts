import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TopInviter } from '#contracts/metrics';
import { ownCodeOf, rankingFromCounters, rankKey, ranksBy } from '#domain/inviter-ranking';
import { counterNames, inviterDigest, pairOf, parseCounterName, type InviterDigest } from '#domain/metrics-counters';
import { dynamo, tableName } from '#data/table';
import { withBackoff } from '#data/table';
import { transact, type NamedItem } from '#data/table';
import { INVITER_RANKING_PARTITION, keys } from '#data/table';
import { readCounter, readCounters } from './metrics-counters.ts';

/**
 * The champions' ranking in the table: one entry per inviter who ranks, in a partition sorted best
 * first (keys.inviterRankEntry), and per inviter a record of which entry is theirs
 * (keys.inviterRankOf, by digest). The stream's consumer re-ranks an inviter after every change
 * that moves their counters; the daily job reads the first entries. The uid of an inviter is on
 * their entry and their record only while they rank, which needs their own record: once they
 * leave, nothing here names them.
 */

/** The inviters (by digest) whose own record names this code, as the inviters' counters say (a code whose pending signups moved). */
async function invitersOfCode(code: string): Promise<InviterDigest[]> {
  const { counters } = await readCounters({ scope: 'inviter', prefix: counterNames.codeInviterPrefix(code), consistent: true });
  return [...counters].filter(([, count]) => count > 0).map(([name]) => pairOf(parseCounterName(name).what)[1] as InviterDigest);
}

/** Re-ranks the inviters a change touched: these members, and the inviters of these codes (each once). */
export async function rerankInviters({ uids, codes }: { uids: readonly string[]; codes: readonly string[] }): Promise<void> {
  const done = new Set<InviterDigest>();
  for (const uid of new Set(uids)) {
    done.add(inviterDigest(uid));
    await rerankInviter(uid);
  }
  for (const code of codes) {
    for (const inviter of await invitersOfCode(code)) {
      if (done.has(inviter)) continue;
      done.add(inviter);
      await rerank(inviter, null);
    }
  }
}

/** What an inviter's counters say, strongly consistent: accepted invitees, their own code, its pending signups. */
async function inviterCounts(inviter: InviterDigest): Promise<{ accepted: number; ownCode: string | null; pending: number }> {
  const accepted = await readCounter(counterNames.acceptedInvites(inviter));
  const { counters: codes } = await readCounters({ scope: 'inviter', prefix: counterNames.inviterCodePrefix(inviter), consistent: true });
  const ownCode = ownCodeOf([...codes].filter(([, count]) => count > 0).map(([name]) => pairOf(parseCounterName(name).what)[1]));
  const pending = ownCode === null ? 0 : await readCounter(counterNames.pendingInvites(ownCode));
  return { accepted, ownCode, pending };
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
  await rerank(inviterDigest(uid), uid);
}

/**
 * The re-ranking, of an inviter known by uid, or by digest only (`uid` null: a code's pending
 * signups moved, and the counters name its inviter by digest). By digest, the uid is the one their
 * record holds while they rank. When it holds none, they did not rank as of their last re-ranking;
 * if the counters now say they do, a change that made them rank is being re-ranked by uid (an
 * invitee's or their own record names them) perhaps from counters read before these signups moved:
 * moving the record's version on makes that re-ranking lose and read the counters again.
 */
async function rerank(inviter: InviterDigest, knownUid: string | null): Promise<void> {
  await withBackoff(async (retry) => {
    const key = keys.inviterRankOf(inviter);
    const { Item: record } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    const current = typeof record?.rankKey === 'string' ? record.rankKey : null;
    const version = typeof record?.version === 'number' ? record.version : 0;
    const unchanged = record
      ? { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': version } }
      : { ConditionExpression: 'attribute_not_exists(pk)' };
    const uid = knownUid ?? (typeof record?.userId === 'string' ? record.userId : null);

    const { accepted, ownCode, pending } = await inviterCounts(inviter);
    if (uid === null) {
      if (!ranksBy(accepted, ownCode)) return undefined;
      const moved = await transact([{ name: 'record', Put: { TableName: tableName(), Item: { ...key, version: version + 1 }, ...unchanged } }]);
      return moved.ok ? undefined : retry(new Error(`Inviter ${inviter} was re-ranked meanwhile`));
    }
    const ranking = rankingFromCounters(uid, accepted, ownCode, pending);
    const next = ranking ? rankKey(ranking) : null;
    if (next === current) return undefined;

    // The uid goes with the entry: present while they rank (a re-ranking by code reads it), gone when they stop.
    const items: NamedItem<'record' | 'entry'>[] = [
      {
        name: 'record',
        Put: { TableName: tableName(), Item: { ...key, version: version + 1, ...(next !== null && { rankKey: next, userId: uid }) }, ...unchanged },
      },
    ];
    if (current !== null) items.push({ name: 'entry', Delete: { TableName: tableName(), Key: keys.inviterRankEntry(current) } });
    if (ranking && next !== null) items.push({ name: 'entry', Put: { TableName: tableName(), Item: { ...keys.inviterRankEntry(next), ...ranking } } });
    const outcome = await transact(items);
    return outcome.ok ? undefined : retry(new Error(`Inviter ${inviter} was re-ranked meanwhile`));
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
        Key: keys.inviterRankOf(inviterDigest(entry.inviter.userId)),
        ConditionExpression: 'attribute_not_exists(rankKey) OR rankKey <> :key',
        ExpressionAttributeValues: { ':key': entry.rankKey },
      },
    },
    { name: 'entry', Delete: { TableName: tableName(), Key: keys.inviterRankEntry(entry.rankKey) } },
  ]);
  return outcome.ok;
}
