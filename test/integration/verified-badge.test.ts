import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '../support/callable-client.ts';
import { nextFrameOf, useLiveSockets } from '../support/live-sockets.ts';
import { useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { streamCaughtUp } from '../support/stream-barrier.ts';
import { vouchingClient } from '../support/vouching.ts';

/**
 * The "Verified in person" badge everywhere a member is shown: member summaries read it from the
 * record (verifiedInPerson), posts and comments carry a copy the table stream keeps (authorVerified,
 * as it keeps the author's name), the member's own open pages are told (me.changed), and the
 * community metrics count the members verified in person. Verification here is an admin's
 * verifyMember and revokeVerification, the way a new community verifies its first vouchers.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const openPage = useLiveSockets(endpoints);
const { readCounters } = await import('#data/metrics');
const { counterNames } = await import('#domain/metrics-counters');
const { postItem } = await import('#data/posts');
const { dynamo, tableName } = await import('#data/table');
const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
const { storedPost } = await import('../support/sample-post.ts');
const { admin, member } = vouchingClient(endpoints, founder);

let author: TestMember;
let anchor: TestMember;
let stranger: TestMember;
let postId: string;
let otherPostId: string;
/** A post of the author's stored before posts carried the badge: no authorVerified at all. */
let olderPostId: string;

async function anchorTogether(a: TestMember, b: TestMember): Promise<void> {
  await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
  await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
}

/**
 * The author's badge wherever the anchor and the stranger see their post, comment and like: feed,
 * getPost, the wall, the thread, "Liked by", and the post stored before the badge was kept.
 */
async function badgesOnContent(): Promise<boolean[]> {
  const [feed, onePost, wall, thread, likers, older] = await Promise.all([
    ok(endpoints, 'getFeed', { token: anchor.accessToken, data: {} }),
    ok(endpoints, 'getPost', { token: stranger.accessToken, data: { postId } }),
    ok(endpoints, 'listMemberPosts', { token: stranger.accessToken, data: { userId: author.uid } }),
    ok(endpoints, 'listComments', { token: stranger.accessToken, data: { postId } }),
    ok(endpoints, 'getPostLikers', { token: stranger.accessToken, data: { postId: otherPostId } }),
    ok(endpoints, 'getPost', { token: anchor.accessToken, data: { postId: olderPostId } }),
  ]);
  const inFeed = feed.posts.find((seen) => seen.postId === postId);
  const inWall = wall.posts.find((seen) => seen.postId === postId);
  const liker = likers.likers.find((one) => one.uid === author.uid);
  return [
    inFeed?.authorVerified,
    onePost.authorVerified,
    inWall?.authorVerified,
    thread.comments[0]?.authorVerified,
    liker?.verifiedInPerson,
    older.authorVerified,
  ].map((badge) => badge === true);
}

/** The author's badge in every member summary that names them: profile (anchor and stranger), anchors list, search. */
async function badgesOnSummaries(): Promise<boolean[]> {
  const [byAnchor, byStranger, anchors, search] = await Promise.all([
    ok(endpoints, 'getUserProfile', { token: anchor.accessToken, data: { userId: author.uid } }),
    ok(endpoints, 'getUserProfile', { token: stranger.accessToken, data: { userId: author.uid } }),
    ok(endpoints, 'listAnchors', { token: anchor.accessToken, data: {} }),
    ok(endpoints, 'searchUsers', { token: stranger.accessToken, data: { query: 'Badge Author' } }),
  ]);
  const listed = anchors.anchors.find((one) => one.uid === author.uid);
  const found = search.users.find((one) => one.uid === author.uid);
  return [byAnchor.verifiedInPerson, byStranger.verifiedInPerson, listed?.verifiedInPerson, found?.verifiedInPerson].map((badge) => badge === true);
}

async function verifiedCounter(): Promise<number> {
  const { counters } = await readCounters({ consistent: true });
  return counters.get(counterNames.verifiedInPerson) ?? 0;
}

beforeAll(async () => {
  [author, anchor, stranger] = await Promise.all([
    // A member the metrics count (a verified email, as createUserRecord writes it).
    member('badge-author', { displayName: 'Badge Author', extra: { isVerified: true } }),
    member('badge-anchor', { displayName: 'Badge Anchor' }),
    member('badge-stranger', { displayName: 'Badge Stranger' }),
  ]);
  await anchorTogether(author, anchor);
  const { authorVerified: _notKeptYet, ...older } = postItem(storedPost(author.uid, new Date(), 'Written before the badge was kept'));
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: older }));
  olderPostId = String(older.postId);
  ({ postId } = await ok(endpoints, 'createPost', { token: author.accessToken, data: { content: 'Before I was verified', privacy: 'public' } }));
  await ok(endpoints, 'addComment', { token: author.accessToken, data: { postId, content: 'A comment before too' } });
  ({ postId: otherPostId } = await ok(endpoints, 'createPost', {
    token: anchor.accessToken,
    data: { content: 'Not verified, and staying so', privacy: 'public' },
  }));
  await ok(endpoints, 'togglePostLike', { token: author.accessToken, data: { postId: otherPostId, liked: true } });
  // Earlier files' stream changes (their members verified) must not move the counter under this file.
  await streamCaughtUp(endpoints);
});

