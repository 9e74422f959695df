import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './aws-clients.ts';
import { withBackoff } from './backoff.ts';
import { conditionalWrite, transact } from './conditional.ts';
import { keys, NOTIFICATION_PREFIX } from './keys.ts';
import { queryAll } from './query-all.ts';

const READ = { '#read': 'read' } as const;

/**
 * Deletes every notification that names `actorUid` as its actor (GSI byActor: only notifications
 * carry both actorId and happenedAt), for the actor's removal: nothing of a member who left may
 * name them, and other members' notifications did ("Ada liked your post"). An unread one goes in
 * one transaction with its recipient's counter down by one, so every unread count stays exact; a
 * notification marked read meanwhile fails the condition and is read again. Idempotent. A
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
  const notifications = indexed.filter((item) => String(item.sk).startsWith(NOTIFICATION_PREFIX) && (recipientPk === null || item.pk === recipientPk));
  for (const item of notifications) await forgetOne({ pk: String(item.pk), sk: String(item.sk) });
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

async function forgetOne(key: { pk: string; sk: string }): Promise<void> {
  const owner = key.pk.slice('USER#'.length);
  await withBackoff(async (retry) => {
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    if (!Item) return;
    if (Item.read === true) {
      const deleted = await conditionalWrite(
        new DeleteCommand({
          TableName: tableName(),
          Key: key,
          ConditionExpression: '#read = :true',
          ExpressionAttributeNames: READ,
          ExpressionAttributeValues: { ':true': true },
        }),
      );
      if (deleted === null) return retry(new Error(`Notification ${key.sk} changed while it was being deleted`));
      return;
    }
    const outcome = await transact([
      {
        name: 'notification',
        Delete: {
          TableName: tableName(),
          Key: key,
          ConditionExpression: '#read = :false',
          ExpressionAttributeNames: READ,
          ExpressionAttributeValues: { ':false': false },
        },
      },
      {
        name: 'counter',
        Update: {
          TableName: tableName(),
          Key: keys.notificationState(owner),
          UpdateExpression: 'ADD unread :minus',
          ConditionExpression: 'unread >= :one',
          ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
        },
      },
    ]);
    if (!outcome.ok) return retry(new Error(`Notification ${key.sk} changed while it was being deleted`));
  });
}
