import { randomUUID } from 'node:crypto';
import { REMOVAL_MESSAGES } from '#contracts/removal';
import type { User } from '#contracts/user';
import { AppError } from '#domain/app-error';
import { removalOrder } from '#domain/invite-tree';
import { createRunBudget, OutOfTime } from '#domain/removal-budget';
import { invitedMembers, walkInviteTree } from '#data/invite-tree';
import { deleteInviteCodes, forgetInMetrics, memberSummary, removeMember, StepFailed, type MemberRemovalOptions } from '#data/member-removal';
import {
  addJobMembers,
  claimRemovalJob,
  createRemovalJob,
  deleteRemovalJob,
  getRemovalJob,
  markMemberRemoved,
  recordMemberError,
  releaseRemovalJob,
  type JobKey,
  type RemovalJob,
} from '#data/removal-jobs';

/**
 * One run of a removal job: the callable's (under ~20 s) or the worker's. It claims the job's
 * lease, removes members deepest first until its budget is spent, records each member as done or
 * the error that stopped them, and — when nobody is left — takes the removed ids out of the
 * metrics and deletes the job. Everything it does is safe to repeat, so a crashed run is simply
 * run again.
 */

/** A lease outlives the run's hard stop by this much, so a run that died frees the job soon after. */
const LEASE_MARGIN_MS = 15_000;

export interface RunOptions {
  /** No member is started after this many ms (at least one always is). */
  budgetMs: number;
  /** Work inside a member stops after this many ms (between posts). */
  hardStopMs: number;
  /** When the invocation began (epoch ms), so time spent before the run counts too; default: now. */
  startedAt?: number;
  /** Whether members whose removal failed before are tried again (a new call: yes; the worker: no). */
  retryFailed: boolean;
  /** Test hook passed to each member's removal (e.g. to inject a fault mid-job). */
  beforeStep?: MemberRemovalOptions['beforeStep'];
}

export interface RunReport {
  totalRemoved: number;
  errors: string[];
  complete: boolean;
  remaining: number;
  /** Members without an error are left: the worker should take over. */
  continueInBackground: boolean;
  /** Another run holds the job; this one only reported. */
  busy: boolean;
}

function reportOf(job: Pick<RemovalJob, 'members' | 'removed' | 'errors'>, busy: boolean): RunReport {
  const remaining = [...new Set(job.members)].filter((uid) => !job.removed.has(uid));
  if (remaining.length === 0) return { totalRemoved: job.removed.size, errors: [], complete: true, remaining: 0, continueInBackground: false, busy };
  return {
    totalRemoved: job.removed.size,
    errors: remaining.flatMap((uid) => job.errors[uid] ?? []),
    complete: false,
    remaining: remaining.length,
    continueInBackground: busy || remaining.some((uid) => !job.errors[uid]),
    busy,
  };
}

/** Members who joined under `uid` after the tree was walked (their code was used just before the freeze). */
async function lateInvitees(uid: string, listed: ReadonlySet<string>): Promise<User[]> {
  return (await invitedMembers(uid)).filter((user) => !listed.has(user.uid));
}

async function failureMessage(uid: string, failure: StepFailed): Promise<string> {
  const summary = await memberSummary(uid).catch(() => null);
  const who = summary?.displayName ? `${summary.displayName} (${uid})` : uid;
  return `Could not remove ${who}: ${failure.message}`;
}

/** Runs the job once; null when there is no job (never started, or finished and deleted). */
export async function runRemoval(key: JobKey, options: RunOptions): Promise<RunReport | null> {
  const runId = randomUUID();
  const startedAt = options.startedAt ?? Date.now();
  const budget = createRunBudget({ budgetMs: options.budgetMs, hardStopMs: options.hardStopMs, startedAt });
  const claimed = await claimRemovalJob(key, runId, startedAt + Math.max(options.budgetMs, options.hardStopMs) + LEASE_MARGIN_MS);
  if (!claimed) {
    const current = await getRemovalJob(key);
    return current ? reportOf(current, true) : null;
  }
  const job = claimed;
  try {
    const tried = new Set<string>();
    let started = 0;
    for (;;) {
      const listed = new Set(job.members);
      const next = job.members.find((uid) => !job.removed.has(uid) && !tried.has(uid) && (options.retryFailed || !job.errors[uid]));
      if (!next || !budget.mayStartMember(started)) break;
      started++;
      if (key.kind === 'tree') {
        const late = await lateInvitees(next, listed);
        if (late.length > 0) {
          // Freeze them too, list them first (they sit below `next`), and go on with them.
          await deleteInviteCodes(late.map((user) => ({ code: user.inviteSystem.inviteCode, ownerUid: user.uid })));
          await addJobMembers(key, late.map((user) => user.uid));
          job.members = [...late.map((user) => user.uid), ...job.members];
          continue;
        }
      }
      tried.add(next);
      try {
        await removeMember(next, {
          stopIfOutOfTime: () => {
            if (budget.mustStopNow()) throw new OutOfTime();
          },
          beforeStep: options.beforeStep,
        });
        await markMemberRemoved(key, next);
        job.removed.add(next);
        job.errors = Object.fromEntries(Object.entries(job.errors).filter(([uid]) => uid !== next));
      } catch (error) {
        if (error instanceof OutOfTime) break;
        if (!(error instanceof StepFailed)) throw error;
        const message = await failureMessage(next, error);
        await recordMemberError(key, next, message);
        job.errors[next] = message;
      }
    }
    const report = reportOf(job, false);
    if (report.complete) {
      await forgetInMetrics(new Set(job.members));
      await deleteRemovalJob(key);
    }
    return report;
  } finally {
    await releaseRemovalJob(key, runId);
  }
}

/**
 * Starts an admin's removal of `root` and everyone below them: walks the tree, refuses a tree
 * holding the admin, freezes it (deletes its invite codes, so nobody new joins under a member
 * being removed), walks again to catch anyone who joined meanwhile, and writes the job.
 */
export async function startTreeRemoval(root: User, adminUid: string, now = new Date()): Promise<RemovalJob> {
  const first = await walkInviteTree(root.uid);
  if (first.members.some((member) => member.uid === adminUid)) throw new AppError('invalid-argument', REMOVAL_MESSAGES.cannotRemoveSelf);
  const codesOf = (records: Map<string, User>) =>
    [root, ...records.values()].map((user) => ({ code: user.inviteSystem.inviteCode, ownerUid: user.uid }));
  await deleteInviteCodes(codesOf(first.records));
  const second = await walkInviteTree(root.uid);
  await deleteInviteCodes(codesOf(second.records).filter(({ ownerUid }) => !first.records.has(ownerUid)));
  if (second.members.some((member) => member.uid === adminUid)) throw new AppError('invalid-argument', REMOVAL_MESSAGES.cannotRemoveSelf);
  return createRemovalJob({
    rootUid: root.uid,
    kind: 'tree',
    rootName: root.displayName,
    members: removalOrder(second.members),
    requestedBy: adminUid,
    createdAt: now.toISOString(),
  });
}

/** A member's own deletion: one member, their invitees untouched. */
export async function startSelfRemoval(uid: string, displayName: string, now = new Date()): Promise<RemovalJob> {
  return createRemovalJob({ rootUid: uid, kind: 'self', rootName: displayName, members: [uid], requestedBy: uid, createdAt: now.toISOString() });
}
