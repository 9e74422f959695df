import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { COMMENT_MAX_LENGTH, FEED_MESSAGES, FEED_PAGE_SIZE, POST_MAX_LENGTH } from '../../lambdas/contracts/feed.ts';
import { call, callRaw, expectRefusal, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { deleteAnchorEdges, seedAcceptedAnchors } from '../support/local-cloud-anchors.ts';
import { storedPost } from '../support/sample-post.ts';
import { openLive, type TestSocket } from '../support/live-sockets.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const {
  addAuthorPostsToFeed,
  removeAuthorPostsFromFeed,
  feedEntryItem,
  batchWrite,
  hasFeedEntry,
  trimFeed,
  isFeedTrimTurn,
  FEED_MAX_ENTRIES,
  FEED_TRIM_ONE_IN,
  fanOutPost,
} = await import('#data/posts');
const { likePost } = await import('#data/posts');
const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
const { dynamo } = await import('#data/table');
const { queryAll } = await import('#data/table');
const { tableName } = await import('#data/table');
const { putComment } = await import('#data/posts');
const { putPost, postItem } = await import('#data/posts');
const { reactToChange } = await import('../../lambdas/streams/react-to-change.ts');
const { newTimeOrderedId } = await import('../../lambdas/domain/post-ids.ts');

function post(member: TestMember, content: string, privacy: 'anchors' | 'public' = 'anchors', clientRequestId?: string) {
  return ok(endpoints, 'createPost', { token: member.accessToken, data: { content, privacy, clientRequestId } });
}

function feed(member: TestMember, cursor?: string) {
  return ok(endpoints, 'getFeed', { token: member.accessToken, data: cursor ? { cursor } : {} });
}

/** Anchors two members the way an accept does for the feed: both edges, then each other's posts. */
async function anchor(a: TestMember, b: TestMember) {
  await seedAcceptedAnchors(a.uid, b.uid);
  await Promise.all([addAuthorPostsToFeed(a.uid, b.uid), addAuthorPostsToFeed(b.uid, a.uid)]);
}

async function unanchor(a: TestMember, b: TestMember) {
  await deleteAnchorEdges(a.uid, b.uid);
  await Promise.all([removeAuthorPostsFromFeed(a.uid, b.uid), removeAuthorPostsFromFeed(b.uid, a.uid)]);
}

let ada: TestMember;
let ben: TestMember;
let stranger: TestMember;

beforeAll(async () => {
  [ada, ben, stranger] = await Promise.all([
    createMember(endpoints, 'ada', { displayName: 'Ada Author' }),
    createMember(endpoints, 'ben', { displayName: 'Ben Anchor' }),
    createMember(endpoints, 'stranger', { displayName: 'Stray Stranger' }),
  ]);
  await anchor(ada, ben);
});

