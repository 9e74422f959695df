import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { ABUSE_LIMITS, ABUSE_MESSAGES, rateWindowOf, type RateLimit } from '../../lambdas/domain/abuse-limits.ts';
import { PROXY_SECRET_HEADER } from '../../local/api-gateway-event.ts';
import { call, callRaw, ok, resultOf, type ApiAnswer } from '../support/callable-client.ts';
import { loopbackAddress, proxiedFrom, rawRequest } from '../support/local-cloud-client.ts';
import { clientAddress, createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { awayFromWindowEnd, expectBudgetRefusal } from '../support/rate-windows.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { dynamo, tableName } = await import('#data/table');
const { keys, postKeys, COMMENT_PREFIX } = await import('#data/table');
const { budgetSubject, spendRequestBudget } = await import('../../lambdas/http/rate-limit.ts');
const { GetCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
const { INVITE_CHECK_LIMIT } = await import('../../lambdas/handlers/joining/validate-invite-code.ts');

/** Hits already counted for a member in the current window (signing up makes a few calls). */
async function hitsSoFar(limit: RateLimit, member: TestMember): Promise<number> {
  const window = rateWindowOf(limit, new Date());
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.rateWindow(limit.name, budgetSubject(member, ''), window.start), ConsistentRead: true }),
  );
  return Number(Item?.hits ?? 0);
}

/** How many items a query matches, read strongly consistent where the table allows it (not on a GSI). */
async function countItems(query: { IndexName?: string; KeyConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> }): Promise<number> {
  let total = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({ TableName: tableName(), ...query, Select: 'COUNT', ConsistentRead: !query.IndexName, ExclusiveStartKey }),
    );
    total += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return total;
}

