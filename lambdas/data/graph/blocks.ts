import { UpdateCommand, DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { BlockedFriendship, Friendship } from '#contracts/anchors';
import { MAX_BLOCKED } from '#contracts/moderation';
import { friendshipIdOf } from '#domain/friendship';
import { dynamo, tableName } from '#data/table';
import { withBackoff } from '#data/table';
import { batchWrite } from '#data/table';
import { conditionalWrite, transact, type NamedItem } from '#data/table';
import { edgeItem, getFriendship } from './friendships.ts';
import { keys } from '#data/table';
import { listBlockedUids, listMutedUids, moderationListsOf, MODERATION_LIST_ATTRIBUTES } from './moderation-lists.ts';

/**
 * Blocks, written as one transaction each way. A block turns the pair, whatever it was (none,
 * pending, accepted, blocked by the other), into a blocked pair that names who blocks, in the same
 * write as the blocker's BLOCK# item, `blockedIds` on the blocker's record and `blockedByIds` on the
 * other's (so every read that has the viewer's record filters without another request), and, for
 * an accepted pair, both anchorCounts lowered as deleteConnection does. Each write is conditioned
 * on the pair as it was read (status and version), so an accept, remove or request racing it makes
 * the transaction fail; the block then reads the pair again and tries again (backoff.ts). The
 * edges' change (accepted → blocked) reaches the stream consumer, which takes each member's posts
 * out of the other's feed and moves their Anchors-Only photos; the pair's blockedBy gaining a uid
 * moves that blocker's pictures, profile picture included (lambdas/streams/follow-pictures.ts).
 */

export type BlockOutcome = 'blocked' | 'already-blocked' | 'too-many' | 'user-not-found' | 'contended';
export type UnblockOutcome = 'unblocked' | 'not-blocked' | 'contended';

/** What a try asks for when the pair changed under it. */
const PAIR_CHANGED = new Error('The pair kept changing while it was being blocked or unblocked');

const STATUS = { '#status': 'status' } as const;

/** The blocked pair a block writes, keeping what the pair recorded before (none: the blocker as its requester). */
function blockedPairOf(friendshipId: string, blocker: string, other: string, pair: Friendship | null, since: string): BlockedFriendship {
  return {
    friendshipId,
    users: [blocker, other].sort() as [string, string],
    status: 'blocked',
    requestedBy: pair?.requestedBy ?? blocker,
    requestedAt: pair?.requestedAt ?? since,
    acceptedAt: pair?.acceptedAt ?? null,
    invitationChain: pair?.invitationChain ?? false,
    mutualFriends: pair?.mutualFriends ?? 0,
    blockedBy: [blocker],
  };
}

/** The conditions that say "the pair is still as read": its status and its version (requestedAt / acceptedAt). */
function stillAsRead(
  pair: Friendship | null,
): Pick<NonNullable<UpdateCommand['input']>, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  if (!pair) return { ConditionExpression: 'attribute_not_exists(pk)' };
  if (pair.status === 'accepted') {
    return {
      ConditionExpression: '#status = :accepted AND acceptedAt = :acceptedAt',
      ExpressionAttributeNames: STATUS,
      ExpressionAttributeValues: { ':accepted': 'accepted', ':acceptedAt': pair.acceptedAt },
    };
  }
  return {
    ConditionExpression: '#status = :status AND requestedAt = :requestedAt AND requestedBy = :requestedBy',
    ExpressionAttributeNames: STATUS,
    ExpressionAttributeValues: { ':status': pair.status, ':requestedAt': pair.requestedAt, ':requestedBy': pair.requestedBy },
  };
}