describe('createPost', () => {
  it('posts trimmed content with the spec fields, the author in the feed', async () => {
    const created = await post(ada, '   Hello, neighbours!  ', 'public');
    expect(created).toMatchObject({
      authorId: ada.uid,
      authorName: 'Ada Author',
      authorPicture: '',
      content: 'Hello, neighbours!',
      privacy: 'public',
      likeCount: 0,
      commentCount: 0,
      isWallPost: false,
      likedByMe: false,
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    const { posts } = await feed(ada);
    expect(posts[0]?.postId).toBe(created.postId);
  });

  it('refuses empty (after trimming) and too long content, and an unknown privacy, with clear messages', async () => {
    expectRefusal(
      await call(endpoints, 'createPost', { token: ada.accessToken, data: { content: '   \n ', privacy: 'public' } }),
      400,
      'INVALID_ARGUMENT',
      `Invalid request: content: ${FEED_MESSAGES.postRequired}`,
    );
    expectRefusal(
      await call(endpoints, 'createPost', { token: ada.accessToken, data: { content: 'x'.repeat(POST_MAX_LENGTH + 1), privacy: 'public' } }),
      400,
      'INVALID_ARGUMENT',
      `Invalid request: content: ${FEED_MESSAGES.postTooLong}`,
    );
    expectRefusal(await callRaw(endpoints, 'createPost', { token: ada.accessToken, data: { content: 'hi', privacy: 'friends' } }), 400, 'INVALID_ARGUMENT');
    expect(await callRaw(endpoints, 'createPost', { token: ada.accessToken, data: { content: 'hi', privacy: 'public', likeCount: 99 } })).toMatchObject({
      status: 400,
    });
    const longest = await post(ada, ` ${'y'.repeat(POST_MAX_LENGTH)} `, 'public');
    expect(longest.content).toHaveLength(POST_MAX_LENGTH);
  });

  it('needs a signed-in member with a record', async () => {
    expect((await call(endpoints, 'createPost', { data: { content: 'hi', privacy: 'public' } })).status).toBe(401);
    const noRecord = await createMember(endpoints, 'norecord', { record: false });
    expectRefusal(
      await call(endpoints, 'createPost', { token: noRecord.accessToken, data: { content: 'hi', privacy: 'public' } }),
      404,
      'NOT_FOUND',
      'User not found',
    );
  });

  it('is idempotent per clientRequestId: retries (even concurrent ones) make one post', async () => {
    const requestId = randomUUID();
    const attempts = await Promise.all([1, 2, 3].map(() => post(ada, 'Posted once, however often I retry', 'anchors', requestId)));
    expect(new Set(attempts.map((attempt) => attempt.postId)).size).toBe(1);
    // Once the fan-out has reached Ben (from the table's stream), his feed holds it once.
    const copies = async () => (await feed(ben)).posts.filter((p) => p.content === 'Posted once, however often I retry').length;
    await expect.poll(copies, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await copies()).toBe(1);
    const other = await post(ada, 'Posted once, however often I retry', 'anchors', randomUUID());
    expect(other.postId).not.toBe(attempts[0]?.postId);
  });
});

describe('getFeed', () => {
  it("shows the member's and their anchors' posts newest first, never a non-anchor's", async () => {
    const first = await post(ben, 'Ben first', 'public');
    const second = await post(ada, 'Ada second', 'anchors');
    const foreign = await post(stranger, 'Stranger public post', 'public');
    for (const reader of [ada, ben]) {
      // An anchor's post reaches the other's feed from the table's stream, moments later.
      await expect
        .poll(async () => (await feed(reader)).posts.map((p) => p.postId), { timeout: 30_000 })
        .toEqual(expect.arrayContaining([first.postId, second.postId]));
      const ids = (await feed(reader)).posts.map((p) => p.postId);
      expect(ids.indexOf(second.postId)).toBeLessThan(ids.indexOf(first.postId));
      expect(ids.indexOf(second.postId)).toBeGreaterThanOrEqual(0);
      expect(ids).not.toContain(foreign.postId);
    }
    const strangerIds = (await feed(stranger)).posts.map((p) => p.postId);
    expect(strangerIds).toContain(foreign.postId);
    expect(strangerIds).not.toContain(second.postId);
  });

  it('pages by 50 with a cursor, newest first, to the end', async () => {
    const [reader, writer] = await Promise.all([createMember(endpoints, 'pager'), createMember(endpoints, 'prolific')]);
    await anchor(reader, writer);
    const made: string[] = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 5; i++) made.push((await post(i % 2 ? writer : reader, `post ${i}`, 'anchors')).postId);
    const newestFirst = [...made].reverse();
    // The writer's posts reach the reader's feed from the table's stream.
    await expect.poll(async () => (await feed(reader)).posts.map((p) => p.postId), { timeout: 30_000 }).toEqual(newestFirst.slice(0, FEED_PAGE_SIZE));
    const page1 = await feed(reader);
    expect(page1.posts.map((p) => p.postId)).toEqual(newestFirst.slice(0, FEED_PAGE_SIZE));
    expect(page1.nextCursor).toBe(newestFirst[FEED_PAGE_SIZE - 1]);
    const page2 = await feed(reader, page1.nextCursor ?? undefined);
    expect(page2.posts.map((p) => p.postId)).toEqual(newestFirst.slice(FEED_PAGE_SIZE));
    expect(page2.nextCursor).toBeNull();
    expectRefusal(
      await call(endpoints, 'getFeed', { token: reader.accessToken, data: { cursor: 'not-a-cursor' } }),
      400,
      'INVALID_ARGUMENT',
      'Invalid request: cursor: Invalid cursor',
    );
  });

  it("drops a removed anchor's posts and brings in a new anchor's recent ones", async () => {
    const [reader, friend] = await Promise.all([createMember(endpoints, 'reader'), createMember(endpoints, 'friend')]);
    const before = await post(friend, 'Written before we anchored', 'anchors');
    expect((await feed(reader)).posts).toHaveLength(0);
    await anchor(reader, friend);
    const after = await post(friend, 'Written after we anchored', 'public');
    const mine = await post(reader, 'My own post', 'public');
    // Catch-up on accept and fan-out of new posts run from the table's stream, moments later.
    const ids = async (member: TestMember) => (await feed(member)).posts.map((p) => p.postId);
    await expect.poll(() => ids(reader), { timeout: 30_000 }).toEqual([mine.postId, after.postId, before.postId]);
    await expect.poll(() => ids(friend), { timeout: 30_000 }).toEqual([mine.postId, after.postId, before.postId]);

    await unanchor(reader, friend);
    await expect.poll(() => ids(reader), { timeout: 30_000 }).toEqual([mine.postId]);
    await expect.poll(() => ids(friend), { timeout: 30_000 }).toEqual([after.postId, before.postId]);
  });

  it('keeps a like made before the fan-out reached the liker on their entry', async () => {
    const early = await post(ada, 'Liked before it reached the feed', 'public');
    await ok(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: early.postId, liked: true } });
    await expect.poll(async () => (await feed(ben)).posts.find((p) => p.postId === early.postId)?.likedByMe, { timeout: 30_000 }).toBe(true);
  });

  it('carries likeCount, commentCount and likedByMe as of the read (the counts live on the post)', async () => {
    const shared = await post(ada, 'Count me', 'anchors');
    // Ben likes it as soon as it is in his feed, as a reader does.
    await expect.poll(async () => (await feed(ben)).posts.some((p) => p.postId === shared.postId), { timeout: 30_000 }).toBe(true);
    await ok(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: shared.postId, liked: true } });
    await ok(endpoints, 'addComment', { token: ben.accessToken, data: { postId: shared.postId, content: 'Counted' } });
    const seenByBen = (await feed(ben)).posts.find((p) => p.postId === shared.postId);
    const seenByAda = (await feed(ada)).posts.find((p) => p.postId === shared.postId);
    expect(seenByBen).toMatchObject({ likeCount: 1, commentCount: 1, likedByMe: true });
    expect(seenByAda).toMatchObject({ likeCount: 1, commentCount: 1, likedByMe: false });
    await ok(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: shared.postId, liked: false } });
    expect((await feed(ben)).posts.find((p) => p.postId === shared.postId)).toMatchObject({ likeCount: 0, commentCount: 1, likedByMe: false });
    expect((await feed(ada)).posts.find((p) => p.postId === shared.postId)).toMatchObject({ likeCount: 0, commentCount: 1 });
  });
});

