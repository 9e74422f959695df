import { REMOVAL_MESSAGES } from '#contracts/removal';
import { AppError } from '#domain/app-error';
import { dispatchRemovalWorker, getRemovalState, type JobKey } from '#data/removal';
import { getUser } from '#data/members';
import { defineCallable } from '#http/define-callable';
import { logger } from '#http/logger';
import { finishedReport, runRemoval, startTreeRemoval } from '#workflows/removal-runner';
import { CALLABLE_HARD_STOP_MS, callableBudgetMs } from '#workflows/removal-settings';

/**
 * Admin: removes a member and everyone below them in the invite tree. The first call walks the
 * tree and writes the job with its audit entry (one transaction: the only entry of this removal);
 * every call (this one and any repeat) works on it for a few seconds and hands what is left to the
 * removal worker, so a tree of any size finishes without a long request. A repeat reports progress
 * and helps finish; once finished, it answers the final result for a day. A tree that holds an
 * admin or the founder is refused here, whole, before the job exists (startTreeRemoval).
 */
export const handler = defineCallable('removeUserAndInviteTree', async ({ userId, reason }, { caller }) => {
  // The budget counts from here: walking and freezing a large tree is part of the request's time.
  const startedAt = Date.now();
  if (userId === caller.uid) throw new AppError('invalid-argument', REMOVAL_MESSAGES.cannotRemoveSelf);
  const key: JobKey = { rootUid: userId, kind: 'tree' };
  const [state, admin] = await Promise.all([getRemovalState(key), getUser(caller.uid)]);
  if (state.finished) return { ...answerOf(finishedReport(state.finished)), inBackground: false };
  if (!state.job) {
    const root = await getUser(userId);
    if (!root) throw new AppError('not-found', REMOVAL_MESSAGES.userNotFound);
    await startTreeRemoval(root, { adminUid: caller.uid, adminName: admin?.displayName ?? '', reason });
  } else if (state.job.members.includes(caller.uid)) {
    throw new AppError('invalid-argument', REMOVAL_MESSAGES.cannotRemoveSelf);
  }

  const report = await runRemoval(key, { budgetMs: callableBudgetMs(), hardStopMs: CALLABLE_HARD_STOP_MS, retryFailed: true, startedAt });
  // No job and no finished record: it finished long ago (the record expired) — the member is gone.
  if (!report) throw new AppError('not-found', REMOVAL_MESSAGES.userNotFound);
  // Busy: the run holding the job hands on when it stops (or, if it died, the worker retried by Lambda waits out its lease).
  let inBackground = report.continueInBackground;
  if (report.continueInBackground && !report.busy) {
    try {
      await dispatchRemovalWorker(key);
    } catch (error) {
      // Nothing carries the job on until the admin calls again: the answer says so.
      logger.error('Could not hand the removal to the worker', { rootUid: userId, error });
      inBackground = false;
    }
  }
  return { ...answerOf(report), inBackground };
});

function answerOf(report: { totalRemoved: number; errors: string[]; complete: boolean; remaining: number }) {
  return { totalRemoved: report.totalRemoved, errors: report.errors, complete: report.complete, remaining: report.remaining };
}
