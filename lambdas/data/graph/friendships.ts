import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_ANCHORS, friendshipSchema, type AcceptedFriendship, type ConnectionType, type Friendship, type PendingFriendship } from '#contracts/anchors';
import { userSchema, type User } from '#contracts/user';
import { dynamo, tableName } from '#data/table';
import { batchGet } from '#data/table';
import { transact, type NamedItem } from '#data/table';
import { ANCHOR_EDGE_PREFIX, keys, withoutStorageAttributes } from '#data/table';
import { queryAll } from '#data/table';
import { newUserPuts } from '#data/members';
import type { EdgeStatus } from './anchors.ts';

/**
 * The write side of the anchor graph. A pair is three items written together: the friendship
 * (FRIENDSHIP#<id>, the spec's record) and one edge per member (USER#uid / ANCHOR#other). Every
 * rule that a race could break is a condition of the one transaction: the pair's status, and
 * `anchorCount < 100` on the member(s) whose count grows, with the counters updated in the same
 * write as the edges so they always equal the accepted edges.
 */

interface EdgeFields {
  otherUid: string;
  friendshipId: string;
  /** Who sent the request, seen from this member. */
  direction: 'sent' | 'received';
  requestedAt: string;
  acceptedAt: string | null;
  invitationChain: boolean;
  mutualFriends: number;
}

/** One member's side of a pair; like the pair, it has a connectionType only once accepted. */
export type AnchorEdge =
  (EdgeFields & { status: 'pending' }) | (EdgeFields & { status: 'blocked' }) | (EdgeFields & { status: 'accepted'; connectionType: ConnectionType });

export async function getFriendship(friendshipId: string): Promise<Friendship | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.friendship(friendshipId), ConsistentRead: true }));
  if (!Item) return null;
  // A blocked pair's blockedBy is a string set (blocks.ts ADDs and DELETEs one uid atomically).
  const blockedBy = Item.blockedBy instanceof Set ? [...(Item.blockedBy as Set<string>)].sort() : Item.blockedBy;
  return friendshipSchema.parse(withoutStorageAttributes({ ...Item, ...(blockedBy !== undefined && { blockedBy }) }));
}

/** One member's edge item of the pair (a blocked pair's edges say only 'blocked'; its record says who blocks). */
export function edgeItem(owner: string, friendship: Friendship): Record<string, unknown> {
  const otherUid = friendship.users[0] === owner ? friendship.users[1] : friendship.users[0];
  const fields: EdgeFields = {
    otherUid,
    friendshipId: friendship.friendshipId,
    direction: friendship.requestedBy === owner ? 'sent' : 'received',
    requestedAt: friendship.requestedAt,
    acceptedAt: friendship.acceptedAt,
    invitationChain: friendship.invitationChain,
    mutualFriends: friendship.mutualFriends,
  };
  const edge: AnchorEdge =
    friendship.status === 'accepted' ? { ...fields, status: 'accepted', connectionType: friendship.connectionType } : { ...fields, status: friendship.status };
  return { ...keys.anchorEdge(owner, otherUid), ...edge };
}

/** Every edge of a member (any status, or only `status`), one Query paged past 1 MB. */
export async function listEdges<S extends EdgeStatus = EdgeStatus>(uid: string, status?: S): Promise<Extract<AnchorEdge, { status: S }>[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ...(status && { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } }),
    ExpressionAttributeValues: { ':pk': keys.user(uid).pk, ':prefix': ANCHOR_EDGE_PREFIX, ...(status && { ':status': status }) },
  });
  return items.map(({ pk: _pk, sk: _sk, ...edge }) => edge as unknown as Extract<AnchorEdge, { status: S }>);
}

export async function getEdge(uid: string, otherUid: string): Promise<AnchorEdge | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.anchorEdge(uid, otherUid) }));
  if (!Item) return null;
  const { pk: _pk, sk: _sk, ...edge } = Item;
  return edge as AnchorEdge;
}

/** Users by uid (missing ones left out), in BatchGet pages of 100 with unprocessed keys retried. */
export async function getUsers(uids: readonly string[]): Promise<Map<string, User>> {
  const items = await batchGet([...new Set(uids)].map((uid) => keys.user(uid)));
  const users = items.map((item) => userSchema.parse(withoutStorageAttributes(item)));
  return new Map(users.map((user) => [user.uid, user]));
}

/** The condition that lets a member's count grow: the record exists and is below the cap. */
function belowCap(uid: string, increment = 1) {
  return {
    TableName: tableName(),
    Key: keys.user(uid),
    UpdateExpression: 'SET anchorCount = if_not_exists(anchorCount, :zero) + :increment',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(anchorCount) OR anchorCount <= :limit)',
    ExpressionAttributeValues: { ':zero': 0, ':increment': increment, ':limit': MAX_ANCHORS - increment },
  };
}

/**
 * A new pending pair. Fails on 'pair' when any record of the pair exists (anchored, pending or
 * blocked), on 'senderCap' when the sender already has 100 anchors.
 */
