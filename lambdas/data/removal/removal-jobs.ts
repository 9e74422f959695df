import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditEntryPut, type AuditEntry } from '#data/members';
import { dynamo, tableName } from '#data/table';
import { conditionalWrite, transact } from '#data/table';
import { keys } from '#data/table';

/**
 * A removal job: `REMOVAL#<rootUid> / JOB` (an admin's removal of a member and their invite tree)
 * or `/ SELF` (a member deleting their own account). It holds the members to remove (deepest
 * first), which are done (a string set, so marking twice is harmless), the errors by member, and a
 * lease so that one run at a time works on it. When a tree's job finishes, its item is replaced by
 * a short-lived finished record (counts, the root's id and the notes on anyone kept, no member
 * list) so that a later call still answers the final result; a member's own deletion leaves
 * nothing. The audit entry is the lasting record. `/ MEMBER` is an admin's removal of one member
 * alone (resolveReport's 'remove-member'): their invitees stay and move to the removed member's
 * inviter; it finishes like a tree's job.
 */
export type RemovalKind = 'tree' | 'self' | 'member';

export interface JobKey {
  rootUid: string;
  kind: RemovalKind;
}

export interface RemovalJob extends JobKey {
  rootName: string;
  /** In removal order: deepest first, the root last. */
  members: string[];
  removed: Set<string>;
  /**
   * Members the removal will not take after all: they became an admin (or the founder) after the
   * job was written. Their entry in `errors` says so; they count as neither removed nor remaining.
   */
  kept: Set<string>;
  /** Member uid → what could not be removed (member, step, cause), or why they were kept. */
  errors: Record<string, string>;
  requestedBy: string;
  createdAt: string;
  /** How many runs (callable or worker) have claimed the job. */
  runs: number;
  /**
   * Whether the tree's invite codes are deleted, whoever joined since the first walk is listed, and
   * every member's record is marked as being removed (a member's own deletion: their record is
   * marked). A job is written unfrozen, and the first run that claims it freezes it before
   * removing anyone (so a crash between writing the job and freezing is finished by the next run).
   */
  frozen: boolean;
  /** The audit entry written with the job (tree removals); its outcome is set when the job finishes. */
  auditEntryId?: string;
  /** Until when (epoch ms) the run holding the job may work on it; absent when nobody holds it. */
  leaseUntil?: number;
}

/** What is left of a tree's job once it finished: the final answer for a later call. */
export interface FinishedRemoval extends JobKey {
  rootName: string;
  totalRemoved: number;
  /** Why members were kept (they became an admin meanwhile): the finished answer's errors. */
  notes: string[];
  finishedAt: string;
  /** Epoch seconds (the table's TTL attribute). */
  expiresAt: number;
}

/** A finished record is kept this long; DynamoDB Local never deletes by TTL, so readers check it. */
export const FINISHED_RECORD_TTL_SECONDS = 24 * 60 * 60;

const JOB_SORT_KEYS: Record<RemovalKind, string> = { tree: 'JOB', self: 'SELF', member: 'MEMBER' };

function kindOf(value: unknown): RemovalKind {
  return value === 'self' || value === 'member' ? value : 'tree';
}

function jobKey({ rootUid, kind }: JobKey) {
  return keys.removalJob(rootUid, JOB_SORT_KEYS[kind]);
}

function toJob(item: Record<string, unknown>): RemovalJob {
  const removed = item.removed instanceof Set ? (item.removed as Set<string>) : new Set<string>();
  const kept = item.kept instanceof Set ? (item.kept as Set<string>) : new Set<string>();
  return {
    rootUid: String(item.rootUid),
    kind: kindOf(item.kind),
    rootName: String(item.rootName ?? ''),
    members: Array.isArray(item.members) ? item.members.map(String) : [],
    removed,
    kept,
    errors: (item.errors as Record<string, string> | undefined) ?? {},
    requestedBy: String(item.requestedBy ?? ''),
    createdAt: String(item.createdAt ?? ''),
    runs: Number(item.runs ?? 0),
    // Jobs written before the flag existed were frozen when they were written.
    frozen: item.frozen !== false,
    ...(typeof item.auditEntryId === 'string' && { auditEntryId: item.auditEntryId }),
    ...(typeof item.leaseUntil === 'number' && { leaseUntil: item.leaseUntil }),
  };
}

