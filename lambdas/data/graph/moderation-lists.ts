import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { userSchema, type User } from '#contracts/user';
import type { ModerationLists } from '#domain/moderation-lists';
import { dynamo, tableName } from '#data/table';
import { BLOCK_PREFIX, keys, MUTE_PREFIX, withoutStorageAttributes } from '#data/table';
import { queryAll } from '#data/table';

/**
 * The read side of blocks and mutes. A member's record holds three string sets, written in the same
 * transactions as the BLOCK#/MUTE# items (blocks.ts, mutes.ts): `blockedIds` (whom they blocked),
 * `blockedByIds` (who blocked them) and `mutedIds` (whom they muted). Any read that already has the
 * viewer's record filters with them at no extra request (the feed page's BatchGet); the others read
 * them with one GetItem projecting only the sets.
 */

/** The record attributes that hold the lists (for a projection that must carry them). */
export const MODERATION_LIST_ATTRIBUTES = ['blockedIds', 'blockedByIds', 'mutedIds'] as const;

function stringSet(value: unknown): ReadonlySet<string> {
  if (value instanceof Set) return new Set([...(value as Set<unknown>)].map(String));
  return new Set(Array.isArray(value) ? value.map(String) : []);
}

/** The lists a member record carries (none on a record that never blocked, was blocked or muted). */
export function moderationListsOf(record: Record<string, unknown> | undefined): ModerationLists {
  return { blocked: stringSet(record?.blockedIds), blockedBy: stringSet(record?.blockedByIds), muted: stringSet(record?.mutedIds) };
}

/** One strongly consistent GetItem of the viewer's record projecting the three sets (a block shows at once). */
export async function getModerationLists(uid: string): Promise<ModerationLists> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(uid), ProjectionExpression: MODERATION_LIST_ATTRIBUTES.join(', '), ConsistentRead: true }),
  );
  return moderationListsOf(Item);
}

/** The member's record and its lists from the same one GetItem (for handlers that need the record anyway). */
export async function getUserWithLists(uid: string): Promise<{ user: User; lists: ModerationLists } | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true }));
  if (!Item) return null;
  return { user: userSchema.parse(withoutStorageAttributes(Item)), lists: moderationListsOf(Item) };
}

/** Someone a member blocked or muted, with when. */
export interface ListedUid {
  otherUid: string;
  since: string;
}

async function listedUnder(uid: string, prefix: string): Promise<ListedUid[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': prefix },
    ProjectionExpression: 'otherUid, since',
  });
  const listed = items.map((item) => ({ otherUid: String(item.otherUid), since: String(item.since ?? '') }));
  return listed.sort((a, b) => b.since.localeCompare(a.since));
}

/** The members `uid` blocked, most recent first (one Query of their BLOCK# items). */
export function listBlockedUids(uid: string): Promise<ListedUid[]> {
  return listedUnder(uid, BLOCK_PREFIX);
}

/** The members `uid` muted, most recent first (one Query of their MUTE# items). */
export function listMutedUids(uid: string): Promise<ListedUid[]> {
  return listedUnder(uid, MUTE_PREFIX);
}