/** A random /64 of the documentation prefix 2001:db8::/32 and an address inside it. */
function ipv6Block(): (host?: number) => string {
  const block = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}`;
  return (host = randomInt(1, 2 ** 31)) => `${block}:${(host >>> 16).toString(16)}:${(host & 0xffff).toString(16)}::1`;
}

/** Runs the calls at most `width` at a time: concurrent, without opening hundreds of sockets. */
async function inBatches(count: number, width: number, run: () => Promise<ApiAnswer>): Promise<ApiAnswer[]> {
  const answers: ApiAnswer[] = [];
  for (let done = 0; done < count; done += width) {
    answers.push(...(await Promise.all(Array.from({ length: Math.min(width, count - done) }, run))));
  }
  return answers;
}

const statuses = (answers: ApiAnswer[]) => answers.map((answer) => answer.status);
const count = (answers: ApiAnswer[], status: number) => answers.filter((answer) => answer.status === status).length;

describe('abuse limits (per member, counted atomically in DynamoDB)', () => {
  it('lets 300 requests in 5 minutes through, even when fired at once, refuses the 301st with Retry-After, and opens the next window', async () => {
    const member = await createMember(endpoints, 'requests-budget');
    await awayFromWindowEnd(ABUSE_LIMITS.requests);
    const remaining = ABUSE_LIMITS.requests.maxHits - (await hitsSoFar(ABUSE_LIMITS.requests, member));
    // 25 more than the budget, 50 at a time: exactly the budget gets through.
    // getMe may write (lastActive): counted atomically in DynamoDB, across every function.
    const answers = await inBatches(remaining + 25, 50, () => call(endpoints, 'getMe', { token: member.accessToken }));
    expect(count(answers, 200)).toBe(remaining);
    expect(count(answers, 429)).toBe(25);
    expect(new Set(statuses(answers))).toEqual(new Set([200, 429]));
    expect(await hitsSoFar(ABUSE_LIMITS.requests, member)).toBe(300);

    const refused = await call(endpoints, 'getMe', { token: member.accessToken });
    expectBudgetRefusal(refused, ABUSE_MESSAGES.requests, ABUSE_LIMITS.requests);
    // Refused whatever the callable: the budget spans them all (a read here by the gateway's tally, which saw every call).
    expectBudgetRefusal(await call(endpoints, 'getFeed', { token: member.accessToken }), ABUSE_MESSAGES.requests, ABUSE_LIMITS.requests);

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
    expect((await call(endpoints, 'getFeed', { token: other.accessToken })).status).toBe(200);
  }, 120_000);

  it('counts read-only callables in the warm function only: no DynamoDB write, and still a budget', async () => {
    const member = await createMember(endpoints, 'read-budget');
    await awayFromWindowEnd(ABUSE_LIMITS.requests);
    const counted = await hitsSoFar(ABUSE_LIMITS.requests, member);
    // A dashboard's reads: the feed, a thread, the anchors: none of them writes a counter.
    for (const name of ['getFeed', 'listAnchors', 'listAnchorRequests'] as const)
      expect((await call(endpoints, name, { token: member.accessToken })).status).toBe(200);
    expect(await hitsSoFar(ABUSE_LIMITS.requests, member)).toBe(counted);
    // A flood of reads is still refused past the budget by the function that serves it.
    const answers = await inBatches(ABUSE_LIMITS.requests.maxHits + 10, 50, () => call(endpoints, 'getFeed', { token: member.accessToken }));
    expect(count(answers, 429)).toBeGreaterThanOrEqual(10);
    expect(await hitsSoFar(ABUSE_LIMITS.requests, member)).toBe(counted);
  }, 120_000);

  it('refuses the 31st post in 30 minutes, never letting more than 30 through when 40 come at once', async () => {
    const [writer, neighbour] = await Promise.all([createMember(endpoints, 'posts-budget'), createMember(endpoints, 'posts-budget-other')]);
    await awayFromWindowEnd(ABUSE_LIMITS.posts);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(endpoints, 'createPost', { token: writer.accessToken, data: { content: `Post ${i}`, privacy: 'public' } })),
    );
    expect(count(answers, 200)).toBe(30);
    for (const refused of answers.filter((answer) => answer.status !== 200)) expectBudgetRefusal(refused, ABUSE_MESSAGES.posts, ABUSE_LIMITS.posts);
    expectBudgetRefusal(
      await call(endpoints, 'createPost', { token: writer.accessToken, data: { content: 'One more', privacy: 'public' } }),
      ABUSE_MESSAGES.posts,
      ABUSE_LIMITS.posts,
    );

    const made = answers.filter((answer) => answer.status === 200).map((answer) => resultOf(answer).postId);
    expect(new Set(made).size).toBe(30);
    // A refused post left nothing behind: 30 posts by the writer, 30 entries in their own feed.
    expect(
      await countItems({ IndexName: 'byAuthor', KeyConditionExpression: 'authorId = :author', ExpressionAttributeValues: { ':author': writer.uid } }),
    ).toBe(30);
    expect(
      await countItems({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :feed)',
        ExpressionAttributeValues: { ':pk': `USER#${writer.uid}`, ':feed': 'FEED#' },
      }),
    ).toBe(30);

    // Other members post as usual; the writer may still read and comment.
    expect((await call(endpoints, 'createPost', { token: neighbour.accessToken, data: { content: 'Hello', privacy: 'public' } })).status).toBe(200);
    const [postId] = made;
    if (postId === undefined) throw new Error('No post was made');
    expect((await call(endpoints, 'addComment', { token: writer.accessToken, data: { postId, content: 'Still here' } })).status).toBe(200);
  }, 120_000);

  it('refuses the 61st comment in 30 minutes, never letting more than 60 through when 70 come at once, and a refused one leaves nothing', async () => {
    const commenter = await createMember(endpoints, 'comments-budget');
    await awayFromWindowEnd(ABUSE_LIMITS.comments);
    const { postId } = await ok(endpoints, 'createPost', { token: commenter.accessToken, data: { content: 'Talk to me', privacy: 'public' } });
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, i) => call(endpoints, 'addComment', { token: commenter.accessToken, data: { postId, content: `Comment ${i}` } })),
    );
    expect(count(answers, 200)).toBe(60);
    for (const refused of answers.filter((answer) => answer.status !== 200)) expectBudgetRefusal(refused, ABUSE_MESSAGES.comments, ABUSE_LIMITS.comments);
    expectBudgetRefusal(
      await call(endpoints, 'addComment', { token: commenter.accessToken, data: { postId, content: 'One more' } }),
      ABUSE_MESSAGES.comments,
      ABUSE_LIMITS.comments,
    );
    // Exactly 60 comments stored, and the post's counter says so.
    const comments = await countItems({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :comment)',
      ExpressionAttributeValues: { ':pk': postKeys.post(postId).pk, ':comment': COMMENT_PREFIX },
    });
    expect(comments).toBe(60);
    expect((await call(endpoints, 'getPost', { token: commenter.accessToken, data: { postId } })).body).toMatchObject({ result: { commentCount: 60 } });
    // Posting is another budget.
    expect((await call(endpoints, 'createPost', { token: commenter.accessToken, data: { content: 'Still posting', privacy: 'public' } })).status).toBe(200);
  }, 120_000);

  it('refuses the 61st edit in 30 minutes, posts and comments together; deleting spends none of it', async () => {
    const member = await createMember(endpoints, 'edits-budget');
    await awayFromWindowEnd(ABUSE_LIMITS.edits);
    const { postId } = await ok(endpoints, 'createPost', { token: member.accessToken, data: { content: 'Draft', privacy: 'public' } });
    const { comment } = await ok(endpoints, 'addComment', { token: member.accessToken, data: { postId, content: 'Note' } });
    const postEdits = await inBatches(40, 10, () => call(endpoints, 'editPost', { token: member.accessToken, data: { postId, content: 'Draft again' } }));
    const commentEdits = await inBatches(20, 10, () =>
      call(endpoints, 'editComment', { token: member.accessToken, data: { postId, commentId: comment.commentId, content: 'Note again' } }),
    );
    expect(statuses([...postEdits, ...commentEdits]).every((status) => status === 200)).toBe(true);
    expectBudgetRefusal(
      await call(endpoints, 'editComment', { token: member.accessToken, data: { postId, commentId: comment.commentId, content: 'Once more' } }),
      ABUSE_MESSAGES.edits,
      ABUSE_LIMITS.edits,
    );
    expectBudgetRefusal(
      await call(endpoints, 'editPost', { token: member.accessToken, data: { postId, content: 'Once more' } }),
      ABUSE_MESSAGES.edits,
      ABUSE_LIMITS.edits,
    );
    expect(await ok(endpoints, 'deleteComment', { token: member.accessToken, data: { postId, commentId: comment.commentId } })).toEqual({ commentCount: 0 });
    expect(await ok(endpoints, 'deletePost', { token: member.accessToken, data: { postId } })).toEqual({ postId });
  }, 120_000);

  it('refuses the 31st block or unblock in an hour; a member shutting out a handful of people is never refused', async () => {
    const [member, ...others] = await Promise.all(['blocks-budget', 'blocks-a', 'blocks-b', 'blocks-c'].map((label) => createMember(endpoints, label)));
    await awayFromWindowEnd(ABUSE_LIMITS.blocks);
    const token = member?.accessToken ?? '';
    // Honest use: three people blocked, one of them unblocked again.
    for (const other of others)
      expect(await ok(endpoints, 'blockMember', { token, data: { userId: other.uid } })).toEqual({ userId: other.uid, changed: true });
    await ok(endpoints, 'unblockMember', { token, data: { userId: others[0]?.uid ?? '' } });
    // A loop of block/unblock on one member: 26 more fit in the hour, the next is refused.
    const target = others[0]?.uid ?? '';
    for (let round = 0; round < 26; round++) await ok(endpoints, round % 2 === 0 ? 'blockMember' : 'unblockMember', { token, data: { userId: target } });
    expectBudgetRefusal(await call(endpoints, 'unblockMember', { token, data: { userId: target } }), ABUSE_MESSAGES.blocks, ABUSE_LIMITS.blocks);
    // Muting spends none of it.
    expect(await ok(endpoints, 'muteMember', { token, data: { userId: others[1]?.uid ?? '' } })).toMatchObject({ changed: true });
  }, 120_000);

  it("refuses the 31st report in an hour; reporting a spammer's posts and the spammer in a minute is never refused", async () => {
    const [reporter, first, second] = await Promise.all(['reports-budget', 'reports-spam-a', 'reports-spam-b'].map((label) => createMember(endpoints, label)));
    const post = (author: TestMember | undefined, n: number) =>
      ok(endpoints, 'createPost', { token: author?.accessToken ?? '', data: { content: `Buy now ${n}`, privacy: 'public' } });
    const posts = await Promise.all([...Array.from({ length: 16 }, (_, n) => post(first, n)), ...Array.from({ length: 15 }, (_, n) => post(second, n))]);
    await awayFromWindowEnd(ABUSE_LIMITS.reports);
    const report = (target: { type: 'post' | 'member'; id: string }) =>
      call(endpoints, 'reportContent', { token: reporter?.accessToken ?? '', data: { target, reason: 'spam' } });
    // Honest use first: the spammer's member report among the posts, all accepted.
    const answers = [
      await report({ type: 'member', id: first?.uid ?? '' }),
      ...(await inBatches(29, 10, async () => report({ type: 'post', id: posts.pop()?.postId ?? '' }))),
    ];
    expect(statuses(answers).every((status) => status === 200)).toBe(true);
    expectBudgetRefusal(await report({ type: 'post', id: posts.pop()?.postId ?? '' }), ABUSE_MESSAGES.reports, ABUSE_LIMITS.reports);
  }, 120_000);

  it('refuses the 31st upload in 30 minutes, pictures and photos together', async () => {
    const member = await createMember(endpoints, 'uploads-budget');
    await awayFromWindowEnd(ABUSE_LIMITS.uploads);
    const photos = await Promise.all(
      Array.from({ length: 20 }, () => call(endpoints, 'createPhotoUpload', { token: member.accessToken, data: { contentType: 'image/png' } })),
    );
    const pictures = await Promise.all(
      Array.from({ length: 10 }, () => call(endpoints, 'createProfilePictureUpload', { token: member.accessToken, data: { contentType: 'image/png' } })),
    );
    expect(statuses([...photos, ...pictures]).every((status) => status === 200)).toBe(true);
    expectBudgetRefusal(
      await call(endpoints, 'createProfilePictureUpload', { token: member.accessToken, data: { contentType: 'image/png' } }),
      ABUSE_MESSAGES.uploads,
      ABUSE_LIMITS.uploads,
    );
    expectBudgetRefusal(
      await call(endpoints, 'createPhotoUpload', { token: member.accessToken, data: { contentType: 'image/jpeg' } }),
      ABUSE_MESSAGES.uploads,
      ABUSE_LIMITS.uploads,
    );
    // A malformed upload request is refused for what it is and costs no upload.
    expect((await callRaw(endpoints, 'createPhotoUpload', { token: member.accessToken, data: { contentType: 'text/html' } })).status).toBe(400);
  }, 120_000);
});

