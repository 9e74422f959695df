import { randomUUID } from 'node:crypto';
import { REMOVAL_MESSAGES } from '#contracts/removal';
import type { User } from '#contracts/user';
import { AppError } from '#domain/app-error';
import { removalOrder } from '#domain/invite-tree';
import { createRunBudget, OutOfTime } from '#domain/removal-budget';
import { keptNote, protectedTreeMessage, type ProtectedMember } from '#domain/removal-protection';
import { type AuditEntry, groupMemberIds, clearRemovalPending, markRemovalPending, getUser } from '#data/members';
import { restoreInviteCode, inviteesOf, walkInviteTree, type WalkedTree } from '#data/invites';
import { reparentInvitees } from '#data/moderation';
import {
  deleteInviteCodes,
  forgetInMetrics,
  memberSummary,
  protectedInTree,
  protectionNow,
  addJobMembers,
  claimRemovalJob,
  createRemovalJob,
  finishRemovalJob,
  getRemovalState,
  markJobFrozen,
  markMemberKept,
  markMemberRemoved,
  recordMemberError,
  releaseRemovalJob,
  type FinishedRemoval,
  type JobKey,
  type RemovalJob,
} from '#data/removal';
import { removeMember, StepFailed, type MemberRemovalOptions } from '#workflows/member-removal';
import { isRetryableFault, throughFaults } from '#http/backend-faults';
import { ADMIN_GROUP } from '#http/caller';

/**
 * One run of a removal job: the callable's (a few seconds) or the worker's. It claims the job's
 * lease, freezes the tree if no run has yet, removes members deepest first until its budget is
 * spent, records each member as done or the error that stopped them, and — when nobody is left —
 * takes the removed ids out of the metrics and finishes the job. Everything it does is safe to
 * repeat, so a crashed run is simply run again.
 *
 * Admins and the founder are never removed. The callable refuses a tree that holds one before the
 * job exists (startTreeRemoval); a member who became one after that (the job may run for minutes)
 * is found by the run that reaches them, right before their removal, and kept: their freeze is
 * undone (mark and invite code) and the answers name them, while the rest of the tree goes on.
 */

/** A lease outlives the run's hard stop by this much, so a run that died frees the job soon after. */
const LEASE_MARGIN_MS = 15_000;

export interface RunOptions {
  /** No member is started after this many ms (at least one always is). */
  budgetMs: number;
  /** Nothing more is started after this many ms, not even a member's next step. */
  hardStopMs: number;
  /** When the invocation began (epoch ms), so time spent before the run counts too; default: now. */
  startedAt?: number;
  /** Whether members whose removal failed before are tried again (a new call: yes; the worker: no). */
  retryFailed: boolean;
  /** Test hook passed to each member's removal (e.g. to inject a fault mid-job). */
  beforeStep?: MemberRemovalOptions['beforeStep'];
  /** The clock (epoch ms) for the lease and the budget; tests move it past a dead run's lease. */
  now?: () => number;
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
  /** While busy: when (epoch ms) the holder's lease lapses, should it have died. */
  leaseUntil?: number;
  /**
   * True when every member left with an error failed in this run on a backend fault a retry may
   * cure (throttling, a timeout, a transaction conflict): asking again is the answer.
   */
  faultsOnly?: boolean;
}

/** Why members were kept (their entries in errors), for the answers. */
function keptNotes(job: Pick<RemovalJob, 'kept' | 'errors'>): string[] {
  return [...job.kept].flatMap((uid) => job.errors[uid] ?? []);
}

/** Members neither removed nor kept. */
function remainingOf(job: Pick<RemovalJob, 'members' | 'removed' | 'kept'>): string[] {
  return [...new Set(job.members)].filter((uid) => !job.removed.has(uid) && !job.kept.has(uid));
}

function reportOf(job: Pick<RemovalJob, 'members' | 'removed' | 'kept' | 'errors' | 'leaseUntil'>, busy: boolean): RunReport {
  const remaining = remainingOf(job);
  const notes = keptNotes(job);
  const lease = busy && job.leaseUntil !== undefined ? { leaseUntil: job.leaseUntil } : {};
  if (remaining.length === 0)
    return { totalRemoved: job.removed.size, errors: notes, complete: true, remaining: 0, continueInBackground: false, busy, ...lease };
  return {
    totalRemoved: job.removed.size,
    errors: [...remaining.flatMap((uid) => job.errors[uid] ?? []), ...notes],
    complete: false,
    remaining: remaining.length,
    continueInBackground: busy || remaining.some((uid) => !job.errors[uid]),
    busy,
    ...lease,
  };
}

