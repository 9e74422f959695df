import { REPORTS_PAGE_SIZE } from '#contracts/moderation';
import { listOwnReports } from '#data/moderation';
import { defineCallable } from '#http/define-callable';

/** The caller's latest reports with their outcome: never who else reported, nor the note or any admin's text. */
export const handler = defineCallable('listMyReports', async (_input, { caller }) => {
  const reports = await listOwnReports(caller.uid, REPORTS_PAGE_SIZE);
  return {
    reports: reports.map((report) => ({
      reportId: report.reportId,
      createdAt: report.createdAt,
      reason: report.reason,
      targetType: report.target.type,
      status: report.status,
      outcome: report.outcome,
      resolvedAt: report.resolvedAt,
    })),
  };
});
