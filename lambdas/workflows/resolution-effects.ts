import { holdsVouchersToAccount } from '#domain/vouch-accountability';
import { deleteCommentItem, deletePostItem } from '#data/posts';
import { dispatchRemovalWorker, getRemovalJob, type JobKey } from '#data/removal';
import { transact } from '#data/table';
import type { StoredReport } from '#data/moderation';
import { logger } from '#http/logger';
import { runRemoval, startMemberRemoval, startTreeRemoval } from '#workflows/removal-runner';
import { CALLABLE_HARD_STOP_MS, callableBudgetMs } from '#workflows/removal-settings';
import { otherReportItems, type Resolution } from '#workflows/resolution-items';
import { holdVouchersToAccount } from '#workflows/vouch-accountability';

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

/**
 * Runs a removal job for the callable's few seconds and hands what is left to the worker. The
 * resolution is written by then, so a run that fails does not fail the answer: the worker is asked
 * to carry the job on, and a repeat of the resolution (answered 409) runs it again too.
 */
async function runAndHandOn(key: JobKey, startedAt: number): Promise<void> {
  let handOn = true;
  try {
    const report = await runRemoval(key, { budgetMs: callableBudgetMs(), hardStopMs: CALLABLE_HARD_STOP_MS, retryFailed: true, startedAt });
    handOn = report !== null && report.continueInBackground && !report.busy;
  } catch (error) {
    logger.error('The removal run of a resolution failed; the worker carries it on', { rootUid: key.rootUid, error });
  }
  if (!handOn) return;
  try {
    await dispatchRemovalWorker(key);
  } catch (error) {
    // The job stays: a repeat of the resolution, or removeUserAndInviteTree for a tree, carries it on.
    logger.error('Could not hand the removal to the worker', { rootUid: key.rootUid, error });
  }
}

/** The removal job a resolution started, by its outcome (none for the other actions). */
function removalKeyOf(report: StoredReport): JobKey | null {
  if (report.outcome === 'remove-member') return { rootUid: report.subjectId, kind: 'member' };
  if (report.outcome === 'remove-member-and-tree') return { rootUid: report.subjectId, kind: 'tree' };
  return null;
}

/**
 * A repeat of a resolution already written (a double click, or the admin trying again after an
 * answer that failed past the transaction) finishes its effects, all of which are safe to repeat:
 * the content's delete again, and a removal job still at work run again. Nothing is started anew,
 * and no sanction, notice or entry is written twice (those were in the transaction).
 */
export async function finishEffects(report: StoredReport, startedAt: number): Promise<void> {
  if (report.outcome === 'remove-content') await removeContent(report);
  // Marked per strike and per vouch, so nothing twice; once the member's partition is gone it finds nothing.
  if (holdsVouchersToAccount(report.reason, report.outcome)) await holdVouchersToAccount(report.subjectId, new Date());
  const key = removalKeyOf(report);
  if (key && (await getRemovalJob(key))) await runAndHandOn(key, startedAt);
}

/** The reported post or comment, deleted as its author's delete would; already gone is fine. */
async function removeContent(report: StoredReport): Promise<void> {
  if (report.target.type === 'post') await deletePostItem(report.target.id, null);
  if (report.target.type === 'comment' && report.target.postId) await deleteCommentItem(report.target.postId, report.target.id, null);
}

/**
 * What the resolution's transaction could not hold, run once it is written: the content deleted
 * as its author's delete would (the post's feed entries, likes and comments follow from the table's
 * stream), or the member's removal, through the removal job (resumable; the worker for what is left),
 * preceded, for a member removed as not real, by their vouchers' strikes and the void of the
 * vouches they gave (vouch-accountability.ts).
 */
export async function applyAfterResolution(resolution: Resolution, startedAt: number): Promise<Record<string, never>> {
  const { action, report, subject, admin, reason } = resolution;
  if (action === 'remove-content') await removeContent(report);
  // Before the removal deletes their partition: it holds the vouches they received and gave.
  if (subject && holdsVouchersToAccount(report.reason, action)) await holdVouchersToAccount(subject.uid, resolution.now);
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
