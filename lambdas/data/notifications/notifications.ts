import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  MAX_UNREAD_NOTIFICATIONS,
  NOTIFICATIONS_PAGE_SIZE,
  type AppNotification,
  type NotificationKind,
  type NotificationSettings,
  type VouchNotice,
} from '#contracts/notifications';
import type { NoticeKind } from '#contracts/moderation';
import { effectiveSettings, type RecipientFacts } from '#domain/notifications';
import { dynamo, tableName } from '#data/table';
import { batchGet } from '#data/table';
import { withBackoff } from '#data/table';
import { transact, type NamedItem } from '#data/table';
import { COMMENT_PREFIX, keys, memberOfPartition, NOTIFICATION_PREFIX, postKeys } from '#data/table';
import { queryAll } from '#data/table';
import { REMOVAL_PENDING } from '#data/members';
import { moderationListsOf } from '#data/graph';
import { pictureUrl } from '#data/storage';

/**
 * Notifications: `USER#<uid> / NOTIF#<id>` in the member's own partition (so removal takes them with
 * it), and `USER#<uid> / NOTIFSTATE` holding `unread`, moved in the same transaction as each
 * notification's put or its read flag, so the count is exact under concurrency and redelivery.
 * Unread notifications carry no TTL (the count would drift if DynamoDB expired one); marking one
 * read sets `expiresAt` 30 days on.
 */

/** How long a read notification is kept. */
export const READ_NOTIFICATION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Notifications written or marked in one transaction, beside the counter. */
const MARK_CHUNK = 99;

/** What a notification stores: the actor as they were (name, picture key), what it is about. */
export interface NewNotification {
  notificationId: string;
  kind: NotificationKind;
  createdAt: string;
  actor: { uid: string; displayName: string; pictureKey: string } | null;
  postId: string | null;
  postAuthorId: string | null;
  commentId: string | null;
  noticeKind: NoticeKind | null;
  /** Which vouching notice (kind 'vouching'), and the date it names. */
  vouchNotice?: VouchNotice | null;
  vouchUntil?: string | null;
}

export type StoreOutcome = 'stored' | 'already-stored' | 'already-told' | 'unread-full' | 'member-leaving';

/**
 * How long a member told of a repeatable thing (a like, an anchor request: see notify.ts) is not
 * told of it again: a like/unlike or send/withdraw loop notifies its target once a week at most.
 */
export const TOLD_ONCE_SECONDS = 7 * 24 * 60 * 60;

/** The digest a told-once marker is keyed by: nothing of the actor or the subject in clear. */
export function toldOnceDigest(identity: string): string {
  return createHash('sha256').update(identity, 'utf8').digest('base64url');
}

/**
 * The marker that `uid` was told of `digest`, put only when none is there or the one there has
 * expired (DynamoDB's TTL deletes late, so the condition reads `expiresAt` itself).
 */
function toldOnce(uid: string, digest: string, now: Date): NamedItem<string> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return {
    name: 'told',
    Put: {
      TableName: tableName(),
      Item: { ...keys.toldOnce(uid, digest), expiresAt: nowSeconds + TOLD_ONCE_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
      ExpressionAttributeValues: { ':now': nowSeconds },
    },
  };
}

/** A member who is here and not being removed: their record exists and carries no removal mark. */
function staying(uid: string): NamedItem<string> {
  return {
    name: 'leaving',
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.user(uid),
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#pending)',
      ExpressionAttributeNames: { '#pending': REMOVAL_PENDING },
    },
  };
}

/**
 * One transaction: the notification (only if new: a redelivery stores nothing) and `unread + 1`
 * (below the cap), with `onceDigest` the told-once marker (only if the member was not told of it
 * within TOLD_ONCE_SECONDS: 'already-told' stores nothing), on the condition that neither the recipient nor the actor is being removed or
 * gone: removal deletes the recipient's partition and the notifications naming the actor
 * (notification-removal.ts) after it marks them, so none may be written once it has.
 */
