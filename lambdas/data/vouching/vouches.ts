import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, keys, queryAll, tableName, transact, VOUCH_GIVEN_PREFIX, VOUCH_RECEIVED_PREFIX, type NamedItem } from '#data/table';

/**
 * Vouches, one per pair, stored twice with the same attributes: received in the subject's partition
 * (their verification is computed from these) and given in the voucher's (what they gave). Both
 * sides are always written in one transaction. Withdrawn, void and lapsed vouches stay as history.
 * `lapsesAt` is not the table's TTL attribute (`expiresAt`): a lapsed vouch is kept.
 */
export type StoredVouchState = 'active' | 'withdrawn' | 'void';

export interface StoredVouch {
  subjectUid: string;
  voucherUid: string;
  vouchedAt: string;
  lapsesAt: string;
  state: StoredVouchState;
  byInviter: boolean;
  changedAt: string;
  voidReason?: string;
}

function vouchOf(item: Record<string, unknown>): StoredVouch {
  return {
    subjectUid: String(item.subjectUid),
    voucherUid: String(item.voucherUid),
    vouchedAt: String(item.vouchedAt),
    lapsesAt: String(item.lapsesAt),
    state: item.state === 'withdrawn' || item.state === 'void' ? item.state : 'active',
    byInviter: item.byInviter === true,
    changedAt: String(item.changedAt ?? item.vouchedAt),
    ...(typeof item.voidReason === 'string' && { voidReason: item.voidReason }),
  };
}

function listBySortPrefix(uid: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': prefix },
    ConsistentRead: true,
  });
}

/** Every vouch a member received, whatever its state (a strongly consistent read: verification is decided on it). */
export async function listVouchesReceived(uid: string): Promise<StoredVouch[]> {
  return (await listBySortPrefix(uid, VOUCH_RECEIVED_PREFIX)).map(vouchOf);
}

/** Every vouch a member gave, whatever its state. */
export async function listVouchesGiven(uid: string): Promise<StoredVouch[]> {
  return (await listBySortPrefix(uid, VOUCH_GIVEN_PREFIX)).map(vouchOf);
}

/** The vouch `voucherUid` gave `subjectUid` (its given side), or null. */
export async function getVouchGiven(voucherUid: string, subjectUid: string): Promise<StoredVouch | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.vouchGiven(voucherUid, subjectUid), ConsistentRead: true }));
  return Item ? vouchOf(Item) : null;
}

/** Both sides of a vouch as transaction items (a new vouch, or a renewal that overwrites the pair's earlier one). */
export function vouchPuts<N extends string>(name: N, vouch: StoredVouch): NamedItem<N>[] {
  return [
    { name, Put: { TableName: tableName(), Item: { ...keys.vouchReceived(vouch.subjectUid, vouch.voucherUid), ...vouch } } },
    { name, Put: { TableName: tableName(), Item: { ...keys.vouchGiven(vouch.voucherUid, vouch.subjectUid), ...vouch } } },
  ];
}

/**
 * Both sides of a vouch moved to `state`, as transaction items: each side that is stored (the
 * given side goes with a removed voucher's partition, the received side with a removed subject's),
 * each on the condition it still is. `reason` says why a vouch became void.
 */
export async function vouchStateItems<N extends string>(
  name: N,
  vouch: Pick<StoredVouch, 'subjectUid' | 'voucherUid'>,
  state: StoredVouchState,
  now: Date,
  reason?: string,
): Promise<NamedItem<N>[]> {
  const sides = [keys.vouchReceived(vouch.subjectUid, vouch.voucherUid), keys.vouchGiven(vouch.voucherUid, vouch.subjectUid)];
  const stored = await Promise.all(sides.map((Key) => dynamo().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))));
  return sides
    .filter((_, index) => stored[index]?.Item !== undefined)
    .map((Key) => ({
      name,
      Update: {
        TableName: tableName(),
        Key,
        UpdateExpression: reason === undefined ? 'SET #state = :state, changedAt = :now' : 'SET #state = :state, changedAt = :now, voidReason = :reason',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':state': state, ':now': now.toISOString(), ...(reason !== undefined && { ':reason': reason }) },
      },
    }));
}

/**
 * Both sides of a vouch moved to `state` (withdrawn by the voucher, void when the voucher was
 * removed as not real) where they are stored; answers whether anything changed. The caller then
 * checks the subject's verification again (recheckVerification).
 */
export async function setVouchState(subjectUid: string, voucherUid: string, state: StoredVouchState, reason?: string, now = new Date()): Promise<boolean> {
  const items = await vouchStateItems('side', { subjectUid, voucherUid }, state, now, reason);
  if (items.length === 0) return false;
  return (await transact(items)).ok;
}
