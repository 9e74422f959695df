import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './aws-clients.ts';

/**
 * A removal job: `REMOVAL#<rootUid> / JOB` (an admin's removal of a member and their invite tree)
 * or `/ SELF` (a member deleting their own account). It holds the members to remove (deepest
 * first), which are done (a string set, so marking twice is harmless), the errors by member, and a
 * lease so that one run at a time works on it. A job that finishes without errors is deleted: the
 * audit entry is the lasting record, and no item keeps a removed member's id.
 */
export type RemovalKind = 'tree' | 'self';

export interface JobKey {
  rootUid: string;
  kind: RemovalKind;
}

export interface RemovalJob extends JobKey {
  rootName: string;
  /** In removal order: deepest first, the root last. */
  members: string[];
  removed: Set<string>;
  /** Member uid → what could not be removed (member, step, cause). */
  errors: Record<string, string>;
  requestedBy: string;
  createdAt: string;
  /** How many runs (callable or worker) have claimed the job. */
  runs: number;
}

function jobKey({ rootUid, kind }: JobKey) {
  return { pk: `REMOVAL#${rootUid}`, sk: kind === 'tree' ? 'JOB' : 'SELF' };
}

function toJob(item: Record<string, unknown>): RemovalJob {
  const removed = item.removed instanceof Set ? (item.removed as Set<string>) : new Set<string>();
  return {
    rootUid: String(item.rootUid),
    kind: item.kind === 'self' ? 'self' : 'tree',
    rootName: String(item.rootName ?? ''),
    members: Array.isArray(item.members) ? item.members.map(String) : [],
    removed,
    errors: (item.errors as Record<string, string> | undefined) ?? {},
    requestedBy: String(item.requestedBy ?? ''),
    createdAt: String(item.createdAt ?? ''),
    runs: Number(item.runs ?? 0),
  };
}

export async function getRemovalJob(key: JobKey): Promise<RemovalJob | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: jobKey(key), ConsistentRead: true }));
  return Item ? toJob(Item) : null;
}

/** Creates the job unless one exists (a racing start); either way the stored job comes back. */
export async function createRemovalJob(job: Omit<RemovalJob, 'removed' | 'errors' | 'runs'>): Promise<RemovalJob> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        // `errors` starts as an empty map so one member's entry can be set or removed by path.
        Item: { ...jobKey(job), ...job, errors: {}, runs: 0 },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  const stored = await getRemovalJob(job);
  if (!stored) throw new Error('Removal job vanished right after it was written');
  return stored;
}

/**
 * Takes the job for one run until `untilMs` (epoch ms), unless another run holds an unexpired
 * lease. Returns the job as claimed, or null when it is held (or gone).
 */
export async function claimRemovalJob(key: JobKey, runId: string, untilMs: number, nowMs = Date.now()): Promise<RemovalJob | null> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(key),
        UpdateExpression: 'SET leaseOwner = :run, leaseUntil = :until, runs = if_not_exists(runs, :zero) + :one',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now OR leaseOwner = :run)',
        ExpressionAttributeValues: { ':run': runId, ':until': untilMs, ':now': nowMs, ':zero': 0, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toJob(Attributes) : null;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/** Gives the lease back (only the run that holds it can); a job already deleted is fine. */
export async function releaseRemovalJob(key: JobKey, runId: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(key),
        UpdateExpression: 'REMOVE leaseOwner, leaseUntil',
        ConditionExpression: 'leaseOwner = :run',
        ExpressionAttributeValues: { ':run': runId },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** One member is done: added to the set (idempotent) and their earlier error cleared. */
export async function markMemberRemoved(key: JobKey, uid: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(key),
      UpdateExpression: 'ADD removed :uid REMOVE errors.#uid',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#uid': uid },
      ExpressionAttributeValues: { ':uid': new Set([uid]) },
    }),
  );
}

export async function recordMemberError(key: JobKey, uid: string, message: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(key),
      UpdateExpression: 'SET errors.#uid = :message',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#uid': uid },
      ExpressionAttributeValues: { ':message': message },
    }),
  );
}

/**
 * Members found late (someone joined under a member after the walk): they go first, since they
 * sit below a member still to be removed. Only uids not yet listed are added.
 */
export async function addJobMembers(key: JobKey, uids: readonly string[]): Promise<void> {
  if (uids.length === 0) return;
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(key),
      UpdateExpression: 'SET members = list_append(:new, members)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':new': [...uids] },
    }),
  );
}

export async function deleteRemovalJob(key: JobKey): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: jobKey(key) }));
}
