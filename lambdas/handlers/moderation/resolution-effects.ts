import { deleteCommentItem, deletePostItem } from '#data/content-changes';
import { dispatchRemovalWorker } from '#data/removal-dispatch';
import type { JobKey } from '#data/removal-jobs';
import { transact } from '#data/conditional';
import type { StoredReport } from '#data/reports';
import { logger } from '#http/logger';
import { runRemoval, startMemberRemoval, startTreeRemoval } from '#jobs/removal-runner';
import { CALLABLE_HARD_STOP_MS, callableBudgetMs } from '#jobs/removal-settings';
import { otherReportItems, type Resolution } from './resolution-items.ts';

/** Further reports beyond the first transaction go in transactions of this many reports (3 items each). */
const REPORTS_PER_TRANSACTION = 33;

/**
 * Resolves the open reports on the target that did not fit the resolution's transaction, a chunk
 * at a time; a chunk whose report was resolved meanwhile is done one report at a time, skipping it.
 */
export async function resolveRest(rest: readonly StoredReport[], resolution: Resolution): Promise<void> {
  for (let start = 0; start < rest.length; start += REPORTS_PER_TRANSACTION) {
    const chunk = rest.slice(start, start + REPORTS_PER_TRANSACTION);
    if ((await transact(otherReportItems(chunk, resolution))).ok) continue;
    for (const report of chunk) await transact(otherReportItems([report], resolution));
  }
}

/** Runs a removal job for the callable's few seconds and hands what is left to the worker. */
async function runAndHandOn(key: JobKey, startedAt: number): Promise<void> {
  const report = await runRemoval(key, { budgetMs: callableBudgetMs(), hardStopMs: CALLABLE_HARD_STOP_MS, retryFailed: true, startedAt });
  if (!report?.continueInBackground || report.busy) return;
  try {
    await dispatchRemovalWorker(key);
  } catch (error) {
    // The job stays: removeUserAndInviteTree (a tree) or the next worker run carries it on.
    logger.error('Could not hand the removal to the worker', { rootUid: key.rootUid, error });
  }
}

/**
 * What the resolution's transaction could not hold, run once it is written: the content deleted
 * as its author's delete would (the post's feed entries, likes and comments follow from the table's
 * stream), or the member's removal, through the removal job (resumable; the worker for what is left).
 */
export async function applyAfterResolution(resolution: Resolution, startedAt: number): Promise<Record<string, never>> {
  const { action, report, subject, admin, reason } = resolution;
  if (action === 'remove-content') {
    // Already gone (its author deleted it meanwhile): nothing to do.
    if (report.target.type === 'post') await deletePostItem(report.target.id, null);
    if (report.target.type === 'comment' && report.target.postId) await deleteCommentItem(report.target.postId, report.target.id, null);
  }
  if (action === 'remove-member' && subject) {
    await startMemberRemoval(subject.uid, subject.displayName, admin.uid);
    await runAndHandOn({ rootUid: subject.uid, kind: 'member' }, startedAt);
  }
  if (action === 'remove-member-and-tree' && subject) {
    await startTreeRemoval(subject, { adminUid: admin.uid, adminName: admin.displayName, reason });
    await runAndHandOn({ rootUid: subject.uid, kind: 'tree' }, startedAt);
  }
  return {};
}