/** The answer of a job that finished (nothing left, so no errors but the notes on anyone kept). */
export function finishedReport(finished: FinishedRemoval): RunReport {
  return { totalRemoved: finished.totalRemoved, errors: finished.notes, complete: true, remaining: 0, continueInBackground: false, busy: false };
}

/** What the audit entry of a finished removal says. */
export function finishedOutcome(totalRemoved: number, notes: readonly string[] = []): string {
  return [`Removed ${totalRemoved} ${totalRemoved === 1 ? 'member' : 'members'}.`, ...notes].join(' ');
}

/**
 * Keeps a member the run found protected: takes their mark off and puts their invite code back
 * (the freeze took both), then records them as kept, last, so a run that dies midway redoes it.
 */
async function keepMember(key: JobKey, job: RemovalJob, member: ProtectedMember, now: Date): Promise<void> {
  const summary = await memberSummary(member.uid);
  await clearRemovalPending(member.uid, key.rootUid);
  if (summary?.inviteCode) await restoreInviteCode(summary.inviteCode, member.uid, now);
  const note = keptNote(member);
  await markMemberKept(key, member.uid, note);
  job.kept.add(member.uid);
  job.errors[member.uid] = note;
}

/**
 * Who arrived under `uid` after the tree was walked: members whose invite was used, and accounts
 * that signed up (their code was used just before the freeze).
 */
async function lateInvitees(uid: string, listed: ReadonlySet<string>): Promise<{ uid: string; inviteCode: string | null }[]> {
  const { members, pending } = await inviteesOf(uid);
  return [
    ...members.map((user) => ({ uid: user.uid, inviteCode: user.inviteSystem.inviteCode })),
    ...pending.map((reservation) => ({ uid: reservation.username, inviteCode: null })),
  ].filter((invitee) => !listed.has(invitee.uid));
}

async function failureMessage(uid: string, failure: StepFailed): Promise<string> {
  const summary = await memberSummary(uid).catch(() => null);
  const who = summary?.displayName ? `${summary.displayName} (${uid})` : uid;
  return `Could not remove ${who}: ${failure.message}`;
}

/**
 * Freezes the tree: deletes the invite code of the root and of everyone below them (so nobody new
 * joins under a member being removed), lists first whoever joined since the job was written, and
 * marks every member's record as being removed, so their tokens are refused from now on
 * (lambdas/http/member-presence.ts) rather than until their own record goes, minutes later for a
 * large tree. Someone who joins between this walk and the codes' deletion is found before their
 * inviter is removed (lateInvitees). Runs under the lease, before anyone is removed, so the root is
 * there; the job is marked frozen last, so a run that dies midway leaves the whole freeze to redo.
 */
async function freezeTree(key: JobKey, job: RemovalJob): Promise<void> {
  const [root, walked] = await Promise.all([getUser(key.rootUid), walkInviteTree(key.rootUid)]);
  const owners = [...(root ? [root] : []), ...walked.records.values()];
  const listed = new Set(job.members);
  const late = removalOrder(walked.members).filter((uid) => !listed.has(uid));
  await Promise.all([
    deleteInviteCodes(owners.map((user) => ({ code: user.inviteSystem.inviteCode, ownerUid: user.uid }))),
    markRemovalPending([...late, ...job.members], key.rootUid),
  ]);
  await addJobMembers(key, late);
  job.members = [...late, ...job.members];
  await markJobFrozen(key);
  job.frozen = true;
}

/**
 * An admin's removal of one member alone freezes like a member's own deletion, and also deletes
 * their invite code: nobody new joins under them while their invitees are being moved.
 */
async function freezeMember(key: JobKey, job: RemovalJob): Promise<void> {
  const summary = await memberSummary(key.rootUid);
  if (summary?.inviteCode) await deleteInviteCodes([{ code: summary.inviteCode, ownerUid: key.rootUid }]);
  await freezeSelf(key, job);
}