describe('abuse limits (per client, without a token)', () => {
  it('lets an anonymous client 300 requests in 5 minutes, however many addresses of its IPv6 /64 it uses, then 429 with Retry-After', async () => {
    await awayFromWindowEnd(ABUSE_LIMITS.requests);
    const address = ipv6Block();
    // A malformed check spends the request budget (it is spent before the body is read) but never
    // reaches the invite-check budget (10 an hour), so the request budget alone answers.
    const check = (ip: string) => callRaw(endpoints, 'validateInviteCode', { data: { inviteCode: 'x' }, headers: proxiedFrom(ip) });
    // Every call from another address of the same /64, 50 at a time.
    const answers = await inBatches(ABUSE_LIMITS.requests.maxHits + 25, 50, () => check(address()));
    expect(count(answers, 400)).toBe(ABUSE_LIMITS.requests.maxHits);
    expect(count(answers, 429)).toBe(25);
    for (const refused of answers.filter((answer) => answer.status === 429)) expectBudgetRefusal(refused, ABUSE_MESSAGES.requests, ABUSE_LIMITS.requests);
    // Refused whatever the body: a well-formed check too.
    expectBudgetRefusal(
      await call(endpoints, 'validateInviteCode', {
        data: { inviteCode: 'ZZZZZZZZ', userLocation: { city: 'Austin', state: 'Texas' } },
        headers: proxiedFrom(address()),
      }),
      ABUSE_MESSAGES.requests,
      ABUSE_LIMITS.requests,
    );

    // The next window is open again (clock injected).
    const event = { requestContext: { http: { sourceIp: address() } } } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
    const window = rateWindowOf(ABUSE_LIMITS.requests, new Date());
    await expect(spendRequestBudget(null, event, new Date(window.end * 1000 - 1000))).rejects.toMatchObject({ status: 'resource-exhausted' });
    await expect(spendRequestBudget(null, event, new Date(window.end * 1000))).resolves.toBeUndefined();

    // Another /64 and an IPv4 client are not held back.
    expect((await check(ipv6Block()())).status).toBe(400);
    expect((await check(clientAddress())).status).toBe(400);
  }, 120_000);
});

