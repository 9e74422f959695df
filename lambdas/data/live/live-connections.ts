import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { LIVE_SOCKETS_PER_MEMBER } from '#domain/live-sockets';
import { dynamo, tableName } from '#data/table';
import { transact } from '#data/table';
import { keys, LIVE_CONNECTION_PREFIX, parseKey } from '#data/table';
import { queryAll } from '#data/table';
import { TTL_ATTRIBUTE } from '#data/table';

/**
 * The registry of members' open live sockets (API Gateway WebSocket connections): two items per
 * connection, written on $connect and deleted on $disconnect or when API Gateway says the
 * connection is gone.
 *
 * - `LIVE#<uid> / CONN#<connectionId>`: a member's connections are one Query (what a push reads);
 * - `LIVECONN#<connectionId> / LIVECONN` → uid: $disconnect is told the connection id and nothing
 *   else (on AWS neither the token nor what $connect learnt reaches it), so this names the member;
 * - `LIVE#<uid> / SOCKETS` → version: what the cap's count is conditioned on (registerLiveConnection).
 */

/**
 * API Gateway closes a connection after 2 hours at most; an item whose $disconnect never ran (a
 * crash, a throttled invocation) goes an hour later. DynamoDB Local never expires items, and DynamoDB
 * may take days to: readers skip expired items themselves.
 */
export const LIVE_CONNECTION_TTL_SECONDS = 3 * 60 * 60;

export interface LiveConnection {
  uid: string;
  connectionId: string;
  /** When API Gateway accepted the socket (epoch ms, the $connect event's `connectedAt`). */
  connectedAt: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Registers an accepted socket unless the member already holds LIVE_SOCKETS_PER_MEMBER: one
 * strongly consistent Query reads the member's open connections and their socket version, then one
 * transaction writes both items of the connection and raises the version on the condition that it
 * is still the one read. Another registration of the member in between fails that condition, and
 * the count is read again, so concurrent connects never pass the cap. Expired items (a $disconnect
 * that never ran) do not count. The items expire together.
 */
export async function registerLiveConnection({ uid, connectionId, connectedAt }: LiveConnection): Promise<'registered' | 'full'> {
  const expiresAt = Math.floor(connectedAt / 1000) + LIVE_CONNECTION_TTL_SECONDS;
  // Each failed round is another connect of the member that registered: past the cap's worth of
  // them the member is full anyway.
  for (let round = 0; round < LIVE_SOCKETS_PER_MEMBER + 2; round++) {
    const { open, version } = await memberSockets(uid);
    if (open >= LIVE_SOCKETS_PER_MEMBER) return 'full';
    const outcome = await transact([
      {
        name: 'version',
        Update: {
          TableName: tableName(),
          Key: keys.liveSockets(uid),
          UpdateExpression: 'SET version = :next, #ttl = :expiresAt',
          ConditionExpression: version === undefined ? 'attribute_not_exists(pk)' : 'version = :read',
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':next': (version ?? 0) + 1, ':expiresAt': expiresAt, ...(version !== undefined && { ':read': version }) },
        },
      },
      { name: 'owner', Put: { TableName: tableName(), Item: { ...keys.liveConnectionOwner(connectionId), uid, connectedAt, [TTL_ATTRIBUTE]: expiresAt } } },
      {
        name: 'connection',
        Put: { TableName: tableName(), Item: { ...keys.liveConnection(uid, connectionId), connectionId, connectedAt, [TTL_ATTRIBUTE]: expiresAt } },
      },
    ]);
    if (outcome.ok) return 'registered';
  }
  return 'full';
}

/** The member's unexpired connections and socket version, in one strongly consistent Query of their partition. */
async function memberSockets(uid: string): Promise<{ open: number; version: number | undefined }> {
  const { pk, sk: socketsKey } = keys.liveSockets(uid);
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: 'pk, sk, version, #ttl',
    ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
    ConsistentRead: true,
  });
  const now = nowSeconds();
  const version = items.find((item) => item.sk === socketsKey)?.version;
  const open = items.filter(
    (item) => parseKey(item).kind === 'live-connection' && !(typeof item[TTL_ATTRIBUTE] === 'number' && item[TTL_ATTRIBUTE] <= now),
  ).length;
  return { open, version: typeof version === 'number' ? version : undefined };
}

/** Deletes both items of a connection whose member is known (a push that met a gone connection). */
export async function forgetLiveConnection(uid: string, connectionId: string): Promise<void> {
  await Promise.all([
    dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.liveConnection(uid, connectionId) })),
    dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.liveConnectionOwner(connectionId) })),
  ]);
}

/**
 * Deletes a connection known by its id alone ($disconnect): its member from the owner item, then
 * both items. Answers the member's uid, or null when the connection was never registered or is
 * already forgotten ($disconnect after a push found it gone; a refused $connect has none).
 */
export async function unregisterLiveConnection(connectionId: string): Promise<string | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.liveConnectionOwner(connectionId), ProjectionExpression: 'uid', ConsistentRead: true }),
  );
  const uid = typeof Item?.uid === 'string' ? Item.uid : null;
  if (uid === null) return null;
  await forgetLiveConnection(uid, connectionId);
  return uid;
}

/**
 * A member's open connections, in one Query. Strongly consistent, so a page that has just connected
 * receives the next push; items past their expiry are left out (see LIVE_CONNECTION_TTL_SECONDS).
 */
export async function listLiveConnections(uid: string): Promise<LiveConnection[]> {
  const { pk } = keys.liveConnection(uid, '');
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': LIVE_CONNECTION_PREFIX },
    ProjectionExpression: 'connectionId, connectedAt, #ttl',
    ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
    ConsistentRead: true,
  });
  const now = nowSeconds();
  return items
    .filter((item) => typeof item.connectionId === 'string' && !(typeof item[TTL_ATTRIBUTE] === 'number' && item[TTL_ATTRIBUTE] <= now))
    .map((item) => ({ uid, connectionId: String(item.connectionId), connectedAt: Number(item.connectedAt) }));
}