function toFinished(item: Record<string, unknown>): FinishedRemoval {
  return {
    rootUid: String(item.rootUid),
    kind: kindOf(item.kind),
    rootName: String(item.rootName ?? ''),
    totalRemoved: Number(item.totalRemoved ?? 0),
    notes: Array.isArray(item.notes) ? item.notes.map(String) : [],
    finishedAt: String(item.finishedAt),
    expiresAt: Number(item.expiresAt),
  };
}

export interface RemovalState {
  /** The job still at work, or null. */
  job: RemovalJob | null;
  /** The finished record while it has not expired, or null. */
  finished: FinishedRemoval | null;
}

export async function getRemovalState(key: JobKey, nowMs = Date.now()): Promise<RemovalState> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: jobKey(key), ConsistentRead: true }));
  if (!Item) return { job: null, finished: null };
  if (typeof Item.finishedAt !== 'string') return { job: toJob(Item), finished: null };
  const finished = toFinished(Item);
  return { job: null, finished: finished.expiresAt * 1000 > nowMs ? finished : null };
}

/** The job still at work (null when there is none, or it finished). */
export async function getRemovalJob(key: JobKey): Promise<RemovalJob | null> {
  return (await getRemovalState(key)).job;
}

export type NewRemovalJob = Omit<RemovalJob, 'removed' | 'kept' | 'errors' | 'runs' | 'auditEntryId' | 'leaseUntil'>;

/**
 * Creates the job unless one is at work or finished lately (a racing start); with `audit`, the
 * audit entry is written in the same transaction, so a removal never starts without its record and
 * a racing start adds none. Returns the stored job (null if a racing start already finished it).
 */
export async function createRemovalJob(job: NewRemovalJob, audit?: Omit<AuditEntry, 'entryId' | 'at'>, now = new Date()): Promise<RemovalJob | null> {
  const entry = audit && auditEntryPut(audit, now);
  const put = {
    TableName: tableName(),
    // `errors` starts as an empty map so one member's entry can be set or removed by path.
    Item: { ...jobKey(job), ...job, errors: {}, runs: 0, ...(entry && { auditEntryId: entry.stored.entryId }) },
    // A finished record past its TTL counts as absent (DynamoDB Local keeps expired items).
    ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
    ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
  };
  // Only the job's condition can fail (the entry's id is new), and then the job at work is the answer.
  if (entry)
    await transact([
      { name: 'job', Put: put },
      { name: 'audit', Put: entry.put },
    ]);
  else await conditionalWrite(new PutCommand(put));
  return getRemovalJob(job);
}

/**
 * Takes the job for one run until `untilMs` (epoch ms), unless another run holds an unexpired
 * lease or the job finished. Returns the job as claimed, or null when it is held (or gone).
 */
export async function claimRemovalJob(key: JobKey, runId: string, untilMs: number, nowMs = Date.now()): Promise<RemovalJob | null> {
  const claimed = await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(key),
      UpdateExpression: 'SET leaseOwner = :run, leaseUntil = :until, runs = if_not_exists(runs, :zero) + :one',
      ConditionExpression:
        'attribute_exists(pk) AND attribute_not_exists(finishedAt) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now OR leaseOwner = :run)',
      ExpressionAttributeValues: { ':run': runId, ':until': untilMs, ':now': nowMs, ':zero': 0, ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return claimed?.Attributes ? toJob(claimed.Attributes) : null;
}

/** Gives the lease back (only the run that holds it can); a job already finished is fine. */
export async function releaseRemovalJob(key: JobKey, runId: string): Promise<void> {
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(key),
      UpdateExpression: 'REMOVE leaseOwner, leaseUntil',
      ConditionExpression: 'leaseOwner = :run',
      ExpressionAttributeValues: { ':run': runId },
    }),
  );
}

