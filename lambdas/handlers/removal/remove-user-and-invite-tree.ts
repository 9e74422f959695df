import { REMOVAL_MESSAGES } from '#contracts/removal';
import { AppError } from '#domain/app-error';
import { recordAdminAction } from '#data/audit-log';
import { dispatchRemovalWorker } from '#data/removal-dispatch';
import { getRemovalJob, type JobKey } from '#data/removal-jobs';
import { getUser } from '#data/users';
import { defineCallable } from '#http/define-callable';
import { logger } from '#http/logger';
import { runRemoval, startTreeRemoval, type RunReport } from '#jobs/removal-runner';
import { CALLABLE_HARD_STOP_MS, callableBudgetMs } from '#jobs/removal-settings';

function outcomeOf(report: RunReport): string {
  if (report.complete) return `Removed ${report.totalRemoved} members.`;
  const errors = report.errors.length > 0 ? `; ${report.errors.length} could not be removed yet` : '';
  return `Removed ${report.totalRemoved} members so far; ${report.remaining} remaining${errors}.`;
}

/**
 * Admin: removes a member and everyone below them in the invite tree. The first call walks and
 * freezes the tree and writes the job; every call (this one and any repeat) works on it for up to
 * ~20 s and hands what is left to the removal worker, so a tree of any size finishes without a
 * long request, and a repeat reports progress and helps finish.
 */
export const handler = defineCallable('removeUserAndInviteTree', async ({ userId, reason }, { caller }) => {
  // The budget counts from here: walking and freezing a large tree is part of the request's time.
  const startedAt = Date.now();
  if (userId === caller.uid) throw new AppError('invalid-argument', REMOVAL_MESSAGES.cannotRemoveSelf);
  const key: JobKey = { rootUid: userId, kind: 'tree' };
  const [existing, admin] = await Promise.all([getRemovalJob(key), getUser(caller.uid)]);
  let job = existing;
  if (!job) {
    const root = await getUser(userId);
    if (!root) throw new AppError('not-found', REMOVAL_MESSAGES.userNotFound);
    job = await startTreeRemoval(root, caller.uid);
  }
  if (job.members.includes(caller.uid)) throw new AppError('invalid-argument', REMOVAL_MESSAGES.cannotRemoveSelf);

  const report = (await runRemoval(key, { budgetMs: callableBudgetMs(), hardStopMs: CALLABLE_HARD_STOP_MS, retryFailed: true, startedAt })) ?? {
    // Finished by a racing run between our read and our claim.
    totalRemoved: job.members.length,
    errors: [],
    complete: true,
    remaining: 0,
    continueInBackground: false,
    busy: false,
  };
  if (report.continueInBackground && !report.busy) {
    try {
      await dispatchRemovalWorker(key);
    } catch (error) {
      // The job stays; a repeat call (or the admin's retry) carries it on.
      logger.error('Could not hand the removal to the worker', { rootUid: userId, error });
    }
  }
  await recordAdminAction({
    action: 'removeUserAndInviteTree',
    actorId: caller.uid,
    actorName: admin?.displayName ?? '',
    targetId: userId,
    targetName: job.rootName,
    reason,
    outcome: outcomeOf(report),
  });
  return { totalRemoved: report.totalRemoved, errors: report.errors, complete: report.complete, remaining: report.remaining };
});