describe('the fan-out from the table stream', () => {
  it('takes a post deleted before its fan-out ran back out of every feed it was put in (a late stream)', async () => {
    const [author, reader] = await Promise.all([createMember(endpoints, 'late-fanout-author'), createMember(endpoints, 'late-fanout-reader')]);
    await seedAcceptedAnchors(author.uid, reader.uid);
    const gone = storedPost(author.uid, new Date(), 'Deleted (its author removed) before the stream reached it');
    // The stream's record of its creation, delivered after the post item is gone (never written here).
    await reactToChange({ eventName: 'INSERT', sequenceNumber: '1', newImage: postItem(gone) });
    expect(await hasFeedEntry(reader.uid, gone.postId)).toBe(false);
  });

  it('keeps the likes made while it runs: each entry ends with likedByMe as the like item says', async () => {
    const author = await createMember(endpoints, 'fanout-like-race-author');
    const readers = await Promise.all(Array.from({ length: 20 }, (_, i) => createMember(endpoints, `fanout-like-race-${i}`)));
    const shared = storedPost(author.uid, new Date(), 'Liked while it fans out');
    await putPost(shared);
    // Each reader likes as togglePostLike does (the entry changes only if their feed holds the post
    // already), at a moment spread over the fan-out's own run.
    const like = async (reader: TestMember, delayMs: number) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await likePost(shared.postId, reader.uid, { displayName: 'Reader', verified: false }, await hasFeedEntry(reader.uid, shared.postId));
    };
    await Promise.all([
      fanOutPost(
        readers.map((reader) => reader.uid),
        shared,
      ),
      ...readers.map((reader, i) => like(reader, i * 2)),
    ]);
    const likedByMe = await Promise.all(
      readers.map(async (reader) => {
        const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${reader.uid}`, sk: `FEED#${shared.postId}` } }));
        return Item?.likedByMe;
      }),
    );
    expect(likedByMe).toEqual(readers.map(() => true));
  });
});