/** Only a job at work changes (not a finished record: it must not gather member ids again). */
const AT_WORK = 'attribute_exists(pk) AND attribute_not_exists(finishedAt)';

/** One member is done: added to the set (idempotent) and their earlier error cleared. */
export async function markMemberRemoved(key: JobKey, uid: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(key),
      UpdateExpression: 'ADD removed :uid REMOVE errors.#uid',
      ConditionExpression: AT_WORK,
      ExpressionAttributeNames: { '#uid': uid },
      ExpressionAttributeValues: { ':uid': new Set([uid]) },
    }),
  );
}

/**
 * One member is kept, not removed (they became an admin or the founder after the job was written):
 * added to the set (idempotent), with the note the answers carry in place of an error.
 */
export async function markMemberKept(key: JobKey, uid: string, note: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(key),
      UpdateExpression: 'ADD kept :uid SET errors.#uid = :note',
      ConditionExpression: AT_WORK,
      ExpressionAttributeNames: { '#uid': uid },
      ExpressionAttributeValues: { ':uid': new Set([uid]), ':note': note },
    }),
  );
}

export async function recordMemberError(key: JobKey, uid: string, message: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(key),
      UpdateExpression: 'SET errors.#uid = :message',
      ConditionExpression: AT_WORK,
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
      ConditionExpression: AT_WORK,
      ExpressionAttributeValues: { ':new': [...uids] },
    }),
  );
}

/** The tree's invite codes are gone, late joiners listed and the members marked (see RemovalJob.frozen). */
export async function markJobFrozen(key: JobKey): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(key),
      UpdateExpression: 'SET frozen = :yes',
      ConditionExpression: AT_WORK,
      ExpressionAttributeValues: { ':yes': true },
    }),
  );
}

/**
 * The job is done. A tree's job becomes its finished record (for a day) and, in the same
 * transaction, its audit entry gets the final outcome; a member's own deletion is deleted. Only
 * the run holding the lease finishes it (a run whose lease lapsed leaves it to the one that took
 * over). Returns whether this run finished it.
 */
export async function finishRemovalJob(job: RemovalJob, runId: string, outcome: string, now = new Date()): Promise<boolean> {
  const held = { ConditionExpression: 'leaseOwner = :run', ExpressionAttributeValues: { ':run': runId } };
  if (job.kind === 'self') return (await conditionalWrite(new DeleteCommand({ TableName: tableName(), Key: jobKey(job), ...held }))) !== null;
  const finished: FinishedRemoval = {
    rootUid: job.rootUid,
    kind: job.kind,
    rootName: job.rootName,
    totalRemoved: job.removed.size,
    notes: [...job.kept].flatMap((uid) => job.errors[uid] ?? []),
    finishedAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + FINISHED_RECORD_TTL_SECONDS,
  };
  const record = { name: 'job' as const, Put: { TableName: tableName(), Item: { ...jobKey(job), ...finished }, ...held } };
  const audit = job.auditEntryId && {
    name: 'audit' as const,
    Update: {
      TableName: tableName(),
      Key: keys.auditEntry(job.auditEntryId),
      UpdateExpression: 'SET outcome = :outcome',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':outcome': outcome },
    },
  };
  const written = await transact(audit ? [record, audit] : [record]);
  if (written.ok) return true;
  if (written.failed.includes('job')) return false;
  // The entry is missing (it is written with the job, so only by hand): finish without it.
  return (await transact([record])).ok;
}

/** Deletes a job at work outright (tests; a removal never drops its job unfinished). */
export async function deleteRemovalJob(key: JobKey): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: jobKey(key) }));
}
