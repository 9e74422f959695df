import { MODERATION_MESSAGES, type ReportTarget } from '#contracts/moderation';
import { hasJoined } from '#contracts/user';
import { AppError } from '#domain/app-error';
import { newTimeOrderedId } from '#domain/post-ids';
import { getStoredComment } from '#data/posts';
import { createReport, locateComment } from '#data/moderation';
import { getUser } from '#data/members';
import { countProductEvent } from '#data/table';
import { defineCallable } from '#http/define-callable';
import { visiblePost } from '#workflows/visible-post';

/** The target as it will be stored (a comment with its post) and whom it is about. */
interface ResolvedTarget {
  target: { type: ReportTarget['type']; id: string; postId: string | null };
  subjectId: string;
}

/** A comment on a post the reporter may see; one they may not see answers like a missing one. */
async function reportedComment(commentId: string, givenPostId: string | undefined, viewerUid: string): Promise<ResolvedTarget> {
  const postId = givenPostId || (await locateComment(commentId));
  if (!postId) throw new AppError('not-found', MODERATION_MESSAGES.commentNotFound);
  try {
    await visiblePost(postId, viewerUid);
  } catch (error) {
    if (error instanceof AppError && error.status === 'not-found') throw new AppError('not-found', MODERATION_MESSAGES.commentNotFound);
    throw error;
  }
  const comment = await getStoredComment(postId, commentId);
  if (!comment) throw new AppError('not-found', MODERATION_MESSAGES.commentNotFound);
  return { target: { type: 'comment', id: commentId, postId }, subjectId: comment.authorId };
}

/** What is reported, checked as the reporter may see it: the post (as getPost), the comment on such a post, or a joined member. */
async function resolveTarget(target: ReportTarget, viewerUid: string): Promise<ResolvedTarget> {
  if (target.type === 'post') {
    const post = await visiblePost(target.id, viewerUid);
    return { target: { type: 'post', id: target.id, postId: target.id }, subjectId: post.authorId };
  }
  if (target.type === 'comment') return reportedComment(target.id, target.postId, viewerUid);
  const member = await getUser(target.id);
  if (!member || !hasJoined(member)) throw new AppError('not-found', MODERATION_MESSAGES.userNotFound);
  return { target: { type: 'member', id: target.id, postId: null }, subjectId: target.id };
}

const GONE_MESSAGES = { post: MODERATION_MESSAGES.postNotFound, comment: MODERATION_MESSAGES.commentNotFound, member: MODERATION_MESSAGES.userNotFound };

/**
 * A member reports a post, a comment or a member. One transaction writes the report, the target's
 * marker (one open report per reporter and target) and the reporter's copy, on the condition that
 * the target is still there: content deleted at the same moment answers 404, or leaves a report
 * whose content the queue shows as gone.
 */
export const handler = defineCallable('reportContent', async ({ target, reason, note }, { caller }) => {
  const resolved = await resolveTarget(target, caller.uid);
  if (resolved.subjectId === caller.uid) throw new AppError('invalid-argument', MODERATION_MESSAGES.reportYourself);
  const now = new Date();
  const reportId = newTimeOrderedId(now);
  const outcome = await createReport({
    reportId,
    reporterId: caller.uid,
    target: resolved.target,
    subjectId: resolved.subjectId,
    reason,
    note: note ?? '',
    createdAt: now.toISOString(),
  });
  if (outcome === 'already-reported') throw new AppError('aborted', MODERATION_MESSAGES.alreadyReported);
  if (outcome === 'target-gone') throw new AppError('not-found', GONE_MESSAGES[target.type]);
  countProductEvent('report');
  return { reportId };
});