/**
 * Before a member removed alone goes, the members they invited move to their inviter (safe to
 * repeat: only records that still name the removed member move). Their record is deleted last, so
 * while anything of them is left it still names the inviter; once it is gone, so are the moves' work.
 */
async function reparentBeforeRemoval(uid: string): Promise<void> {
  const record = await getUser(uid);
  if (!record) return;
  await reparentInvitees(uid, record.inviteSystem.invitedBy);
}

/** The re-parenting as a removal step: its failure is recorded like any step's, and the next run retries it. */
async function reparentStep(uid: string): Promise<void> {
  try {
    await reparentBeforeRemoval(uid);
  } catch (error) {
    throw new StepFailed('invitees', error);
  }
}

/** A member's own deletion freezes by marking them: their other calls are refused from here on. */
async function freezeSelf(key: JobKey, job: RemovalJob): Promise<void> {
  await markRemovalPending(job.members, key.rootUid);
  await markJobFrozen(key);
  job.frozen = true;
}

/** Runs the job once; null when there is none (never started, or finished and since expired). */
export async function runRemoval(key: JobKey, options: RunOptions): Promise<RunReport | null> {
  const runId = randomUUID();
  const now = options.now ?? Date.now;
  const startedAt = options.startedAt ?? now();
  const budget = createRunBudget({ budgetMs: options.budgetMs, hardStopMs: options.hardStopMs, startedAt, now });
  const leaseUntil = startedAt + Math.max(options.budgetMs, options.hardStopMs) + LEASE_MARGIN_MS;
  let claimed: RemovalJob | null;
  try {
    // Through faults (a run may claim again under its own id): a claim that timed out after it
    // was applied would hold the job for the whole lease with nobody working, every call
    // meanwhile only reporting. Given up, the lease is given back in case it was taken.
    claimed = await throughFaults(() => claimRemovalJob(key, runId, leaseUntil, now()));
  } catch (error) {
    await releaseRemovalJob(key, runId).catch(() => undefined);
    throw error;
  }
  if (!claimed) {
    const { job: current, finished } = await getRemovalState(key, now());
    if (current) return reportOf(current, true);
    return finished ? finishedReport(finished) : null;
  }
  const job = claimed;
  try {
    if (!job.frozen) await (key.kind === 'tree' ? freezeTree(key, job) : key.kind === 'member' ? freezeMember(key, job) : freezeSelf(key, job));
    const tried = new Set<string>();
    const faulted = new Set<string>();
    // The admin group, read once per run when its first member is reached (a few names, whatever the tree's size).
    let adminIds: ReadonlySet<string> | undefined;
    let started = 0;
    for (;;) {
      const listed = new Set(job.members);
      const next = job.members.find((uid) => !job.removed.has(uid) && !job.kept.has(uid) && !tried.has(uid) && (options.retryFailed || !job.errors[uid]));
      if (!next || !budget.mayStartMember(started)) break;
      started++;
      if (key.kind === 'member') {
        adminIds ??= await groupMemberIds(ADMIN_GROUP);
        const protectedNow = await protectionNow(next, adminIds);
        if (protectedNow) {
          await keepMember(key, job, protectedNow, new Date(now()));
          continue;
        }
      }
      if (key.kind === 'tree') {
        const late = await lateInvitees(next, listed);
        if (late.length > 0) {
          // Freeze them too (code and mark), list them first (they sit below `next`), and go on with them.
          await deleteInviteCodes(late.flatMap(({ uid, inviteCode }) => (inviteCode ? [{ code: inviteCode, ownerUid: uid }] : [])));
          await markRemovalPending(
            late.map((user) => user.uid),
            key.rootUid,
          );
          await addJobMembers(
            key,
            late.map((user) => user.uid),
          );
          job.members = [...late.map((user) => user.uid), ...job.members];
          continue;
        }
        adminIds ??= await groupMemberIds(ADMIN_GROUP);
        const protectedNow = await protectionNow(next, adminIds);
        if (protectedNow) {
          await keepMember(key, job, protectedNow, new Date(now()));
          continue;
        }
      }
      tried.add(next);
      try {
        if (key.kind === 'member') await reparentStep(next);
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
        if (isRetryableFault(error.reason)) faulted.add(next);
        const message = await failureMessage(next, error);
        await recordMemberError(key, next, message);
        job.errors[next] = message;
      }
    }
    const report = reportOf(job, false);
    const failed = remainingOf(job).filter((uid) => job.errors[uid]);
    if (failed.length > 0 && failed.every((uid) => faulted.has(uid))) report.faultsOnly = true;
    if (report.complete) {
      await forgetInMetrics(new Set(job.members.filter((uid) => !job.kept.has(uid))));
      // False only when this run overran its lease and another took the job: that one finishes it.
      await finishRemovalJob(job, runId, finishedOutcome(report.totalRemoved, keptNotes(job)), new Date(now()));
    }
    return report;
  } finally {
    // Through faults: a lease left behind holds the job for its whole length, and every call
    // meanwhile only reports (deleteMyAccount would answer 'busy' for half a minute).
    await throughFaults(() => releaseRemovalJob(key, runId));
  }
}

