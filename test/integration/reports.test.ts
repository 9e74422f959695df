import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MODERATION_MESSAGES } from '../../lambdas/contracts/moderation.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { signIn } from '../support/local-cloud-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { moderationClient } from '../support/moderation.ts';

/**
 * Reports: reportContent (one open report per reporter and target, never about
 * oneself, only what the reporter may see), the admin queue (listReports: open reports only, oldest
 * first, with the content in context) and the reporter's own list (outcome only).
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { dynamo, tableName } = await import('#data/table');

let founderToken = '';
const m = moderationClient(endpoints, () => founderToken);

let author: TestMember;
let reporter: TestMember;
let second: TestMember;
let stranger: TestMember;

beforeAll(async () => {
  founderToken = (await signIn(endpoints, founder.email, founder.password)).accessToken;
  [author, reporter, second, stranger] = await Promise.all([
    createMember(endpoints, 'rep-author', { displayName: 'Spammy Author' }),
    createMember(endpoints, 'rep-reporter', { displayName: 'Rita Reporter' }),
    createMember(endpoints, 'rep-second', { displayName: 'Sid Second' }),
    createMember(endpoints, 'rep-stranger', { displayName: 'Stan Stranger' }),
  ]);
  await Promise.all([m.anchor(author, reporter), m.anchor(author, second)]);
}, 60_000);

async function item(key: { pk: string; sk: string }) {
  return (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

describe('reportContent', () => {
  it("stores the report with its subject, the target's marker and the reporter's copy, and puts it in the open queue", async () => {
    const { postId } = await m.post(author, 'buy cheap watches');
    const reportId = await m.reported(reporter, { type: 'post', id: postId }, 'spam', '  all day long  ');
    const stored = await item({ pk: `REPORT#${reportId}`, sk: 'REPORT' });
    expect(stored).toMatchObject({
      reportId,
      reporterId: reporter.uid,
      subjectId: author.uid,
      target: { type: 'post', id: postId, postId },
      reason: 'spam',
      note: 'all day long',
      status: 'open',
      openQueue: 'OPEN',
    });
    expect(await item({ pk: `REPORTS#post#${postId}`, sk: `REPORTER#${reporter.uid}` })).toMatchObject({ reportId });
    expect(await item({ pk: `USER#${reporter.uid}`, sk: `MYREPORT#${reportId}` })).toMatchObject({ reportId });
  });

  it('refuses a second open report of the same target (409), and takes one again once the first is resolved', async () => {
    const { postId } = await m.post(author, 'again and again');
    const first = await m.reported(reporter, { type: 'post', id: postId });
    expectRefusal(await m.report(reporter, { type: 'post', id: postId }, 'harassment'), 409, 'ABORTED', MODERATION_MESSAGES.alreadyReported);
    // Someone else may report it too.
    await m.reported(second, { type: 'post', id: postId });
    expect((await m.resolve(first, 'dismiss')).status).toBe(200);
    await m.reported(reporter, { type: 'post', id: postId });
  });

  it('refuses reporting yourself or your own post or comment (400)', async () => {
    const { postId } = await m.post(reporter, 'my own words');
    const { comment } = await m.comment(reporter, postId, 'my own comment');
    for (const target of [
      { type: 'member', id: reporter.uid },
      { type: 'post', id: postId },
      { type: 'comment', id: comment.commentId },
    ] as const) {
      expectRefusal(await m.report(reporter, target), 400, 'INVALID_ARGUMENT', MODERATION_MESSAGES.reportYourself);
    }
  });

  it("answers 404 for what is gone or what the reporter may not see (another's anchors-only post), in the same words as a missing one", async () => {
    const hidden = await m.post(author, 'anchors only', 'anchors');
    expectRefusal(await m.report(stranger, { type: 'post', id: hidden.postId }), 404, 'NOT_FOUND', MODERATION_MESSAGES.postNotFound);
    const { comment } = await m.comment(author, hidden.postId, 'a hidden comment');
    expectRefusal(await m.report(stranger, { type: 'comment', id: comment.commentId }), 404, 'NOT_FOUND', MODERATION_MESSAGES.commentNotFound);
    const deleted = await m.post(author, 'soon gone');
    await ok(endpoints, 'deletePost', { token: author.accessToken, data: { postId: deleted.postId } });
    expectRefusal(await m.report(reporter, { type: 'post', id: deleted.postId }), 404, 'NOT_FOUND', MODERATION_MESSAGES.postNotFound);
    expectRefusal(await m.report(reporter, { type: 'comment', id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' }), 404, 'NOT_FOUND', MODERATION_MESSAGES.commentNotFound);
    expectRefusal(await m.report(reporter, { type: 'member', id: 'no-such-member' }), 404, 'NOT_FOUND', MODERATION_MESSAGES.userNotFound);
  });

  it('finds a comment by its id alone (or with its post), and reports its author', async () => {
    const { postId } = await m.post(author, 'a post with a rude comment');
    const { comment } = await m.comment(second, postId, 'a rude comment');
    const byId = await m.reported(reporter, { type: 'comment', id: comment.commentId }, 'harassment');
    expect(await item({ pk: `REPORT#${byId}`, sk: 'REPORT' })).toMatchObject({
      subjectId: second.uid,
      target: { type: 'comment', id: comment.commentId, postId },
    });
    const withPost = await m.reported(author, { type: 'comment', id: comment.commentId, postId }, 'harassment');
    expect(await item({ pk: `REPORT#${withPost}`, sk: 'REPORT' })).toMatchObject({ subjectId: second.uid });
  });

  it('lets a member report several posts of a spammer and the spammer within a minute (honest use is never refused)', async () => {
    const posts = await Promise.all(['one', 'two', 'three', 'four', 'five', 'six'].map((word) => m.post(author, `spam ${word}`)));
    for (const { postId } of posts) await m.reported(second, { type: 'post', id: postId });
    await m.reported(second, { type: 'member', id: author.uid }, 'not-a-real-person');
  });

  it('a report on a post deleted at the same moment is a 404 or a report whose content shows as gone: never a 500', async () => {
    for (let round = 0; round < 4; round++) {
      const { postId } = await m.post(author, `racing ${round}`);
      const [reportAnswer] = await Promise.all([
        m.report(reporter, { type: 'post', id: postId }),
        ok(endpoints, 'deletePost', { token: author.accessToken, data: { postId } }),
      ]);
      expect([200, 404], JSON.stringify(reportAnswer.body)).toContain(reportAnswer.status);
      if (reportAnswer.status === 200 && 'result' in reportAnswer.body) {
        const { reportId } = reportAnswer.body.result;
        const queued = (await m.queue()).find((report) => report.reportId === reportId);
        expect(queued?.content.post).toBeNull();
        expect(queued?.content.member).toMatchObject({ uid: author.uid });
      }
    }
  });
});

describe('listReports (admins)', () => {
  it('is refused to members (403), as is resolveReport', async () => {
    expectRefusal(await call(endpoints, 'listReports', { token: reporter.accessToken, data: {} }), 403, 'PERMISSION_DENIED');
    const resolveAsMember = await call(endpoints, 'resolveReport', { token: reporter.accessToken, data: { reportId: 'x', action: 'dismiss', reason: 'r' } });
    expectRefusal(resolveAsMember, 403, 'PERMISSION_DENIED');
  });

  it('shows only open reports, oldest first, each with its reporter and the content in context, and how many are open on the target', async () => {
    const { postId } = await m.post(author, 'context post');
    const { comment } = await m.comment(author, postId, 'context comment');
    const onPost = await m.reported(reporter, { type: 'post', id: postId }, 'spam', 'see the link');
    const onPostToo = await m.reported(second, { type: 'post', id: postId }, 'other');
    const onComment = await m.reported(reporter, { type: 'comment', id: comment.commentId }, 'harassment');
    const onMember = await m.reported(reporter, { type: 'member', id: author.uid }, 'impersonation');
    const resolvedLater = await m.reported(stranger, { type: 'member', id: second.uid }, 'other');
    expect((await m.resolve(resolvedLater, 'dismiss')).status).toBe(200);

    const queue = await m.queue();
    const ids = queue.map((report) => report.reportId);
    expect(ids).toEqual([...ids].sort());
    expect(ids).not.toContain(resolvedLater);
    const mine = queue.filter((report) => [onPost, onPostToo, onComment, onMember].includes(report.reportId));
    expect(mine.map((report) => report.reportId)).toEqual([onPost, onPostToo, onComment, onMember]);
    const [postReport, , commentReport, memberReport] = mine;
    expect(postReport).toMatchObject({
      reason: 'spam',
      note: 'see the link',
      reporter: { uid: reporter.uid, displayName: 'Rita Reporter' },
      target: { type: 'post', id: postId, postId },
      content: {
        member: { uid: author.uid, displayName: 'Spammy Author', isSuspended: false, invitesDisabled: false },
        post: { postId, authorName: 'Spammy Author', content: 'context post', privacy: 'public' },
        comment: null,
      },
      openReportsOnTarget: 2,
    });
    expect(commentReport).toMatchObject({
      target: { type: 'comment', id: comment.commentId, postId },
      content: { post: { postId, content: 'context post' }, comment: { commentId: comment.commentId, content: 'context comment' } },
      openReportsOnTarget: 1,
    });
    expect(memberReport?.content).toMatchObject({ member: { uid: author.uid }, post: null, comment: null });
    expect(memberReport?.target).toEqual({ type: 'member', id: author.uid, postId: null });
  });
});

describe('listMyReports', () => {
  it('tells the reporter the outcome of each of their reports, newest first, and never who else reported or any text', async () => {
    const watcher = await createMember(endpoints, 'rep-watcher', { displayName: 'Wes Watcher' });
    const { postId } = await m.post(author, 'mine to watch');
    const first = await m.reported(watcher, { type: 'post', id: postId }, 'spam', 'my private note');
    await m.reported(second, { type: 'post', id: postId }, 'other', 'their note');
    const open = await m.reported(watcher, { type: 'member', id: author.uid }, 'impersonation');
    expect((await m.resolve(first, 'warn', { noteToMember: 'Please stop.' })).status).toBe(200);
    const { reports } = await ok(endpoints, 'listMyReports', { token: watcher.accessToken });
    expect(reports).toEqual([
      { reportId: open, createdAt: expect.any(String), reason: 'impersonation', targetType: 'member', status: 'open', outcome: null, resolvedAt: null },
      {
        reportId: first,
        createdAt: expect.any(String),
        reason: 'spam',
        targetType: 'post',
        status: 'resolved',
        outcome: 'warn',
        resolvedAt: expect.any(String),
      },
    ]);
    const text = JSON.stringify(await ok(endpoints, 'getMyStanding', { token: watcher.accessToken }));
    for (const hidden of ['my private note', 'their note', 'Please stop.', 'private reason', second.uid]) expect(text).not.toContain(hidden);
  });
});