export async function storeNotification(uid: string, notification: NewNotification, onceDigest?: string, now = new Date()): Promise<StoreOutcome> {
  const { actor } = notification;
  // Attribute names of their own: `postId`, `commentId` and `createdAt` are keys of the table's
  // indexes (byCommentId, byInviter), which a notification must never enter; absent values are left out.
  const item = Object.fromEntries(
    Object.entries({
      notificationId: notification.notificationId,
      kind: notification.kind,
      happenedAt: notification.createdAt,
      aboutPostId: notification.postId,
      aboutPostAuthorId: notification.postAuthorId,
      aboutCommentId: notification.commentId,
      noticeKind: notification.noticeKind,
      vouchNotice: notification.vouchNotice,
      vouchUntil: notification.vouchUntil,
      actorId: actor?.uid,
      actorName: actor?.displayName,
      actorPictureKey: actor?.pictureKey,
    }).filter(([, value]) => value !== null && value !== undefined),
  );
  const outcome = await transact([
    {
      name: 'notification',
      Put: {
        TableName: tableName(),
        Item: { ...keys.notification(uid, notification.notificationId), ...item, read: false },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      name: 'counter',
      Update: {
        TableName: tableName(),
        Key: keys.notificationState(uid),
        UpdateExpression: 'ADD unread :one',
        ConditionExpression: 'attribute_not_exists(unread) OR unread < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_UNREAD_NOTIFICATIONS },
      },
    },
    staying(uid),
    ...(actor && actor.uid !== uid ? [staying(actor.uid)] : []),
    ...(onceDigest ? [toldOnce(uid, onceDigest, now)] : []),
  ]);
  if (outcome.ok) return 'stored';
  if (outcome.failed.includes('leaving')) return 'member-leaving';
  if (outcome.failed.includes('notification')) return 'already-stored';
  return outcome.failed.includes('told') ? 'already-told' : 'unread-full';
}

/** The attributes of a member record the producer reads: lists and settings. */
const RECIPIENT_PROJECTION = `pk, blockedIds, blockedByIds, mutedIds, notificationSettings, ${REMOVAL_PENDING}`;

function uidOfUserKey(pk: unknown): string {
  return memberOfPartition(pk);
}

/**
 * The recipients' lists and settings, from one BatchGet. Members whose record is gone, or whose
 * removal has begun, are left out: their partition is being deleted. (A notification whose
 * recipient's removal begins between this read and its write is left behind in the emptied
 * partition, with its counter: nothing lists it, and it names only the actor. Not handled.)
 */
export async function recipientFacts(uids: readonly string[]): Promise<RecipientFacts[]> {
  if (uids.length === 0) return [];
  const items = await batchGet(
    uids.map((uid) => keys.user(uid)),
    RECIPIENT_PROJECTION,
    { consistent: true },
  );
  return items
    .filter((item) => item[REMOVAL_PENDING] === undefined)
    .map((item) => ({
      uid: uidOfUserKey(item.pk),
      lists: moderationListsOf(item),
      settings: (item.notificationSettings ?? {}) as Partial<NotificationSettings>,
    }));
}

/**
 * The actor as a notification keeps them: name and picture key now. Null when their record is gone
 * or their removal has begun (removal deletes the notifications naming them, notification-removal.ts:
 * none may be written after it).
 */
export async function actorOf(uid: string): Promise<{ uid: string; displayName: string; pictureKey: string } | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      ProjectionExpression: 'displayName, profilePicture, #pending',
      ExpressionAttributeNames: { '#pending': REMOVAL_PENDING },
      ConsistentRead: true,
    }),
  );
  if (!Item || Item[REMOVAL_PENDING] !== undefined) return null;
  return { uid, displayName: String(Item.displayName ?? ''), pictureKey: String(Item.profilePicture ?? '') };
}

/** The authors of a post's latest comments before `commentId`, newest first (one Query, authorId only). */
export async function earlierCommenterIds(postId: string, commentId: string, limit: number): Promise<string[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :before',
      ExpressionAttributeValues: { ':pk': postKeys.post(postId).pk, ':from': COMMENT_PREFIX, ':before': `${COMMENT_PREFIX}${commentId}` },
      ProjectionExpression: 'authorId, sk',
      ScanIndexForward: false,
      Limit: limit + 1,
    }),
  );
  return (Items ?? []).filter((item) => item.sk !== `${COMMENT_PREFIX}${commentId}`).map((item) => String(item.authorId));
}

function unreadOf(item: Record<string, unknown> | undefined): number {
  return Math.max(0, Number(item?.unread ?? 0));
}

export async function unreadCount(uid: string): Promise<number> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.notificationState(uid), ConsistentRead: true }));
  return unreadOf(Item);
}

/** A stored notification as listed: the actor with the picture URL of their current record, or as a former member. */
interface StoredNotification extends Omit<AppNotification, 'actor'> {
  actorId: string | null;
  actorName: string;
}

function toStored(item: Record<string, unknown>): StoredNotification {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    notificationId: String(item.notificationId),
    kind: item.kind as NotificationKind,
    createdAt: String(item.happenedAt),
    read: item.read === true,
    actorId: text(item.actorId),
    actorName: String(item.actorName ?? ''),
    postId: text(item.aboutPostId),
    postAuthorId: text(item.aboutPostAuthorId),
    commentId: text(item.aboutCommentId),
    noticeKind: text(item.noticeKind) as NoticeKind | null,
    vouchNotice: text(item.vouchNotice) as VouchNotice | null,
    vouchUntil: text(item.vouchUntil),
  };
}

