import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { MAX_ANCHORS, friendshipSchema, type AcceptedFriendship, type ConnectionType, type Friendship, type PendingFriendship } from '#contracts/anchors';
import { userSchema, type User } from '#contracts/user';
import { dynamo, tableName } from './aws-clients.ts';
import { ANCHOR_EDGE_PREFIX, keys, withoutStorageAttributes } from './keys.ts';
import { queryAll } from './query-all.ts';
import { newUserPuts } from './users.ts';
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
export type AnchorEdge = (EdgeFields & { status: 'pending' }) | (EdgeFields & { status: 'blocked' }) | (EdgeFields & { status: 'accepted'; connectionType: ConnectionType });

/** Which condition of a transaction failed (by item position), or null on success. */
type Outcome<F extends string> = { ok: true } | { ok: false; failed: F[] };

const MAX_ATTEMPTS = 8;

/**
 * Runs a transaction; a TransactionConflict (another transaction on one of the items, e.g. 30
 * accepts towards one member) is retried with jittered backoff. Condition failures come back as
 * the names of the failed items.
 */
async function transact<F extends string>(input: TransactWriteCommandInput, names: readonly F[]): Promise<Outcome<F>> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand(input));
      return { ok: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code);
      const failed = names.filter((_, index) => codes[index] === 'ConditionalCheckFailed');
      if (failed.length > 0) return { ok: false, failed };
      if (attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** Math.min(attempt, 5)));
    }
  }
}

export async function getFriendship(friendshipId: string): Promise<Friendship | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.friendship(friendshipId), ConsistentRead: true }));
  return Item ? friendshipSchema.parse(withoutStorageAttributes(Item)) : null;
}

function edgeItem(owner: string, friendship: Friendship): Record<string, unknown> {
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
  const users = new Map<string, User>();
  const unique = [...new Set(uids)];
  for (let start = 0; start < unique.length; start += 100) {
    let requestKeys: Record<string, unknown>[] | undefined = unique.slice(start, start + 100).map((uid) => keys.user(uid));
    for (let attempt = 0; requestKeys && requestKeys.length > 0 && attempt < 8; attempt++) {
      const answer: BatchGetCommandOutput = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: requestKeys } } }));
      for (const item of answer.Responses?.[tableName()] ?? []) {
        const user = userSchema.parse(withoutStorageAttributes(item));
        users.set(user.uid, user);
      }
      requestKeys = answer.UnprocessedKeys?.[tableName()]?.Keys;
      if (requestKeys?.length) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
    }
  }
  return users;
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
  return transact(
    {
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...keys.friendship(friendship.friendshipId), ...friendship }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName(), Item: edgeItem(a, friendship), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName(), Item: edgeItem(b, friendship), ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.user(sender),
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(anchorCount) OR anchorCount < :max)',
            ExpressionAttributeValues: { ':max': MAX_ANCHORS },
          },
        },
      ],
    },
    ['pair', 'pair', 'pair', 'senderCap'] as const,
  );
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
    UpdateExpression:
      'SET #status = :accepted, acceptedAt = :acceptedAt, connectionType = :connectionType, invitationChain = :chain, mutualFriends = :mutual',
    ExpressionAttributeValues: {
      ':pending': 'pending',
      ':accepted': 'accepted',
      ':acceptedAt': accepted.acceptedAt,
      ':connectionType': accepted.connectionType,
      ':chain': accepted.invitationChain,
      ':mutual': accepted.mutualFriends,
    },
  };
  return transact(
    {
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.friendship(accepted.friendshipId),
            ...stillPending(' AND requestedBy <> :accepter'),
            ...acceptedFields,
            ExpressionAttributeValues: { ...acceptedFields.ExpressionAttributeValues, ':accepter': accepter },
          },
        },
        { Update: { TableName: tableName(), Key: keys.anchorEdge(a, b), ...stillPending(), ...acceptedFields } },
        { Update: { TableName: tableName(), Key: keys.anchorEdge(b, a), ...stillPending(), ...acceptedFields } },
        { Update: belowCap(accepter) },
        { Update: belowCap(other) },
      ],
    },
    ['pair', 'pair', 'pair', 'accepterCap', 'otherCap'] as const,
  );
}

/** Deletes a pending pair (reject or cancel); fails on 'pair' unless it is still pending. */
export async function deleteRequest(friendshipId: string, a: string, b: string) {
  const pending = {
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pending': 'pending' },
  };
  return transact(
    {
      TransactItems: [
        { Delete: { TableName: tableName(), Key: keys.friendship(friendshipId), ...pending } },
        { Delete: { TableName: tableName(), Key: keys.anchorEdge(a, b), ...pending } },
        { Delete: { TableName: tableName(), Key: keys.anchorEdge(b, a), ...pending } },
      ],
    },
    ['pair', 'pair', 'pair'] as const,
  );
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
  return transact(
    {
      TransactItems: [
        { Delete: { TableName: tableName(), Key: keys.friendship(friendshipId), ...accepted } },
        { Delete: { TableName: tableName(), Key: keys.anchorEdge(a, b), ...accepted } },
        { Delete: { TableName: tableName(), Key: keys.anchorEdge(b, a), ...accepted } },
        { Update: lowerCount(a) },
        { Update: lowerCount(b) },
      ],
    },
    ['pair', 'pair', 'pair', 'count', 'count'] as const,
  );
}

/**
 * Dev tools: new members (record + invite code) each anchored to `owner`, all in one transaction:
 * 5 items per dummy plus the owner's counter (DynamoDB takes 100 items, so at most 19 dummies).
 * The owner's count grows by their number only while it stays within the cap; nothing is left
 * behind when it would not.
 */
export async function createAnchoredMembers(owner: string, members: readonly { user: User; pair: AcceptedFriendship }[]) {
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [];
  for (const { user, pair } of members) {
    items.push(
      ...newUserPuts(user),
      // `dummy` keeps the pair out of the community metrics, as its unverified member is.
      { Put: { TableName: tableName(), Item: { ...keys.friendship(pair.friendshipId), ...pair, dummy: true }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: edgeItem(owner, pair), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: edgeItem(user.uid, pair), ConditionExpression: 'attribute_not_exists(pk)' } },
    );
  }
  items.push({ Update: belowCap(owner, members.length) });
  const names = items.map((_, index) => (index === items.length - 1 ? 'ownerCap' : 'collision'));
  return transact({ TransactItems: items }, names as ('collision' | 'ownerCap')[]);
}
