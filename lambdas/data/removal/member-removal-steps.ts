import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#data/table';
import { batchWrite } from '#data/table';
import { conditionalWrite } from '#data/table';
import { deleteConnection, deleteRequest, getFriendship, listEdges } from '#data/graph';
import { keys, parseKeyAs, USER_PROFILE_SK, VOUCH_RECEIVED_PREFIX } from '#data/table';
import { queryAll } from '#data/table';

/*
 * The table's side of a member's removal: each function is one idempotent step the removal
 * workflow (lambdas/workflows/member-removal.ts) runs in its order.
 */

/** The record's name, invite code and the codes it replaced (null once the record is gone). */
export async function memberSummary(uid: string): Promise<{ displayName: string; inviteCode: string | null; retiredInviteCodes: string[] } | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }));
  if (!Item) return null;
  const inviteSystem = Item.inviteSystem as { inviteCode?: unknown } | undefined;
  const retired = Array.isArray(Item.retiredInviteCodes) ? Item.retiredInviteCodes.filter((code): code is string => typeof code === 'string') : [];
  return {
    displayName: String(Item.displayName ?? ''),
    inviteCode: typeof inviteSystem?.inviteCode === 'string' ? inviteSystem.inviteCode : null,
    retiredInviteCodes: retired,
  };
}

/**
 * Every pair of the member goes through the anchors' own transactions, so the member who stays
 * has their anchorCount lowered in the same write as the edges, exactly once: a pair already gone
 * fails its status condition and is skipped.
 */
export async function deletePairs(uid: string, stopIfOutOfTime: () => void): Promise<void> {
  for (const edge of await listEdges(uid)) {
    stopIfOutOfTime();
    const pair = await getFriendship(edge.friendshipId);
    const [a, b] = pair?.users ?? [uid, edge.otherUid];
    const outcome =
      pair?.status === 'accepted'
        ? await deleteConnection(edge.friendshipId, a, b)
        : pair?.status === 'pending'
          ? await deleteRequest(edge.friendshipId, a, b)
          : null;
    if (outcome && !outcome.ok) {
      // Gone meanwhile (a racing run removed it): done. Changed (e.g. accepted meanwhile): the next run reads it again.
      if (!(await getFriendship(edge.friendshipId))) continue;
      throw new Error(`the pair ${edge.friendshipId} changed while it was being removed (${outcome.failed.join(', ')})`);
    }
    if (!outcome) {
      // Blocked, or an edge whose pair record is missing: no counter counts these.
      await batchWrite([
        { DeleteRequest: { Key: keys.friendship(edge.friendshipId) } },
        { DeleteRequest: { Key: keys.anchorEdge(uid, edge.otherUid) } },
        { DeleteRequest: { Key: keys.anchorEdge(edge.otherUid, uid) } },
      ]);
    }
  }
}

/** Everything left in the member's partition but the record: feed entries, request markers, … */
export async function deleteOwnItems(uid: string): Promise<void> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.user(uid).pk },
    ProjectionExpression: 'pk, sk',
  });
  const rest = items.filter((item) => item.sk !== USER_PROFILE_SK);
  await batchWrite(rest.map((item) => ({ DeleteRequest: { Key: { pk: String(item.pk), sk: String(item.sk) } } })));
}

/**
 * The mirrors of the vouches the member received (`VOUCHED#<uid>` in each voucher's partition),
 * found from the member's own `VOUCH#<voucher>` items: so it runs before their partition goes. The
 * vouches the member gave stay on their subjects' side and count until they lapse.
 */
export async function deleteVouchMirrors(uid: string): Promise<void> {
  const received = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': VOUCH_RECEIVED_PREFIX },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchWrite(received.map((item) => ({ DeleteRequest: { Key: keys.vouchGiven(parseKeyAs('vouch-received', item).voucherUid, uid) } })));
}

/** The member's due work of these kinds (their verification's lapse and its notice): nothing is due for a member who is gone. */
export async function deleteDueItemsOf(uid: string, dueKinds: readonly string[]): Promise<void> {
  await batchWrite(dueKinds.map((kind) => ({ DeleteRequest: { Key: keys.dueItem(kind, uid) } })));
}

/** Deletes invite code items, each only while it still belongs to its member. */
export async function deleteInviteCodes(codes: readonly { code: string; ownerUid: string }[]): Promise<void> {
  await Promise.all(
    codes.map(({ code, ownerUid }) =>
      conditionalWrite(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.inviteCode(code),
          ConditionExpression: 'attribute_not_exists(pk) OR ownerUid = :owner',
          ExpressionAttributeValues: { ':owner': ownerUid },
        }),
      ),
    ),
  );
}

/** The member's record, the removal's last table step (it keeps them in the invite tree until then). */
export async function deleteUserRecord(uid: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.user(uid) }));
}

/**
 * Takes removed members out of the stored daily metrics (their `topInviters` entries); the other
 * figures are counts and hold no ids. A record is rewritten only when it named one of them.
 */
export async function forgetInMetrics(uids: ReadonlySet<string>): Promise<number> {
  const records = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.metrics('').pk },
    ProjectionExpression: 'pk, sk, topInviters',
  });
  let rewritten = 0;
  for (const record of records) {
    const inviters = Array.isArray(record.topInviters) ? (record.topInviters as { userId?: unknown }[]) : [];
    const kept = inviters.filter((inviter) => !uids.has(String(inviter.userId)));
    if (kept.length === inviters.length) continue;
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: String(record.pk), sk: String(record.sk) },
        UpdateExpression: 'SET topInviters = :kept',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':kept': kept },
      }),
    );
    rewritten++;
  }
  return rewritten;
}