/** The member's notifications newest first, a page after `cursor`, expired read ones left out (DynamoDB Local never expires). */
export async function listNotificationPage(
  uid: string,
  cursor: string | undefined,
  now = new Date(),
): Promise<{ items: StoredNotification[]; nextCursor: string | null }> {
  const { Items, LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: cursor ? 'pk = :pk AND sk BETWEEN :from AND :before' : 'pk = :pk AND begins_with(sk, :from)',
      ExpressionAttributeValues: {
        ':pk': keys.user(uid).pk,
        ':from': NOTIFICATION_PREFIX,
        ...(cursor && { ':before': keys.notification(uid, cursor).sk }),
      },
      ScanIndexForward: false,
      Limit: NOTIFICATIONS_PAGE_SIZE + (cursor ? 1 : 0),
    }),
  );
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const page = (Items ?? []).filter((item) => !(cursor && item.sk === keys.notification(uid, cursor).sk));
  const items = page.filter((item) => typeof item.expiresAt !== 'number' || item.expiresAt > nowSeconds).map(toStored);
  const last = page.at(-1);
  return { items, nextCursor: LastEvaluatedKey && last ? String(last.notificationId) : null };
}

/** Which of these members still have a record, and their picture key now (one BatchGet). */
export async function currentActors(uids: readonly string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const items = await batchGet(
    [...new Set(uids)].map((uid) => keys.user(uid)),
    'pk, profilePicture',
  );
  return new Map(items.map((item) => [uidOfUserKey(item.pk), String(item.profilePicture ?? '')]));
}

export function servedPicture(key: string): string {
  return pictureUrl(key);
}

/** The read flag's Update: only an unread notification of this member (a repeat or an unknown id fails it). */
function markReadItem(uid: string, notificationId: string, now: Date): NamedItem<string> {
  return {
    name: notificationId,
    Update: {
      TableName: tableName(),
      Key: keys.notification(uid, notificationId),
      UpdateExpression: 'SET #read = :true, expiresAt = :expires',
      ConditionExpression: 'attribute_exists(pk) AND #read = :false',
      ExpressionAttributeNames: { '#read': 'read' },
      ExpressionAttributeValues: { ':true': true, ':false': false, ':expires': Math.floor(now.getTime() / 1000) + READ_NOTIFICATION_TTL_SECONDS },
    },
  };
}

/**
 * Marks these notifications read, the counter down by as many in the same transaction. A failed
 * condition (already read, by a racing call; or no such notification) cancels the whole
 * transaction, so the ids still unread are read again and the rest tried again: the count moves
 * once per notification, whoever wins.
 */
export async function markRead(uid: string, notificationIds: readonly string[], now = new Date()): Promise<void> {
  for (let start = 0; start < notificationIds.length; start += MARK_CHUNK) {
    let pending = [...new Set(notificationIds.slice(start, start + MARK_CHUNK))];
    await withBackoff(async (retry) => {
      pending = await stillUnread(uid, pending);
      if (pending.length === 0) return;
      const outcome = await transact([
        ...pending.map((id) => markReadItem(uid, id, now)),
        {
          name: 'counter',
          Update: {
            TableName: tableName(),
            Key: keys.notificationState(uid),
            UpdateExpression: 'ADD unread :minus',
            ConditionExpression: 'unread >= :count',
            ExpressionAttributeValues: { ':minus': -pending.length, ':count': pending.length },
          },
        },
      ]);
      if (!outcome.ok) return retry(new Error(`Marking read raced: ${outcome.failed.join(',')}`));
    });
  }
}

async function stillUnread(uid: string, notificationIds: readonly string[]): Promise<string[]> {
  // Whole items (a few hundred bytes each): `read` is a reserved word the helper's projection cannot name.
  const items = await batchGet(
    notificationIds.map((id) => keys.notification(uid, id)),
    undefined,
    { consistent: true },
  );
  return items.filter((item) => item.read === false).map((item) => String(item.notificationId));
}

/** Every unread notification's id (one consistent Query of the partition's notifications, paged). */
export async function unreadIds(uid: string): Promise<string[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#read = :false',
    ExpressionAttributeNames: { '#read': 'read' },
    ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': NOTIFICATION_PREFIX, ':false': false },
    ProjectionExpression: 'notificationId',
    ConsistentRead: true,
  });
  return items.map((item) => String(item.notificationId));
}

/** The member's settings as stored (kinds absent are on). */
export async function getNotificationSettings(uid: string): Promise<NotificationSettings> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(uid), ProjectionExpression: 'notificationSettings', ConsistentRead: true }),
  );
  return effectiveSettings(Item?.notificationSettings as Record<string, unknown> | undefined);
}

/**
 * Sets the given kinds in the record's `notificationSettings` map, each by its own path, so two
 * saves of different kinds never undo each other: the map is made first where the record has none.
 */
export async function updateNotificationSettings(uid: string, changes: Partial<NotificationSettings>): Promise<NotificationSettings> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'SET notificationSettings = if_not_exists(notificationSettings, :empty)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':empty': {} },
    }),
  );
  const kinds = Object.entries(changes);
  if (kinds.length > 0) {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(uid),
        UpdateExpression: `SET ${kinds.map((_, i) => `notificationSettings.#k${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(kinds.map(([kind], i) => [`#k${i}`, kind])),
        ExpressionAttributeValues: Object.fromEntries(kinds.map(([, on], i) => [`:v${i}`, on])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return effectiveSettings(Attributes?.notificationSettings as Record<string, unknown> | undefined);
  }
  return getNotificationSettings(uid);
}
