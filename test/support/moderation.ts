import type { Endpoints } from '../../local/cloud-files.ts';
import type { CallableInput, CallableOutput } from '../../lambdas/contracts/callables.ts';
import type { QueuedReport } from '../../lambdas/contracts/moderation.ts';
import { call, ok } from './callable-client.ts';
import type { TestMember } from './local-cloud-members.ts';

/** Helpers of the reports and sanctions tests: report, read the whole queue, resolve. */
export function moderationClient(endpoints: Endpoints, adminToken: () => string) {
  const anchor = async (a: TestMember, b: TestMember): Promise<void> => {
    await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
  };
  const post = (member: TestMember, content: string, privacy: 'anchors' | 'public' = 'public') =>
    ok(endpoints, 'createPost', { token: member.accessToken, data: { content, privacy } });
  const comment = (member: TestMember, postId: string, content: string) =>
    ok(endpoints, 'addComment', { token: member.accessToken, data: { postId, content } });
  const report = (
    member: TestMember,
    target: CallableInput<'reportContent'>['target'],
    reason: CallableInput<'reportContent'>['reason'] = 'spam',
    note?: string,
  ) => call(endpoints, 'reportContent', { token: member.accessToken, data: { target, reason, ...(note !== undefined && { note }) } });
  const reported = async (...args: Parameters<typeof report>): Promise<string> => {
    const answer = await report(...args);
    if (answer.status !== 200 || !('result' in answer.body)) throw new Error(`reportContent answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.result.reportId;
  };
  /** Every open report in the queue, page after page (other tests' reports share it). */
  const queue = async (): Promise<QueuedReport[]> => {
    const all: QueuedReport[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const answer: CallableOutput<'listReports'> = await ok(endpoints, 'listReports', { token: adminToken(), data: cursor ? { cursor } : {} });
      all.push(...answer.reports);
      if (!answer.nextCursor) break;
      cursor = answer.nextCursor;
    }
    return all;
  };
  const resolve = (reportId: string, action: CallableInput<'resolveReport'>['action'], extra: Partial<CallableInput<'resolveReport'>> = {}) =>
    call(endpoints, 'resolveReport', { token: adminToken(), data: { reportId, action, reason: `private reason for ${action}`, ...extra } });
  const standing = (member: TestMember) => ok(endpoints, 'getMyStanding', { token: member.accessToken });
  return { anchor, post, comment, report, reported, queue, resolve, standing };
}