/** The post ids of every entry in a member's feed, newest first (what a trim leaves). */
async function feedEntryIds(member: TestMember): Promise<string[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :feed)',
    ExpressionAttributeValues: { ':pk': `USER#${member.uid}`, ':feed': 'FEED#' },
    ProjectionExpression: 'postId',
    ScanIndexForward: false,
  });
  return items.map((item) => String(item.postId));
}

/** Waits for the frame the stream pushes once it has handled a change to the member's anchors. */
async function untilAnchorsChanged(socket: TestSocket): Promise<void> {
  for (;;) {
    const frame = (await socket.next(30_000)) as { type?: string };
    if (frame.type === 'anchors.changed') return;
  }
}

/** `count` entries in the member's feed, a minute apart and ending an hour ago, oldest first. */
async function fillFeed(reader: TestMember, author: TestMember, count: number) {
  const start = Date.now() - 60 * 60 * 1000 - count * 60_000;
  const posts = Array.from({ length: count }, (_, i) => storedPost(author.uid, new Date(start + i * 60_000), `Filler ${i}`));
  await batchWrite(posts.map((post) => ({ PutRequest: { Item: feedEntryItem(reader.uid, post) } })));
  return posts.map((post) => post.postId);
}

describe('a feed is trimmed to its newest entries', () => {
  it(`keeps the newest ${FEED_MAX_ENTRIES} and deletes the older ones`, async () => {
    const [author, reader] = await Promise.all([createMember(endpoints, 'trim-author'), createMember(endpoints, 'trim-reader')]);
    const ids = await fillFeed(reader, author, FEED_MAX_ENTRIES + 30);
    expect(await trimFeed(reader.uid)).toBe(30);
    const left = await feedEntryIds(reader);
    expect(left).toHaveLength(FEED_MAX_ENTRIES);
    expect(left).toEqual(ids.slice(30).reverse());
    // A feed within the bound is left alone.
    expect(await trimFeed(reader.uid)).toBe(0);
  });

  it('a fan-out from the stream trims the feeds whose turn the post is, and only those', async () => {
    const [author, due, notDue] = await Promise.all([
      createMember(endpoints, 'trim-fanout-author'),
      createMember(endpoints, 'trim-fanout-due'),
      createMember(endpoints, 'trim-fanout-not-due'),
    ]);
    // The new anchors' catch-up trims too (it always does when it adds entries): the feeds are filled
    // only once the stream has handled both edges, which each reader's page hears as anchors.changed.
    const sockets = await Promise.all([openLive(endpoints, due.accessToken), openLive(endpoints, notDue.accessToken)]);
    await Promise.all([seedAcceptedAnchors(author.uid, due.uid), seedAcceptedAnchors(author.uid, notDue.uid)]);
    await Promise.all(sockets.map((socket) => untilAnchorsChanged(socket)));
    await Promise.all(sockets.map((socket) => socket.close()));
    await Promise.all([fillFeed(due, author, FEED_MAX_ENTRIES + 5), fillFeed(notDue, author, FEED_MAX_ENTRIES + 5)]);
    // A post whose id makes it the one reader's turn and not the other's (a search over fresh ids).
    let post = storedPost(author.uid, new Date(), 'The post whose fan-out trims');
    while (!isFeedTrimTurn(due.uid, post.postId) || isFeedTrimTurn(notDue.uid, post.postId)) post = storedPost(author.uid, new Date(), post.content);
    await putPost(post);
    await expect.poll(() => hasFeedEntry(notDue.uid, post.postId), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await feedEntryIds(due)).length, { timeout: 30_000 }).toBe(FEED_MAX_ENTRIES);
    expect((await feedEntryIds(due))[0]).toBe(post.postId);
    expect(await feedEntryIds(notDue)).toHaveLength(FEED_MAX_ENTRIES + 6);
  });

  it(`comes for each feed about once in ${FEED_TRIM_ONE_IN} entries, the same for a redelivered fan-out`, () => {
    const pairs = Array.from({ length: 20_000 }, () => [randomUUID(), newTimeOrderedId(new Date())] as const);
    const turns = pairs.filter(([uid, postId]) => isFeedTrimTurn(uid, postId)).length / pairs.length;
    expect(turns).toBeGreaterThan(0.8 / FEED_TRIM_ONE_IN);
    expect(turns).toBeLessThan(1.2 / FEED_TRIM_ONE_IN);
    for (const [uid, postId] of pairs.slice(0, 100)) expect(isFeedTrimTurn(uid, postId)).toBe(isFeedTrimTurn(uid, postId));
  });
});

