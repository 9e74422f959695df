import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { ABUSE_LIMITS, ABUSE_MESSAGES, rateWindowOf, type RateLimit } from '../../lambdas/domain/abuse-limits.ts';
import { callApi, type ApiAnswer } from '../support/local-cloud-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { dynamo, tableName } = await import('../../lambdas/data/aws-clients.ts');
const { keys } = await import('../../lambdas/data/keys.ts');
const { budgetSubject, spendRequestBudget } = await import('../../lambdas/http/rate-limit.ts');
const { GetCommand } = await import('@aws-sdk/lib-dynamodb');

/** Windows are fixed; a test that must stay inside one waits out a window about to close. */
async function awayFromWindowEnd(limit: RateLimit, marginSeconds = 40): Promise<void> {
  const left = rateWindowOf(limit, new Date()).end - Date.now() / 1000;
  if (left < marginSeconds) await sleep((left + 1) * 1000);
}

/** Hits already counted for a member in the current window (signing up makes a few calls). */
async function hitsSoFar(limit: RateLimit, member: TestMember): Promise<number> {
  const window = rateWindowOf(limit, new Date());
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.rateWindow(limit.name, budgetSubject(member, ''), window.start), ConsistentRead: true }),
  );
  return Number(Item?.hits ?? 0);
}

const call = (member: TestMember, name: string, data: unknown = {}) => callApi(endpoints, name, { token: member.accessToken, data });

/** Runs the calls at most `width` at a time: concurrent, without opening hundreds of sockets. */
async function inBatches(count: number, width: number, run: () => Promise<ApiAnswer>): Promise<ApiAnswer[]> {
  const answers: ApiAnswer[] = [];
  for (let done = 0; done < count; done += width) {
    answers.push(...(await Promise.all(Array.from({ length: Math.min(width, count - done) }, run))));
  }
  return answers;
}

function expectRefusal(answer: ApiAnswer, message: string, limit: RateLimit): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ error: { status: 'resource-exhausted', message } });
  const retryAfter = Number(answer.headers.get('retry-after'));
  const windowLeft = rateWindowOf(limit, new Date()).end - Math.floor(Date.now() / 1000);
  // Seconds to the window's end as the server saw it (a few seconds before this check, at most).
  expect(retryAfter).toBeGreaterThanOrEqual(Math.max(1, windowLeft));
  expect(retryAfter).toBeLessThanOrEqual(Math.min(limit.windowSeconds, windowLeft + 10));
}

const statuses = (answers: ApiAnswer[]) => answers.map((answer) => answer.status);
const count = (answers: ApiAnswer[], status: number) => answers.filter((answer) => answer.status === status).length;

describe('abuse limits (per member, counted atomically in DynamoDB)', () => {
  it('lets 300 requests in 5 minutes through, even when fired at once, refuses the 301st with Retry-After, and opens the next window', async () => {
    const member = await createMember(endpoints, 'requests-budget');
    await awayFromWindowEnd(ABUSE_LIMITS.requests);
    const remaining = ABUSE_LIMITS.requests.maxHits - (await hitsSoFar(ABUSE_LIMITS.requests, member));
    // 25 more than the budget, 50 at a time: exactly the budget gets through.
    const answers = await inBatches(remaining + 25, 50, () => call(member, 'getFeed'));
    expect(count(answers, 200)).toBe(remaining);
    expect(count(answers, 429)).toBe(25);
    expect(new Set(statuses(answers))).toEqual(new Set([200, 429]));
    expect(await hitsSoFar(ABUSE_LIMITS.requests, member)).toBe(300);

    const refused = await call(member, 'getFeed');
    expectRefusal(refused, ABUSE_MESSAGES.requests, ABUSE_LIMITS.requests);
    // Refused whatever the callable: the budget spans them all.
    expectRefusal(await call(member, 'getMe'), ABUSE_MESSAGES.requests, ABUSE_LIMITS.requests);

    // The clock moved to the window's end (injected, not slept): the next window is open again.
    const event = { requestContext: { http: { sourceIp: '203.0.113.9' } } } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
    const caller = { uid: member.uid, username: member.uid, groups: [] };
    const window = rateWindowOf(ABUSE_LIMITS.requests, new Date());
    await expect(spendRequestBudget(caller, event, new Date(window.end * 1000 - 1000))).rejects.toMatchObject({
      status: 'resource-exhausted',
      retryAfterSeconds: 1,
    });
    await expect(spendRequestBudget(caller, event, new Date(window.end * 1000))).resolves.toBeUndefined();

    // Another member is not held back by this one.
    const other = await createMember(endpoints, 'requests-budget-other');
    expect((await call(other, 'getFeed')).status).toBe(200);
  }, 120_000);

  it('refuses the 31st post in 30 minutes, never letting more than 30 through when 40 come at once', async () => {
    const [writer, neighbour] = await Promise.all([createMember(endpoints, 'posts-budget'), createMember(endpoints, 'posts-budget-other')]);
    await awayFromWindowEnd(ABUSE_LIMITS.posts);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => call(writer, 'createPost', { content: `Post ${i}`, privacy: 'public' })));
    expect(count(answers, 200)).toBe(30);
    for (const refused of answers.filter((answer) => answer.status !== 200)) expectRefusal(refused, ABUSE_MESSAGES.posts, ABUSE_LIMITS.posts);
    expectRefusal(await call(writer, 'createPost', { content: 'One more', privacy: 'public' }), ABUSE_MESSAGES.posts, ABUSE_LIMITS.posts);

    const made = answers.filter((answer) => answer.status === 200).map((answer) => (answer.body as { result: { postId: string } }).result.postId);
    expect(new Set(made).size).toBe(30);

    // Other members post as usual; the writer may still read and comment.
    expect((await call(neighbour, 'createPost', { content: 'Hello', privacy: 'public' })).status).toBe(200);
    const postId = (answers.find((answer) => answer.status === 200)?.body as { result: { postId: string } }).result.postId;
    expect((await call(writer, 'addComment', { postId, content: 'Still here' })).status).toBe(200);
  }, 120_000);

  it('refuses the 31st upload in 30 minutes, pictures and photos together', async () => {
    const member = await createMember(endpoints, 'uploads-budget');
    await awayFromWindowEnd(ABUSE_LIMITS.uploads);
    const photos = await Promise.all(Array.from({ length: 20 }, () => call(member, 'createPhotoUpload', { contentType: 'image/png' })));
    const pictures = await Promise.all(Array.from({ length: 10 }, () => call(member, 'createProfilePictureUpload', { contentType: 'image/png' })));
    expect(statuses([...photos, ...pictures]).every((status) => status === 200)).toBe(true);
    expectRefusal(await call(member, 'createProfilePictureUpload', { contentType: 'image/png' }), ABUSE_MESSAGES.uploads, ABUSE_LIMITS.uploads);
    expectRefusal(await call(member, 'createPhotoUpload', { contentType: 'image/jpeg' }), ABUSE_MESSAGES.uploads, ABUSE_LIMITS.uploads);
    // A malformed upload request is refused for what it is and costs no upload.
    expect((await call(member, 'createPhotoUpload', { contentType: 'text/html' })).status).toBe(400);
  }, 120_000);
});
