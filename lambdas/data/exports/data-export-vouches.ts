import { exportedVouchOf, type ExportedVouch } from '#domain/data-export';
import { batchGet, keys, queryAll, tableName, VOUCH_GIVEN_PREFIX, VOUCH_RECEIVED_PREFIX } from '#data/table';

/**
 * The member's vouches for their export, newest first: those they received (their partition's
 * `VOUCH#<voucher>`) and those they gave (its `VOUCHED#<subject>` mirrors), each naming the other
 * member only by their name now. Nothing of anyone else's vouches: both lists are the member's own
 * partition.
 */
export async function readVouches(uid: string, now: Date): Promise<{ received: ExportedVouch[]; given: ExportedVouch[] }> {
  const [received, given] = await Promise.all([VOUCH_RECEIVED_PREFIX, VOUCH_GIVEN_PREFIX].map((prefix) => vouchItems(uid, prefix)));
  const others = (items: Record<string, unknown>[] = [], side: 'voucherUid' | 'subjectUid') => items.map((item) => String(item[side]));
  const names = await namesOf([...others(received, 'voucherUid'), ...others(given, 'subjectUid')]);
  const exported = (items: Record<string, unknown>[] = [], side: 'voucherUid' | 'subjectUid') =>
    items
      .map((item) =>
        exportedVouchOf(
          {
            voucherUid: String(item.voucherUid),
            vouchedAt: String(item.vouchedAt),
            lapsesAt: String(item.lapsesAt),
            state: item.state === 'withdrawn' || item.state === 'void' ? item.state : 'active',
            byInviter: item.byInviter === true,
          },
          names.get(String(item[side])) ?? null,
          now,
        ),
      )
      .sort((a, b) => b.vouchedAt.localeCompare(a.vouchedAt));
  return { received: exported(received, 'voucherUid'), given: exported(given, 'subjectUid') };
}

function vouchItems(uid: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': prefix },
  });
}

/** The other members' names now, by uid; a member who is gone is absent. */
async function namesOf(uids: readonly string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const items = await batchGet(
    [...new Set(uids)].map((uid) => keys.user(uid)),
    'uid, displayName',
  );
  return new Map(items.map((item) => [String(item.uid), String(item.displayName ?? '')]));
}