describe('feed entries expire', () => {
  it('90 days after their post: an expired entry is never read, though DynamoDB Local never deletes it', async () => {
    const reader = await createMember(endpoints, 'ttl-reader');
    const old = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000);
    const recent = new Date(Date.now() - 89 * 24 * 60 * 60 * 1000);
    const stored = (at: Date, content: string) => storedPost(reader.uid, at, content);
    const [expired, kept] = [stored(old, 'Ninety-one days old'), stored(recent, 'Eighty-nine days old')];
    for (const post of [expired, kept]) await putPost(post);
    // Synthetic entries as the fan-out writes them: expiresAt = the post's time + 90 days.
    await batchWrite([expired, kept].map((post) => ({ PutRequest: { Item: feedEntryItem(reader.uid, post) } })));
    const ids = (await feed(reader)).posts.map((p) => p.postId);
    expect(ids).toContain(kept.postId);
    expect(ids).not.toContain(expired.postId);
  });
});

describe('a feed page on the wire', () => {
  it('is gzipped for a client that accepts it (the function compresses: HTTP APIs do not), the same JSON inside', async () => {
    const reader = await createMember(endpoints, 'gzip-reader');
    for (let i = 0; i < 12; i++) await post(reader, `A post long enough to be worth compressing, number ${i}, `.repeat(4), 'anchors');
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const outgoing = request(`${endpoints.apiUrl}/getFeed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.accessToken}`, 'accept-encoding': 'gzip' },
      });
      outgoing.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ headers: incoming.headers, body: Buffer.concat(chunks) }));
      });
      outgoing.on('error', reject);
      outgoing.end(JSON.stringify({ data: {} }));
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    const page = JSON.parse(gunzipSync(raw.body).toString('utf8')) as { result: { posts: unknown[] } };
    expect(page.result.posts).toHaveLength(12);
    // Without Accept-Encoding the same page comes as plain JSON.
    const plain = await callRaw(endpoints, 'getFeed', { token: reader.accessToken, data: {}, headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(raw.body.length * 3).toBeLessThan(JSON.stringify(plain.body).length);
  });
});