describe('the badge follows the member', () => {
  it('reads false everywhere while the member is pending', async () => {
    expect(await badgesOnSummaries()).toEqual([false, false, false, false]);
    await expect.poll(badgesOnContent, { timeout: 20_000 }).toEqual([false, false, false, false, false, false]);
  });

  it('once an admin verifies them: true on every summary at once, on their earlier post, comment and like from the stream, and their own open page is told', async () => {
    const counted = await verifiedCounter();
    const page = await openPage(author.accessToken);
    const othersPage = await openPage(anchor.accessToken);
    await ok(endpoints, 'verifyMember', { token: await admin(), data: { userId: author.uid, reason: 'Met them at the founding meeting' } });

    await nextFrameOf(page, 'me.changed', 20_000);
    expect(await ok(endpoints, 'getMe', { token: author.accessToken })).toMatchObject({ verificationLevel: 'verified', verifiedVia: 'admin' });
    expect(await badgesOnSummaries()).toEqual([true, true, true, true]);
    await expect.poll(badgesOnContent, { timeout: 20_000 }).toEqual([true, true, true, true, true, true]);
    await expect.poll(verifiedCounter, { timeout: 20_000 }).toBe(counted + 1);

    // A new post and comment carry it from the record at once.
    const fresh = await ok(endpoints, 'createPost', { token: author.accessToken, data: { content: 'Now verified', privacy: 'public' } });
    expect(fresh.authorVerified).toBe(true);
    const { comment } = await ok(endpoints, 'addComment', { token: author.accessToken, data: { postId: otherPostId, content: 'Verified comment' } });
    expect(comment.authorVerified).toBe(true);

    // Nobody else's content or page changes: the anchor's own post stays unbadged, and their page gets no me.changed.
    expect((await ok(endpoints, 'getPost', { token: stranger.accessToken, data: { postId: otherPostId } })).authorVerified).toBe(false);
    expect(othersPage.received.some((frame) => (frame as { type?: string }).type === 'me.changed')).toBe(false);
  }, 90_000);

  it('once revoked: false again everywhere, the count falls back, and their own page is told again', async () => {
    const counted = await verifiedCounter();
    const page = await openPage(author.accessToken);
    await ok(endpoints, 'revokeVerification', { token: await admin(), data: { userId: author.uid, reason: 'Verified the wrong account' } });

    await nextFrameOf(page, 'me.changed', 20_000);
    expect(await badgesOnSummaries()).toEqual([false, false, false, false]);
    await expect.poll(badgesOnContent, { timeout: 20_000 }).toEqual([false, false, false, false, false, false]);
    await expect.poll(verifiedCounter, { timeout: 20_000 }).toBe(counted - 1);
  }, 90_000);

  it("the day's metrics carry the count the counters hold, beside Total Users", async () => {
    const record = await ok(endpoints, 'calculateMetricsManually', { token: await admin() });
    expect(record.verifiedInPerson).toBe(await verifiedCounter());
    expect(record.verifiedInPerson).toBeLessThanOrEqual(record.totalUsers);
    // Other files store records of later dates: today's is found by its date.
    const { records } = await ok(endpoints, 'getCommunityMetrics', { token: stranger.accessToken, data: { range: 'month' } });
    expect(records.find((one) => one.date === record.date)?.verifiedInPerson).toBe(record.verifiedInPerson);
  });
});