/** A member record's part of a block: one set ADDed to, and the anchorCount lowered when the pair was accepted (one Update per item). */
function recordUpdate(uid: string, set: 'blockedIds' | 'blockedByIds', member: string, wasAccepted: boolean, cap: boolean) {
  const conditions = ['attribute_exists(pk)'];
  const values: Record<string, unknown> = { ':member': new Set([member]) };
  if (cap) {
    conditions.push(`(attribute_not_exists(${set}) OR size(${set}) < :max OR contains(${set}, :memberUid))`);
    Object.assign(values, { ':max': MAX_BLOCKED, ':memberUid': member });
  }
  if (wasAccepted) {
    conditions.push('anchorCount > :zero');
    Object.assign(values, { ':one': 1, ':zero': 0 });
  }
  return {
    TableName: tableName(),
    Key: keys.user(uid),
    UpdateExpression: `ADD ${set} :member${wasAccepted ? ' SET anchorCount = anchorCount - :one' : ''}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeValues: values,
  };
}

type BlockItemName = 'pair' | 'blocker' | 'target';

function blockItems(blocker: string, other: string, pair: Friendship | null, since: string): NamedItem<BlockItemName>[] {
  const friendshipId = friendshipIdOf(blocker, other);
  const wasAccepted = pair?.status === 'accepted';
  const items: NamedItem<BlockItemName>[] = [
    { name: 'pair', Put: { TableName: tableName(), Item: { ...keys.block(blocker, other), otherUid: other, since } } },
    { name: 'blocker', Update: recordUpdate(blocker, 'blockedIds', other, wasAccepted, true) },
    { name: 'target', Update: recordUpdate(other, 'blockedByIds', blocker, wasAccepted, false) },
  ];
  if (pair?.status === 'blocked') {
    // Blocked by the other already: the pair only learns that this member blocks too; the edges stay as they are.
    items.push({
      name: 'pair',
      Update: {
        TableName: tableName(),
        Key: keys.friendship(friendshipId),
        UpdateExpression: 'ADD blockedBy :blocker',
        ConditionExpression: '#status = :blocked AND NOT contains(blockedBy, :blockerUid)',
        ExpressionAttributeNames: STATUS,
        ExpressionAttributeValues: { ':blocker': new Set([blocker]), ':blocked': 'blocked', ':blockerUid': blocker },
      },
    });
    return items;
  }
  const blockedPair = blockedPairOf(friendshipId, blocker, other, pair, since);
  const condition = stillAsRead(pair);
  const edgeCondition = pair
    ? { ConditionExpression: '#status = :status', ExpressionAttributeNames: STATUS, ExpressionAttributeValues: { ':status': pair.status } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  items.push(
    {
      name: 'pair',
      Put: { TableName: tableName(), Item: { ...keys.friendship(friendshipId), ...blockedPair, blockedBy: new Set(blockedPair.blockedBy) }, ...condition },
    },
    { name: 'pair', Put: { TableName: tableName(), Item: edgeItem(blocker, blockedPair), ...edgeCondition } },
    { name: 'pair', Put: { TableName: tableName(), Item: edgeItem(other, blockedPair), ...edgeCondition } },
  );
  return items;
}

async function recordExists(uid: string): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ProjectionExpression: 'pk', ConsistentRead: true }));
  return Item !== undefined;
}

/** Runs `step` with the data layer's backoff while the pair keeps changing; 'contended' when it never settles. */
async function untilSettled<T>(step: (pairChanged: () => never) => Promise<T>): Promise<T | 'contended'> {
  try {
    return await withBackoff<T>(async (retry) => {
      try {
        return await step(() => {
          throw PAIR_CHANGED;
        });
      } catch (error) {
        if (error === PAIR_CHANGED) return retry(error);
        throw error;
      }
    });
  } catch (error) {
    if (error === PAIR_CHANGED) return 'contended';
    throw error;
  }
}

/** `blocker` blocks `other` (never themselves: the handler refuses that first). */
export async function blockPair(blocker: string, other: string, now = new Date()): Promise<BlockOutcome> {
  const friendshipId = friendshipIdOf(blocker, other);
  return untilSettled(async (pairChanged) => {
    const pair = await getFriendship(friendshipId);
    if (pair?.status === 'blocked' && pair.blockedBy.includes(blocker)) return 'already-blocked' as const;
    const outcome = await transact(blockItems(blocker, other, pair, now.toISOString()));
    if (outcome.ok) return 'blocked' as const;
    if (outcome.failed.includes('pair')) return pairChanged();
    if (outcome.failed.includes('target') && !(await recordExists(other))) return 'user-not-found' as const;
    if (outcome.failed.includes('blocker')) {
      const { Item } = await dynamo().send(
        new GetCommand({ TableName: tableName(), Key: keys.user(blocker), ProjectionExpression: MODERATION_LIST_ATTRIBUTES.join(', '), ConsistentRead: true }),
      );
      if (moderationListsOf(Item).blocked.size >= MAX_BLOCKED) return 'too-many' as const;
    }
    return pairChanged();
  });
}

/**
 * `unblocker` takes their block back: their BLOCK# item and their uid on both records go, and the
 * pair either forgets them (the other still blocks) or, when nobody blocks any more, is deleted
 * with both edges (the pair is "none" again; nothing is restored). The pair's condition is the
 * number of blockers read, so two members unblocking at once never leave a blocked pair that
 * nobody blocks.
 */
export async function unblockPair(unblocker: string, other: string): Promise<UnblockOutcome> {
  const friendshipId = friendshipIdOf(unblocker, other);
  let otherRecordGone = false;
  return untilSettled(async (pairChanged) => {
    const pair = await getFriendship(friendshipId);
    if (pair?.status !== 'blocked' || !pair.blockedBy.includes(unblocker)) return 'not-blocked' as const;
    const forget = (uid: string, set: string, member: string) => ({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: `DELETE ${set} :member`,
      // Never an Update that would create a bare record for a member removed meanwhile.
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':member': new Set([member]) },
    });
    const pairCondition = {
      ConditionExpression: '#status = :blocked AND contains(blockedBy, :unblocker) AND size(blockedBy) = :count',
      ExpressionAttributeNames: STATUS,
      ExpressionAttributeValues: { ':blocked': 'blocked', ':unblocker': unblocker, ':count': pair.blockedBy.length },
    };
    const lastBlocker = pair.blockedBy.length === 1;
    const edgeGone = {
      ConditionExpression: 'attribute_not_exists(pk) OR #status = :blocked',
      ExpressionAttributeNames: STATUS,
      ExpressionAttributeValues: { ':blocked': 'blocked' },
    };
    const items: NamedItem<'pair' | 'unblocker' | 'other'>[] = [
      { name: 'pair', Delete: { TableName: tableName(), Key: keys.block(unblocker, other) } },
      { name: 'unblocker', Update: forget(unblocker, 'blockedIds', other) },
      ...(otherRecordGone ? [] : [{ name: 'other' as const, Update: forget(other, 'blockedByIds', unblocker) }]),
      ...(lastBlocker
        ? [
            { name: 'pair' as const, Delete: { TableName: tableName(), Key: keys.friendship(friendshipId), ...pairCondition } },
            { name: 'pair' as const, Delete: { TableName: tableName(), Key: keys.anchorEdge(unblocker, other), ...edgeGone } },
            { name: 'pair' as const, Delete: { TableName: tableName(), Key: keys.anchorEdge(other, unblocker), ...edgeGone } },
          ]
        : [
            {
              name: 'pair' as const,
              Update: {
                TableName: tableName(),
                Key: keys.friendship(friendshipId),
                UpdateExpression: 'DELETE blockedBy :unblockerSet',
                ...pairCondition,
                ExpressionAttributeValues: { ...pairCondition.ExpressionAttributeValues, ':unblockerSet': new Set([unblocker]) },
              },
            },
          ]),
    ];
    const outcome = await transact(items);
    if (outcome.ok) return 'unblocked' as const;
    if (outcome.failed.includes('other') && !(await recordExists(other))) otherRecordGone = true;
    return pairChanged();
  });
}

/**
 * Forgets a member's blocks both ways, for their removal (lambdas/workflows/member-removal.ts wires it
 * in). From their record's sets (the record goes last in a removal) and their BLOCK# items: each
 * member they blocked loses them from `blockedByIds`; each member who blocked them loses their
 * BLOCK# item and them from `blockedIds`; each blocked pair and its edges are deleted (removal's
 * own pass over the edges deletes them too: whichever runs first, the other finds nothing). Then
 * their own BLOCK#/MUTE# items and sets go. Idempotent: a re-run finds only what is left.
 * Not covered: members who muted them keep a dead uid in `mutedIds` and a MUTE# item (a mute is
 * not recorded on the muted member's side); listMuted leaves out members who are gone.
 */
export async function forgetModerationListsOf(uid: string): Promise<void> {
  const [{ Item }, ownBlocks, ownMutes] = await Promise.all([
    dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(uid), ConsistentRead: true })),
    listBlockedUids(uid),
    listMutedUids(uid),
  ]);
  const lists = moderationListsOf(Item);
  const blocked = new Set([...lists.blocked, ...ownBlocks.map((block) => block.otherUid)]);
  const forgetOn = (member: string, set: 'blockedIds' | 'blockedByIds') =>
    conditionalWrite(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(member),
        UpdateExpression: `DELETE ${set} :uid`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':uid': new Set([uid]) },
      }),
    );
  const deleteIfBlocked = (key: Record<string, string>) =>
    conditionalWrite(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: '#status = :blocked',
        ExpressionAttributeNames: STATUS,
        ExpressionAttributeValues: { ':blocked': 'blocked' },
      }),
    );
  await Promise.all([
    ...[...blocked].map((member) => forgetOn(member, 'blockedByIds')),
    ...[...lists.blockedBy].map(async (member) => {
      await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.block(member, uid) }));
      await forgetOn(member, 'blockedIds');
    }),
    ...[...new Set([...blocked, ...lists.blockedBy])].map((member) =>
      Promise.all([
        deleteIfBlocked(keys.friendship(friendshipIdOf(uid, member))),
        deleteIfBlocked(keys.anchorEdge(uid, member)),
        deleteIfBlocked(keys.anchorEdge(member, uid)),
      ]),
    ),
  ]);
  await batchWrite([
    ...[...blocked].map((member) => ({ DeleteRequest: { Key: keys.block(uid, member) } })),
    ...ownMutes.map((mute) => ({ DeleteRequest: { Key: keys.mute(uid, mute.otherUid) } })),
  ]);
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(uid),
      UpdateExpression: 'REMOVE blockedIds, blockedByIds, mutedIds',
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}