describe('likes', () => {
  it('toggles: a double like counts once, a double unlike never goes below zero; likers listed', async () => {
    const target = await post(ada, 'Like me', 'public');
    expect(await ok(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: target.postId, liked: true } })).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect(await ok(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: target.postId, liked: true } })).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect(await ok(endpoints, 'togglePostLike', { token: stranger.accessToken, data: { postId: target.postId, liked: true } })).toEqual({
      liked: true,
      likeCount: 2,
    });
    const { likers } = await ok(endpoints, 'getPostLikers', { token: ada.accessToken, data: { postId: target.postId } });
    expect(likers.map((l) => l.displayName).sort()).toEqual(['Ben Anchor', 'Stray Stranger']);
    expect(await ok(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: target.postId, liked: false } })).toEqual({
      liked: false,
      likeCount: 1,
    });
    expect(await ok(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: target.postId, liked: false } })).toEqual({
      liked: false,
      likeCount: 1,
    });
    expect(await ok(endpoints, 'getPost', { token: ben.accessToken, data: { postId: target.postId } })).toMatchObject({ likeCount: 1, likedByMe: false });
    expect(await ok(endpoints, 'getPost', { token: stranger.accessToken, data: { postId: target.postId } })).toMatchObject({ likeCount: 1, likedByMe: true });
  });

  it('answers not-found for a post that does not exist', async () => {
    const missing = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    expectRefusal(
      await call(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: missing, liked: true } }),
      404,
      'NOT_FOUND',
      FEED_MESSAGES.postNotFound,
    );
    expect(await call(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: 'nope', liked: true } })).toMatchObject({ status: 400 });
  });
});

describe('comments', () => {
  it('adds trimmed comments, counts them on the post, lists newest first by pages', async () => {
    const target = await post(ada, 'Comment on me', 'anchors');
    const first = await ok(endpoints, 'addComment', { token: ben.accessToken, data: { postId: target.postId, content: '  First!  ' } });
    expect(first).toMatchObject({ commentCount: 1, comment: { postId: target.postId, authorId: ben.uid, authorName: 'Ben Anchor', content: 'First!' } });
    const second = await ok(endpoints, 'addComment', { token: ada.accessToken, data: { postId: target.postId, content: 'Thanks' } });
    expect(second.commentCount).toBe(2);
    const { comments, nextCursor } = await ok(endpoints, 'listComments', { token: ada.accessToken, data: { postId: target.postId } });
    expect(comments.map((c) => c.content)).toEqual(['Thanks', 'First!']);
    expect(nextCursor).toBeNull();
    expect(await ok(endpoints, 'getPost', { token: ada.accessToken, data: { postId: target.postId } })).toMatchObject({ commentCount: 2 });
  });

  it('pages comments by 50, newest first, with a cursor', async () => {
    const target = await post(ada, 'Many comments', 'public');
    const made: string[] = [];
    for (let i = 0; i < 52; i++) {
      const comment = {
        commentId: newTimeOrderedId(),
        postId: target.postId,
        authorId: ben.uid,
        authorName: 'Ben Anchor',
        authorPictureKey: '',
        authorVerified: false,
        content: `c${i}`,
        createdAt: new Date().toISOString(),
      };
      expect(await putComment(comment)).toMatchObject({ created: true });
      made.push(comment.commentId);
    }
    const page1 = await ok(endpoints, 'listComments', { token: stranger.accessToken, data: { postId: target.postId } });
    expect(page1.comments.map((c) => c.commentId)).toEqual([...made].reverse().slice(0, 50));
    const page2 = await ok(endpoints, 'listComments', { token: stranger.accessToken, data: { postId: target.postId, cursor: page1.nextCursor ?? undefined } });
    expect(page2.comments.map((c) => c.content)).toEqual(['c1', 'c0']);
    expect(page2.nextCursor).toBeNull();
    expect(await ok(endpoints, 'getPost', { token: stranger.accessToken, data: { postId: target.postId } })).toMatchObject({ commentCount: 52 });
  });

  it('refuses empty and too long comments with clear messages', async () => {
    const target = await post(ada, 'Strict comments', 'public');
    expectRefusal(
      await call(endpoints, 'addComment', { token: ben.accessToken, data: { postId: target.postId, content: '  ' } }),
      400,
      'INVALID_ARGUMENT',
      `Invalid request: content: ${FEED_MESSAGES.commentRequired}`,
    );
    expectRefusal(
      await call(endpoints, 'addComment', { token: ben.accessToken, data: { postId: target.postId, content: 'c'.repeat(COMMENT_MAX_LENGTH + 1) } }),
      400,
      'INVALID_ARGUMENT',
      `Invalid request: content: ${FEED_MESSAGES.commentTooLong}`,
    );
    const longest = await ok(endpoints, 'addComment', { token: ben.accessToken, data: { postId: target.postId, content: 'c'.repeat(COMMENT_MAX_LENGTH) } });
    expect(longest.comment.content).toHaveLength(COMMENT_MAX_LENGTH);
  });
});

