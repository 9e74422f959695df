import type { QueuedReport } from '#contracts/moderation';
import type { User } from '#contracts/user';
import { isSuspended } from '#domain/sanctions';
import { countOpenReportsOnTargets, listOpenReports, readReportContext, type StoredReport } from '#data/moderation';
import { defineCallable } from '#http/define-callable';
import { memberSummary } from '#presenters/present-member';

type Context = Awaited<ReturnType<typeof readReportContext>>;

/** A member the queue names; a member who is gone (or being removed) shows as a bare uid. */
function summaryOf(uid: string, users: Context['users']) {
  const user = users.get(uid);
  return user ? memberSummary(user) : { uid, displayName: '', profilePicture: '', verifiedInPerson: false };
}

function subjectOf(user: User | undefined, now: Date): QueuedReport['content']['member'] {
  if (!user) return null;
  return { ...memberSummary(user), isSuspended: isSuspended(user.suspendedUntil, now), invitesDisabled: user.invitesDisabled === true };
}

/** The content in context: the member, the post (or the comment's post) and the comment; null parts are gone. */
function contentOf(report: StoredReport, context: Context, now: Date): QueuedReport['content'] {
  const post = report.target.postId ? context.posts.get(report.target.postId) : undefined;
  const comment = report.target.type === 'comment' ? context.comments.get(report.target.id) : undefined;
  return {
    member: subjectOf(context.users.get(report.subjectId), now),
    post: post ? { postId: post.postId, authorName: post.authorName, content: post.content, createdAt: post.createdAt, privacy: post.privacy } : null,
    comment: comment ? { commentId: comment.commentId, content: comment.content, createdAt: comment.createdAt } : null,
  };
}

/**
 * Admin: the open reports, oldest first, 50 a page (GSI openReports holds only open ones). The
 * page's members, posts and comments come in one BatchGet, and each target's open-report count
 * from one COUNT Query per distinct target, side by side.
 */
export const handler = defineCallable('listReports', async ({ cursor }) => {
  const page = await listOpenReports(cursor);
  const [context, counts] = await Promise.all([readReportContext(page.reports), countOpenReportsOnTargets(page.reports.map((report) => report.target))]);
  const now = new Date();
  const reports = page.reports.map((report): QueuedReport => ({
    reportId: report.reportId,
    createdAt: report.createdAt,
    reason: report.reason,
    note: report.note,
    reporter: summaryOf(report.reporterId, context.users),
    target: report.target,
    content: contentOf(report, context, now),
    openReportsOnTarget: Math.max(1, counts.get(`${report.target.type}#${report.target.id}`) ?? 1),
  }));
  return { reports, nextCursor: page.nextCursor };
});