describe("the client address locally (X-Forwarded-For is believed only from the web dev server's proxy)", () => {
  it('counts a direct caller as its own address, whatever X-Forwarded-For it forges: no fresh invite checks', { timeout: 90_000 }, async () => {
    await awayFromWindowEnd(INVITE_CHECK_LIMIT);
    const peer = loopbackAddress();
    const check = (inviteCode: string, headers: Record<string, string> = {}) =>
      rawRequest(`${endpoints.apiUrl}/validateInviteCode`, {
        method: 'POST',
        from: peer,
        // Each call claims another client, as a script dodging the per-address budget would.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(), ...headers },
        body: JSON.stringify({ data: { inviteCode, userLocation: { city: 'Austin', state: 'Texas' } } }),
      });
    for (let i = 0; i < INVITE_CHECK_LIMIT.maxHits; i++) expect((await check(`ZZZZZZZ${'ABCDEFGHJK'[i]}`)).status).toBe(404);
    expect((await check('ZZZZZZZM')).status).toBe(429);
    // A guessed proxy secret is no secret.
    expect((await check('ZZZZZZZN', { [PROXY_SECRET_HEADER]: 'guessed' })).status).toBe(429);
    // The web dev server's proxy (its secret) from the same peer: the browser address it names counts.
    expect((await check('ZZZZZZZN', proxiedFrom(clientAddress()))).status).toBe(404);
  });
});