describe('anchors-only posts', () => {
  it('a non-anchor guessing the id cannot read, like, comment on or list them, and learns nothing', async () => {
    const secret = await post(ada, 'For my anchors only', 'anchors');
    const missing = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    for (const [name, data] of [
      ['getPost', { postId: secret.postId }],
      ['togglePostLike', { postId: secret.postId, liked: true }],
      ['addComment', { postId: secret.postId, content: 'let me in' }],
      ['listComments', { postId: secret.postId }],
      ['getPostLikers', { postId: secret.postId }],
    ] as const) {
      const refused = await call(endpoints, name, { token: stranger.accessToken, data });
      const { message } = expectRefusal(refused, 404, 'NOT_FOUND', FEED_MESSAGES.postNotFound);
      expect(JSON.stringify(refused.body)).not.toContain('For my anchors only');
      // Exactly what a post that does not exist answers.
      expectRefusal(await call(endpoints, name, { token: stranger.accessToken, data: { ...data, postId: missing } }), refused.status, 'NOT_FOUND', message);
    }
    const unchanged = await ok(endpoints, 'getPost', { token: ada.accessToken, data: { postId: secret.postId } });
    expect(unchanged).toMatchObject({ likeCount: 0, commentCount: 0 });
  });

  it('the author and their anchors can read, like and comment; public posts are open to any member', async () => {
    const secret = await post(ada, 'Anchors may join in', 'anchors');
    expect(await ok(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: secret.postId, liked: true } })).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect(await ok(endpoints, 'addComment', { token: ben.accessToken, data: { postId: secret.postId, content: 'Joined in' } })).toMatchObject({
      commentCount: 1,
    });
    expect(await ok(endpoints, 'togglePostLike', { token: ada.accessToken, data: { postId: secret.postId, liked: true } })).toEqual({
      liked: true,
      likeCount: 2,
    });
    const open = await post(ada, 'Anyone may join in', 'public');
    expect(await ok(endpoints, 'getPost', { token: stranger.accessToken, data: { postId: open.postId } })).toMatchObject({ content: 'Anyone may join in' });
    expect(await ok(endpoints, 'togglePostLike', { token: stranger.accessToken, data: { postId: open.postId, liked: true } })).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect(await ok(endpoints, 'addComment', { token: stranger.accessToken, data: { postId: open.postId, content: 'Hello' } })).toMatchObject({
      commentCount: 1,
    });
  });

  it('an anchor removed stops seeing them', async () => {
    const [author, former] = await Promise.all([createMember(endpoints, 'author'), createMember(endpoints, 'former')]);
    const earlier = await post(author, 'Liked before we anchored', 'public');
    expect(await ok(endpoints, 'togglePostLike', { token: former.accessToken, data: { postId: earlier.postId, liked: true } })).toEqual({
      liked: true,
      likeCount: 1,
    });
    await anchor(author, former);
    // A new anchor's copied posts carry their like and the current counts.
    expect((await feed(former)).posts.find((p) => p.postId === earlier.postId)).toMatchObject({ likedByMe: true, likeCount: 1 });
    const secret = await post(author, 'Only while anchored', 'anchors');
    expect(await ok(endpoints, 'getPost', { token: former.accessToken, data: { postId: secret.postId } })).toMatchObject({ content: 'Only while anchored' });
    await unanchor(author, former);
    expect(await call(endpoints, 'getPost', { token: former.accessToken, data: { postId: secret.postId } })).toMatchObject({ status: 404 });
    expect(await call(endpoints, 'addComment', { token: former.accessToken, data: { postId: secret.postId, content: 'still here?' } })).toMatchObject({
      status: 404,
    });
  });
});