export async function createRequest(friendship: PendingFriendship) {
  const [a, b] = friendship.users;
  const sender = friendship.requestedBy;
  return transact([
    {
      name: 'pair',
      Put: { TableName: tableName(), Item: { ...keys.friendship(friendship.friendshipId), ...friendship }, ConditionExpression: 'attribute_not_exists(pk)' },
    },
    { name: 'pair', Put: { TableName: tableName(), Item: edgeItem(a, friendship), ConditionExpression: 'attribute_not_exists(pk)' } },
    { name: 'pair', Put: { TableName: tableName(), Item: edgeItem(b, friendship), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      name: 'senderCap',
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.user(sender),
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(anchorCount) OR anchorCount < :max)',
        ExpressionAttributeValues: { ':max': MAX_ANCHORS },
      },
    },
  ]);
}

/**
 * Accepts a pending pair: the pair and both edges become accepted (and get their connectionType)
 * and both counters grow, all in one transaction whose conditions are the pending status, the
 * recipient, and both caps.
 */
export async function acceptRequest(accepted: AcceptedFriendship, accepter: string) {
  const [a, b] = accepted.users;
  const other = a === accepter ? b : a;
  const stillPending = (extra = '') => ({
    ConditionExpression: `#status = :pending${extra}`,
    ExpressionAttributeNames: { '#status': 'status' },
  });
  const acceptedFields = {
    UpdateExpression: 'SET #status = :accepted, acceptedAt = :acceptedAt, connectionType = :connectionType, invitationChain = :chain, mutualFriends = :mutual',
    ExpressionAttributeValues: {
      ':pending': 'pending',
      ':accepted': 'accepted',
      ':acceptedAt': accepted.acceptedAt,
      ':connectionType': accepted.connectionType,
      ':chain': accepted.invitationChain,
      ':mutual': accepted.mutualFriends,
    },
  };
  return transact([
    {
      name: 'pair',
      Update: {
        TableName: tableName(),
        Key: keys.friendship(accepted.friendshipId),
        ...stillPending(' AND requestedBy <> :accepter'),
        ...acceptedFields,
        ExpressionAttributeValues: { ...acceptedFields.ExpressionAttributeValues, ':accepter': accepter },
      },
    },
    { name: 'pair', Update: { TableName: tableName(), Key: keys.anchorEdge(a, b), ...stillPending(), ...acceptedFields } },
    { name: 'pair', Update: { TableName: tableName(), Key: keys.anchorEdge(b, a), ...stillPending(), ...acceptedFields } },
    { name: 'accepterCap', Update: belowCap(accepter) },
    { name: 'otherCap', Update: belowCap(other) },
  ]);
}

/** Deletes a pending pair (reject or cancel); fails on 'pair' unless it is still pending. */
export async function deleteRequest(friendshipId: string, a: string, b: string) {
  const pending = {
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pending': 'pending' },
  };
  return transact([
    { name: 'pair', Delete: { TableName: tableName(), Key: keys.friendship(friendshipId), ...pending } },
    { name: 'pair', Delete: { TableName: tableName(), Key: keys.anchorEdge(a, b), ...pending } },
    { name: 'pair', Delete: { TableName: tableName(), Key: keys.anchorEdge(b, a), ...pending } },
  ]);
}

/** Deletes an accepted pair and lowers both counters in the same write; fails on 'pair' otherwise. */
export async function deleteConnection(friendshipId: string, a: string, b: string) {
  const accepted = {
    ConditionExpression: '#status = :accepted',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':accepted': 'accepted' },
  };
  const lowerCount = (uid: string) => ({
    TableName: tableName(),
    Key: keys.user(uid),
    UpdateExpression: 'SET anchorCount = anchorCount - :one',
    ConditionExpression: 'attribute_exists(pk) AND anchorCount > :zero',
    ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
  });
  return transact([
    { name: 'pair', Delete: { TableName: tableName(), Key: keys.friendship(friendshipId), ...accepted } },
    { name: 'pair', Delete: { TableName: tableName(), Key: keys.anchorEdge(a, b), ...accepted } },
    { name: 'pair', Delete: { TableName: tableName(), Key: keys.anchorEdge(b, a), ...accepted } },
    { name: 'count', Update: lowerCount(a) },
    { name: 'count', Update: lowerCount(b) },
  ]);
}

/**
 * Dev tools: new members (record + invite code) each anchored to `owner`, all in one transaction:
 * 5 items per dummy plus the owner's counter (DynamoDB takes 100 items, so at most 19 dummies).
 * The owner's count grows by their number only while it stays within the cap; nothing is left
 * behind when it would not.
 */
export async function createAnchoredMembers(owner: string, members: readonly { user: User; pair: AcceptedFriendship }[]) {
  const items: NamedItem<'collision' | 'ownerCap'>[] = [];
  for (const { user, pair } of members) {
    items.push(
      ...newUserPuts(user).map(({ name: _name, ...item }) => ({ ...item, name: 'collision' as const })),
      // `dummy` keeps the pair out of the community metrics, as its unverified member is.
      {
        name: 'collision',
        Put: { TableName: tableName(), Item: { ...keys.friendship(pair.friendshipId), ...pair, dummy: true }, ConditionExpression: 'attribute_not_exists(pk)' },
      },
      { name: 'collision', Put: { TableName: tableName(), Item: edgeItem(owner, pair), ConditionExpression: 'attribute_not_exists(pk)' } },
      { name: 'collision', Put: { TableName: tableName(), Item: edgeItem(user.uid, pair), ConditionExpression: 'attribute_not_exists(pk)' } },
    );
  }
  items.push({ name: 'ownerCap', Update: belowCap(owner, members.length) });
  return transact(items);
}