/** The admin asking for a removal, and why (their audit entry). */
export interface RemovalRequest {
  adminUid: string;
  adminName: string;
  reason: string;
}

/**
 * Walks the tree below `root` and refuses it, whole and before anything is written, when it holds
 * the admin asking, or any other admin or the founder (403 naming them). Answers its members.
 */
export async function assertTreeRemovable(root: User, adminUid: string): Promise<WalkedTree['members']> {
  const [walked, adminIds] = await Promise.all([walkInviteTree(root.uid), groupMemberIds(ADMIN_GROUP)]);
  const { members } = walked;
  if (members.some((member) => member.uid === adminUid)) throw new AppError('invalid-argument', REMOVAL_MESSAGES.cannotRemoveSelf);
  const protectedMembers = await protectedInTree(root, walked, adminIds);
  if (protectedMembers.length > 0) throw new AppError('permission-denied', protectedTreeMessage(protectedMembers));
  return members;
}

/**
 * Starts an admin's removal of `root` and everyone below them: walks the tree, refuses a tree
 * holding the admin themself, or any other admin or the founder (403 naming them: nothing is
 * written), and writes the job (unfrozen: the first run freezes it) together with the audit
 * entry, in one transaction. Returns the stored job; null if a racing start already finished it.
 */
export async function startTreeRemoval(root: User, request: RemovalRequest, now = new Date()): Promise<RemovalJob | null> {
  const members = await assertTreeRemovable(root, request.adminUid);
  const audit: Omit<AuditEntry, 'entryId' | 'at'> = {
    action: 'removeUserAndInviteTree',
    actorId: request.adminUid,
    actorName: request.adminName,
    targetId: root.uid,
    targetName: root.displayName,
    reason: request.reason,
    outcome: `Started: ${members.length} ${members.length === 1 ? 'member' : 'members'} to remove.`,
  };
  return createRemovalJob(
    {
      rootUid: root.uid,
      kind: 'tree',
      rootName: root.displayName,
      members: removalOrder(members),
      requestedBy: request.adminUid,
      createdAt: now.toISOString(),
      frozen: false,
    },
    audit,
    now,
  );
}

/**
 * An admin's removal of one member alone (resolveReport 'remove-member'): their invitees stay and
 * move to the removed member's inviter before the member goes. The resolution's own audit entry
 * records it, so the job carries none. Protection (admins, the founder) is checked by the caller
 * before, and again by the run that reaches the member.
 */
export async function startMemberRemoval(uid: string, displayName: string, requestedBy: string, now = new Date()): Promise<RemovalJob | null> {
  return createRemovalJob(
    { rootUid: uid, kind: 'member', rootName: displayName, members: [uid], requestedBy, createdAt: now.toISOString(), frozen: false },
    undefined,
    now,
  );
}

/**
 * A member's own deletion: one member, their invitees untouched. Written unfrozen, like a tree's
 * job: the first run marks the member as being removed (freezeSelf) before removing anything.
 */
export async function startSelfRemoval(uid: string, displayName: string, now = new Date()): Promise<RemovalJob | null> {
  return createRemovalJob(
    { rootUid: uid, kind: 'self', rootName: displayName, members: [uid], requestedBy: uid, createdAt: now.toISOString(), frozen: false },
    undefined,
    now,
  );
}
