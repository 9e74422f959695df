import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './aws-clients.ts';
import { batchWrite } from './batch.ts';
import { forgetModerationListsOf } from './blocks.ts';
import { deleteAccountOf } from './cognito-accounts.ts';
import { conditionalWrite } from './conditional.ts';
import { deleteConnection, deleteRequest, getFriendship, listEdges } from './friendships.ts';
import { keys, USER_PROFILE_SK } from './keys.ts';
import { releaseReservation } from './invite-reservations.ts';
import { deleteMemberFiles } from './member-files.ts';
import { deleteMemberPosts, withdrawLikesAndComments, type StopCheck } from './member-contributions.ts';
import { forgetNotificationsBy } from './notification-removal.ts';
import { queryAll } from './query-all.ts';

/**
 * Removes everything of one member, step by step. Each step is idempotent, and the user record
 * goes last (it names the member's invite code and keeps them in the invite tree), so a run that
 * stops anywhere — a crash, the time budget, a failed step — is finished by the next one.
 */
export type RemovalStep =
  | 'invitees'
  | 'posts'
  | 'likes and comments'
  | 'blocks and mutes'
  | 'notifications'
  | 'anchors'
  | 'own items'
  | 'reservation'
  | 'invite code'
  | 'pictures'
  | 'account'
  | 'user record';

/** A step that failed, naming itself, so the job's error says what is left. */
export class StepFailed extends Error {
  constructor(
    readonly step: RemovalStep,
    readonly reason: unknown,
  ) {
    super(`${step}: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'StepFailed';
  }
}

export interface MemberRemovalOptions {
  /** Throws OutOfTime (domain/removal-budget) before each step and between posts once the run must stop. */
  stopIfOutOfTime: StopCheck;
  /** Test hook: runs before each step, e.g. to throw a fault mid-member. */
  beforeStep?: (uid: string, step: RemovalStep) => void;
}

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
async function deletePairs(uid: string, stopIfOutOfTime: StopCheck): Promise<void> {
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
async function deleteOwnItems(uid: string): Promise<void> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.user(uid).pk },
    ProjectionExpression: 'pk, sk',
  });
  const rest = items.filter((item) => item.sk !== USER_PROFILE_SK);
  await batchWrite(rest.map((item) => ({ DeleteRequest: { Key: { pk: String(item.pk), sk: String(item.sk) } } })));
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

/**
 * Runs steps at once and waits for all of them; a failure is thrown once every step has ended (the
 * first failed one in the given order), so a retry finds only what is really left.
 */
async function stepsTogether(
  step: (name: RemovalStep, work: () => Promise<unknown>) => Promise<void>,
  steps: readonly (readonly [RemovalStep, () => Promise<unknown>])[],
): Promise<void> {
  const outcomes = await Promise.allSettled(steps.map(([name, work]) => step(name, work)));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Everything of one member, from their posts to their record; also an account that signed up and
 * never joined (no record, or a record without posts): its held invite is given back to the inviter.
 */
export async function removeMember(uid: string, options: MemberRemovalOptions): Promise<void> {
  const step = async (name: RemovalStep, work: () => Promise<unknown>): Promise<void> => {
    // The hard stop holds between steps too, not only inside the long ones (posts, likes, pairs).
    options.stopIfOutOfTime();
    options.beforeStep?.(uid, name);
    try {
      await work();
    } catch (error) {
      if (error instanceof Error && error.name === 'OutOfTime') throw error;
      throw new StepFailed(name, error);
    }
  };
  const summary = await memberSummary(uid);
  await step('posts', () => deleteMemberPosts(uid, options.stopIfOutOfTime));
  await step('likes and comments', () => withdrawLikesAndComments(uid, options.stopIfOutOfTime));
  // Before the record goes: its block lists name whom to take the member's uid from (blocks.ts).
  await step('blocks and mutes', () => forgetModerationListsOf(uid));
  await step('anchors', () => deletePairs(uid, options.stopIfOutOfTime));
  const codes = [...(summary?.inviteCode ? [summary.inviteCode] : []), ...(summary?.retiredInviteCodes ?? [])];
  // What is left touches separate items (the member's partition, their codes, others' notifications,
  // the bucket, Cognito), none reads what another deletes, and each has only to be done before the
  // record goes: they run at once. One after another they were half a member's time in
  // bench:removal, much of it waiting on S3 and Cognito, services of their own.
  await stepsTogether(step, [
    ['own items', () => deleteOwnItems(uid)],
    ['invite code', () => deleteInviteCodes(codes.map((code) => ({ code, ownerUid: uid })))],
    // Others' notifications naming the member ("Ada liked your post"): nothing may name them once gone.
    ['notifications', () => forgetNotificationsBy(uid)],
    ['pictures', () => deleteMemberFiles(uid)],
    ['account', () => deleteAccountOf(uid)],
  ]);
  await step('user record', () => dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.user(uid) })));
  // An account that never joined hangs in the tree by its held invite (no invitedBy on a record): last.
  await step('reservation', () => releaseReservation(uid));
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
