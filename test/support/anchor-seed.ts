import { BatchWriteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Friendship } from '../../lambdas/contracts/anchors.ts';
import { dynamo, tableName, keys } from '#data/table';
import { friendshipIdOf } from '../../lambdas/domain/friendship.ts';

/**
 * Anchor state written straight into the local table (after useLocalCloudData), for tests that
 * need a member near the cap or a state no callable creates ('blocked').
 */

/** `count` accepted edges to made-up members and anchorCount = count, as if accepted one by one. */
export async function seedAcceptedAnchors(uid: string, count: number, now = new Date().toISOString()): Promise<void> {
  const edges = Array.from({ length: count }, (_, index) => {
    const otherUid = `seeded-${uid.slice(0, 8)}-${index}`;
    return {
      ...keys.anchorEdge(uid, otherUid),
      otherUid,
      friendshipId: friendshipIdOf(uid, otherUid),
      status: 'accepted',
      direction: 'sent',
      requestedAt: now,
      acceptedAt: now,
      connectionType: 'distant',
      invitationChain: false,
      mutualFriends: 0,
    };
  });
  for (let start = 0; start < edges.length; start += 25) {
    let requests = edges.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const answer = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (answer.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'SET anchorCount = :count',
      ExpressionAttributeValues: { ':count': count },
    }),
  );
}

/** A 'blocked' pair (spec §3: the status exists and prevents a new request). */
export async function seedBlockedPair(blocker: string, blocked: string, now = new Date().toISOString()): Promise<void> {
  const friendship: Friendship = {
    friendshipId: friendshipIdOf(blocker, blocked),
    users: [blocker, blocked].sort() as [string, string],
    status: 'blocked',
    requestedBy: blocker,
    requestedAt: now,
    acceptedAt: null,
    invitationChain: false,
    mutualFriends: 0,
    blockedBy: [blocker],
  };
  // blockedBy is stored as a string set, as blockMember writes it.
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.friendship(friendship.friendshipId), ...friendship, blockedBy: new Set(friendship.blockedBy) } }),
  );
  for (const [owner, otherUid] of [
    [blocker, blocked],
    [blocked, blocker],
  ] as const) {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.anchorEdge(owner, otherUid),
          otherUid,
          friendshipId: friendship.friendshipId,
          status: 'blocked',
          direction: owner === blocker ? 'sent' : 'received',
          requestedAt: now,
          acceptedAt: null,
          invitationChain: false,
          mutualFriends: 0,
        },
      }),
    );
  }
}
