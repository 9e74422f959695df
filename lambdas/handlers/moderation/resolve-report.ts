import { MODERATION_MESSAGES } from '#contracts/moderation';
import { AppError } from '#domain/app-error';
import { assertActionFitsTarget, assertSanctionAllowed, sanctionsMember, suspensionEnd } from '#domain/sanctions';
import { groupMemberIds, getUser } from '#data/members';
import { getReport, getReports, openReportIdsOnTarget, writeResolution, type StoredReport } from '#data/moderation';
import { defineCallable } from '#http/define-callable';
import { ADMIN_GROUP } from '#http/caller';
import { assertTreeRemovable } from '#workflows/removal-runner';
import { applyAfterResolution, finishEffects, resolveRest } from '#workflows/resolution-effects';
import { resolutionItems, type Resolution } from '#workflows/resolution-items';

/** A resolution whose further reports changed under it is built again from a fresh read, this many times. */
const MAX_ATTEMPTS = 3;

/** The other open reports on the report's target, read strongly consistently right before the write. */
async function otherOpenReports(report: StoredReport): Promise<StoredReport[]> {
  const ids = (await openReportIdsOnTarget(report.target.type, report.target.id)).filter((id) => id !== report.reportId);
  return (await getReports(ids, true)).filter((other) => other.status === 'open');
}

/**
 * Admin: resolves a report, and every open report on the same target with it, with an action. The
 * checks come first (the action fits the target, a suspension's end, the founder and admins are
 * spared every sanction of the member, a tree removal reaching one is refused whole); then one
 * transaction resolves the reports (condition: still open — a double click applies nothing twice),
 * writes the sanction on the member's record, the notices, the audit entry and the public log
 * entry; then what cannot be part of it runs: the content's removal, the member's removal (a
 * resumable job, the worker for what is left). A repeat of a resolved report answers 409 after
 * finishing what its first call may have left undone (finishEffects), so no effect is ever stranded.
 */
export const handler = defineCallable('resolveReport', async ({ reportId, action, reason, noteToMember, until }, { caller }) => {
  const startedAt = Date.now();
  const now = new Date();
  const report = await getReport(reportId);
  if (!report) throw new AppError('not-found', MODERATION_MESSAGES.reportNotFound);
  if (report.status !== 'open') {
    await finishEffects(report, startedAt);
    throw new AppError('aborted', MODERATION_MESSAGES.reportAlreadyResolved);
  }
  assertActionFitsTarget(action, report.target.type);
  const suspendedUntil = action === 'suspend' ? suspensionEnd(until, now) : null;
  const [subject, admin] = await Promise.all([getUser(report.subjectId), getUser(caller.uid)]);
  if (sanctionsMember(action)) {
    if (!subject) throw new AppError('not-found', MODERATION_MESSAGES.userNotFound);
    const adminIds = await groupMemberIds(ADMIN_GROUP);
    assertSanctionAllowed(action, { isFounder: subject.isFounder, isAdmin: subject.isAdmin || adminIds.has(subject.uid) });
    if (action === 'remove-member-and-tree') await assertTreeRemovable(subject, caller.uid);
  }
  const resolution: Resolution = {
    report,
    action,
    reason,
    noteToMember: noteToMember || null,
    until: suspendedUntil,
    subject,
    admin: { uid: caller.uid, displayName: admin?.displayName ?? '' },
    now,
  };

  for (let attempt = 1; ; attempt++) {
    const others = await otherOpenReports(report);
    const { items, rest } = resolutionItems(resolution, others);
    const written = await writeResolution(items);
    if (written.ok) {
      await resolveRest(rest, resolution);
      const removal = await applyAfterResolution(resolution, startedAt);
      return { reportId, action, resolvedReports: 1 + others.length, ...removal };
    }
    // Resolved meanwhile (the other click of a double click): its own call applies its effects.
    if (written.failed.includes('report')) throw new AppError('aborted', MODERATION_MESSAGES.reportAlreadyResolved);
    if (written.failed.includes('member')) throw new AppError('not-found', MODERATION_MESSAGES.userNotFound);
    // Another report on the target was resolved or withdrawn meanwhile: read them again.
    if (attempt >= MAX_ATTEMPTS) throw new AppError('aborted', MODERATION_MESSAGES.resolveContended);
  }
});
