import { tableName } from '#data/table';
import { withBackoff } from '#data/table';
import { batchGet } from '#data/table';
import { transact } from '#data/table';
import { keys, memberOfPartition, parseKey } from '#data/table';
import { queryAll } from '#data/table';

const READ = { '#read': 'read' } as const;

/** A transaction holds at most 100 items: the notifications and their recipients' counters. */
const TRANSACTION_ITEMS = 100;

type ItemKey = { pk: string; sk: string };

/**
 * Deletes every notification that names `actorUid` as its actor (GSI byActor: only notifications
 * carry both actorId and happenedAt), for the actor's removal: nothing of a member who left may
 * name them, and other members' notifications did ("Ada liked your post"). They are read in one
 * BatchGet (strongly consistent) and deleted in as few transactions as hold them, each with the
 * counters of its recipients lowered by their unread ones, so every unread count stays exact; one
 * marked read meanwhile fails its condition, and that transaction's are read again and tried again.
 * (Two requests a notification, one after another, were a fifth of a removal's time.) Idempotent. A
 * notification the stream writes after this step is not written at all: the producer skips an
 * actor whose removal has begun (notifications.ts actorOf).
 */
export async function forgetNotificationsBy(actorUid: string, onlyTo?: string): Promise<void> {
  const indexed = await queryAll({
    TableName: tableName(),
    IndexName: 'byActor',
    KeyConditionExpression: 'actorId = :uid',
    ExpressionAttributeValues: { ':uid': actorUid },
  });
  const recipientPk = onlyTo === undefined ? null : keys.user(onlyTo).pk;
  const notifications = indexed
    .filter((item) => parseKey(item).kind === 'notification' && (recipientPk === null || item.pk === recipientPk))
    .map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
  if (notifications.length === 0) return;
  const found = await batchGet(notifications, undefined, { consistent: true });
  for (const pack of packed(found)) {
    let readAgain = false;
    await withBackoff(async (retry) => {
      const items = readAgain ? await batchGet(pack.map(keyOf), undefined, { consistent: true }) : pack;
      if (items.length === 0) return;
      const outcome = await transact(deletionOf(items));
      if (outcome.ok) return;
      readAgain = true;
      return retry(new Error('Notifications changed while they were being deleted'));
    });
  }
}

function keyOf(item: Record<string, unknown>): ItemKey {
  return { pk: String(item.pk), sk: String(item.sk) };
}

/**
 * The notifications in packs that each fit one transaction with their recipients' counters: a
 * recipient's notifications stay together unless they alone overflow one (then the counter is in
 * each of their packs, lowered by that pack's unread ones).
 */
function packed(items: readonly Record<string, unknown>[]): Record<string, unknown>[][] {
  const packs: Record<string, unknown>[][] = [];
  let pack: Record<string, unknown>[] = [];
  let recipients = new Set<string>();
  const byRecipient = new Map<string, Record<string, unknown>[]>();
  for (const item of items) byRecipient.set(String(item.pk), [...(byRecipient.get(String(item.pk)) ?? []), item]);
  for (const [recipient, theirs] of byRecipient) {
    for (const item of theirs) {
      const newRecipient = !recipients.has(recipient);
      if (pack.length + recipients.size + (newRecipient ? 2 : 1) > TRANSACTION_ITEMS) {
        packs.push(pack);
        pack = [];
        recipients = new Set();
      }
      pack.push(item);
      recipients.add(recipient);
    }
  }
  if (pack.length > 0) packs.push(pack);
  return packs;
}

/**
 * One transaction deleting these notifications: a read one on the condition that it is still read,
 * an unread one on the condition that it is still unread, and each recipient's counter lowered by
 * their unread ones.
 */
function deletionOf(items: readonly Record<string, unknown>[]) {
  const unreadBy = new Map<string, number>();
  for (const item of items) if (item.read !== true) unreadBy.set(String(item.pk), (unreadBy.get(String(item.pk)) ?? 0) + 1);
  return [
    ...items.map((item) => ({
      name: 'notification' as const,
      Delete: {
        TableName: tableName(),
        Key: keyOf(item),
        ConditionExpression: '#read = :read',
        ExpressionAttributeNames: READ,
        ExpressionAttributeValues: { ':read': item.read === true },
      },
    })),
    ...[...unreadBy].map(([recipientPk, unread]) => ({
      name: 'counter' as const,
      Update: {
        TableName: tableName(),
        Key: keys.notificationState(memberOfPartition(recipientPk)),
        UpdateExpression: 'ADD unread :minus',
        ConditionExpression: 'unread >= :unread',
        ExpressionAttributeValues: { ':minus': -unread, ':unread': unread },
      },
    })),
  ];
}

/**
 * Deletes what either of two members was notified of by the other, for a block: neither may see
 * the other's again, and listNotifications leaves such ones out of its pages, so an unread one
 * would keep counting on the bell with nothing to show for it. The counters move as above (the
 * table's stream then tells each recipient's open pages to read the bell again). Idempotent: a
 * retried block runs it again. One that the stream stores while the block is written (its lists
 * read just before) still only shows as hidden.
 */
export async function forgetNotificationsBetween(a: string, b: string): Promise<void> {
  await forgetNotificationsBy(a, b);
  await forgetNotificationsBy(b, a);
}
