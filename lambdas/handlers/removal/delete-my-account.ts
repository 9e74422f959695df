import { ACCOUNT_DELETION_CONFIRMATION, REMOVAL_MESSAGES } from '#contracts/removal';
import { AppError } from '#domain/app-error';
import { dispatchRemovalWorker, getRemovalJob, type JobKey } from '#data/removal';
import { getUser } from '#data/members';
import { FAULT_MESSAGES } from '#http/backend-faults';
import { defineCallable } from '#http/define-callable';
import { logger } from '#http/logger';
import { runRemoval, startSelfRemoval } from '#workflows/removal-runner';
import { CALLABLE_HARD_STOP_MS, callableBudgetMs } from '#workflows/removal-settings';

/**
 * Removes everything of the caller, as an admin's removal does for one member. Their invitees stay
 * (with invitedBy kept for the record). Not an admin action, so no audit entry. A member with so
 * much that it does not fit in one call is finished by the worker; a step that failed answers an
 * error and the job stays, so trying again finishes it. The founder is refused: their account
 * anchors the invite tree (an admin may leave; only the founder is held).
 */
export const handler = defineCallable('deleteMyAccount', async ({ confirmationText }, { caller }) => {
  const startedAt = Date.now();
  if (confirmationText !== ACCOUNT_DELETION_CONFIRMATION) throw new AppError('invalid-argument', REMOVAL_MESSAGES.confirmationMismatch);
  const key: JobKey = { rootUid: caller.uid, kind: 'self' };
  if (!(await getRemovalJob(key))) {
    const me = await getUser(caller.uid);
    // Checked before the job exists, so a refused founder has nothing frozen or half-removed.
    if (me?.isFounder) throw new AppError('permission-denied', REMOVAL_MESSAGES.founderCannotDelete);
    await startSelfRemoval(caller.uid, me?.displayName ?? '');
  }
  const report = await runRemoval(key, { budgetMs: callableBudgetMs(), hardStopMs: CALLABLE_HARD_STOP_MS, retryFailed: true, startedAt });
  if (report && report.errors.length > 0) {
    logger.error('Account deletion left work undone', { errors: report.errors });
    // A step that met a backend fault (or errors of another run, which still holds the job and
    // retries them) is answered like every other fault: 503, try again, and the retry finishes it.
    if (report.faultsOnly || report.busy) throw new AppError('unavailable', FAULT_MESSAGES.busy);
    throw new AppError('internal', REMOVAL_MESSAGES.deleteFailed);
  }
  if (report?.continueInBackground && !report.busy) await dispatchRemovalWorker(key);
  return { deleted: true as const };
});
