import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { ANCHOR_MESSAGES } from '../../lambdas/contracts/anchors.ts';
import { FEED_MESSAGES } from '../../lambdas/contracts/feed.ts';
import { MAX_BLOCKED, MAX_MUTED, MODERATION_MESSAGES } from '../../lambdas/contracts/moderation.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

/**
 * Block and mute, through the real handlers on DynamoDB Local with the table's
 * stream consumer running. A block ends any anchor or request between the two in one transaction
 * (counters in the same write) and hides each from the other everywhere; a mute quiets one member's
 * posts and comments for the muter only.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { dynamo, tableName } = await import('#data/table');
const { keys } = await import('#data/table');
const { queryAll } = await import('#data/table');
const { friendshipIdOf } = await import('../../lambdas/domain/friendship.ts');

/** Display names that start with a word of their own, so a search finds exactly these members. */
const uniqueWord = () => `Zq${randomBytes(4).toString('hex')}`;

function member(label: string, displayName = `${uniqueWord()} ${label}`) {
  return createMember(endpoints, `bm-${label}`, { displayName, location: { city: 'Austin', state: 'Texas' } });
}

async function anchor(a: TestMember, b: TestMember): Promise<void> {
  await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
  await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
}

const block = (by: TestMember, other: TestMember) => ok(endpoints, 'blockMember', { token: by.accessToken, data: { userId: other.uid } });
const unblock = (by: TestMember, other: TestMember) => ok(endpoints, 'unblockMember', { token: by.accessToken, data: { userId: other.uid } });
const mute = (by: TestMember, other: TestMember) => ok(endpoints, 'muteMember', { token: by.accessToken, data: { userId: other.uid } });
const unmute = (by: TestMember, other: TestMember) => ok(endpoints, 'unmuteMember', { token: by.accessToken, data: { userId: other.uid } });

function post(author: TestMember, content: string, privacy: 'anchors' | 'public' = 'anchors') {
  return ok(endpoints, 'createPost', { token: author.accessToken, data: { content, privacy } });
}

async function storedItem(key: { pk: string; sk: string }) {
  return (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

/** A string set as stored ([] when absent). */
const setOf = (value: unknown) => (value instanceof Set ? [...(value as Set<string>)].sort() : []);

async function listsOf(uid: string) {
  const record = await storedItem(keys.user(uid));
  return {
    blocked: setOf(record?.blockedIds),
    blockedBy: setOf(record?.blockedByIds),
    muted: setOf(record?.mutedIds),
    anchorCount: Number(record?.anchorCount ?? 0),
  };
}

/** The pair's record and both edges as stored: their statuses and who blocks. */
async function pairState(a: TestMember, b: TestMember) {
  const [pair, edgeAB, edgeBA] = await Promise.all([
    storedItem(keys.friendship(friendshipIdOf(a.uid, b.uid))),
    storedItem(keys.anchorEdge(a.uid, b.uid)),
    storedItem(keys.anchorEdge(b.uid, a.uid)),
  ]);
  return { status: pair?.status ?? null, blockedBy: setOf(pair?.blockedBy), edges: [edgeAB?.status ?? null, edgeBA?.status ?? null] };
}

async function feedEntryIds(owner: TestMember): Promise<string[]> {
  const entries = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${owner.uid}`, ':prefix': 'FEED#' },
  });
  return entries.map((entry) => String(entry.postId));
}

async function feedPostIds(reader: TestMember): Promise<string[]> {
  return (await ok(endpoints, 'getFeed', { token: reader.accessToken, data: {} })).posts.map((p) => p.postId);
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A profile picture uploaded and confirmed as the web client does it; its served URL. */
async function uploadProfilePicture(who: TestMember): Promise<string> {
  const grant = await ok(endpoints, 'createProfilePictureUpload', { token: who.accessToken, data: { contentType: 'image/png' } });
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'picture');
  expect((await fetch(grant.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return (await ok(endpoints, 'confirmProfilePicture', { token: who.accessToken, data: {} })).profilePicture;
}

async function status(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

async function searchUids(searcher: TestMember, query: string): Promise<string[]> {
  return (await ok(endpoints, 'searchUsers', { token: searcher.accessToken, data: { query } })).users.map((user) => user.uid);
}

describe('blockMember', () => {
  it(
    "ends an accepted anchor in one write (both counts drop) and each member's posts leave the other's feed once the stream catches up",
    { timeout: 60_000 },
    async () => {
      const [ann, bob] = await Promise.all([member('ann'), member('bob')]);
      await anchor(ann, bob);
      const [byAnn, byBob] = await Promise.all([post(ann, 'Ann before the block'), post(bob, 'Bob before the block')]);
      await expect
        .poll(async () => (await feedEntryIds(bob)).includes(byAnn.postId) && (await feedEntryIds(ann)).includes(byBob.postId), { timeout: 20_000 })
        .toBe(true);

      expect(await block(ann, bob)).toEqual({ userId: bob.uid, changed: true });
      expect(await pairState(ann, bob)).toEqual({ status: 'blocked', blockedBy: [ann.uid], edges: ['blocked', 'blocked'] });
      expect(await listsOf(ann.uid)).toMatchObject({ blocked: [bob.uid], blockedBy: [], anchorCount: 0 });
      expect(await listsOf(bob.uid)).toMatchObject({ blocked: [], blockedBy: [ann.uid], anchorCount: 0 });
      for (const [viewer, other] of [
        [ann, bob],
        [bob, ann],
      ] as const) {
        const anchors = await ok(endpoints, 'listAnchors', { token: viewer.accessToken });
        expect(anchors).toMatchObject({ anchors: [], count: 0 });
        expect(await ok(endpoints, 'listAnchorRequests', { token: viewer.accessToken })).toEqual({ received: [], sent: [] });
        // The read filter covers the stream's lag: at once, not a post of the other in the feed.
        const otherPost = other === ann ? byAnn.postId : byBob.postId;
        expect(await feedPostIds(viewer)).not.toContain(otherPost);
      }
      // Then the stream takes the entries out for good.
      await expect.poll(async () => await feedEntryIds(bob), { timeout: 20_000 }).not.toContain(byAnn.postId);
      await expect.poll(async () => await feedEntryIds(ann), { timeout: 20_000 }).not.toContain(byBob.postId);
      expect(await feedEntryIds(ann)).toContain(byAnn.postId);

      expect(await storedItem(keys.block(ann.uid, bob.uid))).toMatchObject({ otherUid: bob.uid });
      expect((await ok(endpoints, 'listBlocked', { token: ann.accessToken })).members).toEqual([
        expect.objectContaining({ uid: bob.uid, displayName: expect.any(String), since: expect.any(String) }),
      ]);
      // The blocked member's own list is theirs: who blocked them is not listed.
      expect((await ok(endpoints, 'listBlocked', { token: bob.accessToken })).members).toEqual([]);
      // A double click: success, nothing changes.
      expect(await block(ann, bob)).toEqual({ userId: bob.uid, changed: false });
      expect(await listsOf(ann.uid)).toMatchObject({ blocked: [bob.uid], anchorCount: 0 });
    },
  );

  it("moves each blocker's pictures to new keys once the stream catches up, so the blocked member's saved URLs stop working", { timeout: 60_000 }, async () => {
    const [ann, bob, cat] = await Promise.all([member('pic-ann'), member('pic-bob'), member('pic-cat')]);
    const [annPicture, bobPicture] = await Promise.all([uploadProfilePicture(ann), uploadProfilePicture(bob)]);
    expect([await status(annPicture), await status(bobPicture)]).toEqual([200, 200]);
    await block(ann, bob);
    await expect.poll(() => status(annPicture), { timeout: 20_000 }).toBe(404);
    const moved = (await ok(endpoints, 'getMe', { token: ann.accessToken, data: {} })).profilePicture;
    expect(moved).not.toBe(annPicture);
    expect(await status(moved)).toBe(200);
    // The blocked member's own pictures stay where they are (only a blocker's move), until they block too.
    expect(await status(bobPicture)).toBe(200);
    await block(bob, ann);
    await expect.poll(() => status(bobPicture), { timeout: 20_000 }).toBe(404);
    // Others see the blocker's picture at its new URL.
    const seenByCat = await ok(endpoints, 'getUserProfile', { token: cat.accessToken, data: { userId: ann.uid } });
    expect(seenByCat.profilePicture).toBe(moved);
  });

  it('removes a pending request, whoever sent it', async () => {
    const [ann, bob] = await Promise.all([member('req-ann'), member('req-bob')]);
    await ok(endpoints, 'sendAnchorRequest', { token: ann.accessToken, data: { userId: bob.uid } });
    expect(await block(bob, ann)).toEqual({ userId: ann.uid, changed: true });
    expect(await pairState(ann, bob)).toEqual({ status: 'blocked', blockedBy: [bob.uid], edges: ['blocked', 'blocked'] });
    for (const viewer of [ann, bob]) expect(await ok(endpoints, 'listAnchorRequests', { token: viewer.accessToken })).toEqual({ received: [], sent: [] });
    expectRefusal(
      await call(endpoints, 'acceptAnchorRequest', { token: bob.accessToken, data: { userId: ann.uid } }),
      404,
      'NOT_FOUND',
      ANCHOR_MESSAGES.requestNotFound,
    );
  });

  it("refuses requests both ways ('Cannot send anchor request'), answers profiles 'User not found' both ways and hides each from the other's search", async () => {
    const word = uniqueWord();
    const [ann, bob, cat] = await Promise.all([member('rq-ann', `${word} Ann`), member('rq-bob', `${word} Bob`), member('rq-cat', `${word} Cat`)]);
    expect((await searchUids(ann, word)).sort()).toEqual([bob.uid, cat.uid].sort());
    await block(ann, bob);
    for (const [from, to] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      expectRefusal(
        await call(endpoints, 'sendAnchorRequest', { token: from.accessToken, data: { userId: to.uid } }),
        403,
        'PERMISSION_DENIED',
        ANCHOR_MESSAGES.blocked,
      );
      expectRefusal(
        await call(endpoints, 'getUserProfile', { token: from.accessToken, data: { userId: to.uid } }),
        404,
        'NOT_FOUND',
        MODERATION_MESSAGES.userNotFound,
      );
      expect(await searchUids(from, word)).toEqual([cat.uid]);
    }
    // A third member sees both as before.
    expect((await searchUids(cat, word)).sort()).toEqual([ann.uid, bob.uid].sort());
    await ok(endpoints, 'getUserProfile', { token: cat.accessToken, data: { userId: ann.uid } });
    await ok(endpoints, 'getUserProfile', { token: cat.accessToken, data: { userId: bob.uid } });
  });

  it('still fills a page of search results when blocked members are among the first matches', async () => {
    const word = uniqueWord();
    // Names sort by their letter: the blocked ones come first in the index.
    const names = 'abcdefghijkl'.split('').map((letter) => `${word} ${letter}`);
    const [searcher, ...found] = await Promise.all([member('fill-me', `${word}`), ...names.map((name, index) => member(`fill-${index}`, name))]);
    const [first, second] = found as [TestMember, TestMember];
    await block(searcher, first);
    await block(second, searcher);
    const uids = await searchUids(searcher, `${word} `);
    expect(uids).toHaveLength(10);
    expect(uids).not.toContain(first.uid);
    expect(uids).not.toContain(second.uid);
  });

  it("hides each member's posts from the other, public ones too: getPost, likes, comments, likers and comments all 'Post not found'", async () => {
    const [ann, bob] = await Promise.all([member('post-ann'), member('post-bob')]);
    const [byAnn, byBob] = await Promise.all([post(ann, 'Public words of Ann', 'public'), post(bob, 'Public words of Bob', 'public')]);
    await ok(endpoints, 'getPost', { token: bob.accessToken, data: { postId: byAnn.postId } });
    await block(ann, bob);
    for (const [viewer, postId] of [
      [bob, byAnn.postId],
      [ann, byBob.postId],
    ] as const) {
      const token = viewer.accessToken;
      const notFound = [
        await call(endpoints, 'getPost', { token, data: { postId } }),
        await call(endpoints, 'togglePostLike', { token, data: { postId, liked: true } }),
        await call(endpoints, 'addComment', { token, data: { postId, content: 'Still here?' } }),
        await call(endpoints, 'getPostLikers', { token, data: { postId } }),
        await call(endpoints, 'listComments', { token, data: { postId } }),
      ];
      for (const answer of notFound) expectRefusal(answer, 404, 'NOT_FOUND', FEED_MESSAGES.postNotFound);
    }
    // Their own posts are theirs as ever.
    await ok(endpoints, 'getPost', { token: ann.accessToken, data: { postId: byAnn.postId } });
    await ok(endpoints, 'getPost', { token: bob.accessToken, data: { postId: byBob.postId } });
  });

  it("leaves each member's comments and like out of the other's view of a third member's post, while the counts stay the totals", async () => {
    const [ann, bob, cat] = await Promise.all([member('thr-ann'), member('thr-bob'), member('thr-cat')]);
    const { postId } = await post(cat, 'A thread for everyone', 'public');
    for (const [who, words] of [
      [ann, 'Ann says hi'],
      [bob, 'Bob says hi'],
    ] as const) {
      await ok(endpoints, 'togglePostLike', { token: who.accessToken, data: { postId, liked: true } });
      await ok(endpoints, 'addComment', { token: who.accessToken, data: { postId, content: words } });
    }
    await block(bob, ann);
    const seenBy = async (viewer: TestMember) => {
      const [comments, likers, shown] = await Promise.all([
        ok(endpoints, 'listComments', { token: viewer.accessToken, data: { postId } }),
        ok(endpoints, 'getPostLikers', { token: viewer.accessToken, data: { postId } }),
        ok(endpoints, 'getPost', { token: viewer.accessToken, data: { postId } }),
      ]);
      return {
        commenters: comments.comments.map((comment) => comment.authorId).sort(),
        likers: likers.likers.map((liker) => liker.uid).sort(),
        counts: [shown.likeCount, shown.commentCount],
      };
    };
    expect(await seenBy(ann)).toEqual({ commenters: [ann.uid], likers: [ann.uid], counts: [2, 2] });
    expect(await seenBy(bob)).toEqual({ commenters: [bob.uid], likers: [bob.uid], counts: [2, 2] });
    expect(await seenBy(cat)).toEqual({ commenters: [ann.uid, bob.uid].sort(), likers: [ann.uid, bob.uid].sort(), counts: [2, 2] });
  });

  it('lets both block; the pair stays blocked until both unblock, then it is "none" again and a request works', async () => {
    const [ann, bob] = await Promise.all([member('both-ann'), member('both-bob')]);
    await anchor(ann, bob);
    await block(ann, bob);
    expect(await block(bob, ann)).toEqual({ userId: ann.uid, changed: true });
    expect(await pairState(ann, bob)).toEqual({ status: 'blocked', blockedBy: [ann.uid, bob.uid].sort(), edges: ['blocked', 'blocked'] });
    expect(await listsOf(ann.uid)).toMatchObject({ blocked: [bob.uid], blockedBy: [bob.uid], anchorCount: 0 });

    expect(await unblock(ann, bob)).toEqual({ userId: bob.uid, changed: true });
    expect(await pairState(ann, bob)).toEqual({ status: 'blocked', blockedBy: [bob.uid], edges: ['blocked', 'blocked'] });
    expect(await listsOf(ann.uid)).toMatchObject({ blocked: [], blockedBy: [bob.uid] });
    expectRefusal(
      await call(endpoints, 'sendAnchorRequest', { token: ann.accessToken, data: { userId: bob.uid } }),
      403,
      'PERMISSION_DENIED',
      ANCHOR_MESSAGES.blocked,
    );
    expectRefusal(await call(endpoints, 'getUserProfile', { token: ann.accessToken, data: { userId: bob.uid } }), 404, 'NOT_FOUND');
    expect(await unblock(ann, bob)).toEqual({ userId: bob.uid, changed: false });

    expect(await unblock(bob, ann)).toEqual({ userId: ann.uid, changed: true });
    expect(await pairState(ann, bob)).toEqual({ status: null, blockedBy: [], edges: [null, null] });
    expect(await listsOf(ann.uid)).toMatchObject({ blocked: [], blockedBy: [], anchorCount: 0 });
    expect(await listsOf(bob.uid)).toMatchObject({ blocked: [], blockedBy: [], anchorCount: 0 });
    expect(await storedItem(keys.block(bob.uid, ann.uid))).toBeUndefined();
    // Nothing is restored: no anchor comes back; a new request is possible again.
    expect((await ok(endpoints, 'listAnchors', { token: ann.accessToken })).anchors).toEqual([]);
    const profile = await ok(endpoints, 'getUserProfile', { token: ann.accessToken, data: { userId: bob.uid } });
    expect(profile).toMatchObject({ relationship: 'none' });
    await ok(endpoints, 'sendAnchorRequest', { token: ann.accessToken, data: { userId: bob.uid } });
    await ok(endpoints, 'acceptAnchorRequest', { token: bob.accessToken, data: { userId: ann.uid } });
    expect(await listsOf(ann.uid)).toMatchObject({ anchorCount: 1 });
    expect(await unblock(bob, ann)).toEqual({ userId: ann.uid, changed: false });
  });

  it("refuses yourself (400) and an unknown member (404) with the issue's sentences, for block and mute alike", async () => {
    const ann = await member('self-ann');
    expectRefusal(
      await call(endpoints, 'blockMember', { token: ann.accessToken, data: { userId: ann.uid } }),
      400,
      'INVALID_ARGUMENT',
      MODERATION_MESSAGES.blockYourself,
    );
    expectRefusal(
      await call(endpoints, 'muteMember', { token: ann.accessToken, data: { userId: ann.uid } }),
      400,
      'INVALID_ARGUMENT',
      MODERATION_MESSAGES.muteYourself,
    );
    const nobody = `nobody-${randomBytes(6).toString('hex')}`;
    for (const name of ['blockMember', 'muteMember'] as const) {
      expectRefusal(await call(endpoints, name, { token: ann.accessToken, data: { userId: nobody } }), 404, 'NOT_FOUND', MODERATION_MESSAGES.userNotFound);
    }
    // Nothing was written for the unknown member.
    expect(await listsOf(ann.uid)).toMatchObject({ blocked: [], muted: [] });
    expect(await pairState(ann, { uid: nobody } as TestMember)).toEqual({ status: null, blockedBy: [], edges: [null, null] });
    expect(await storedItem(keys.user(nobody))).toBeUndefined();
    expect(await unblock(ann, { uid: nobody } as TestMember)).toEqual({ userId: nobody, changed: false });
  });

  it('holds each list to its cap (a condition of the write), and a member already listed is a repeat, not a refusal', async () => {
    const [ann, bob, cat] = await Promise.all([member('cap-ann'), member('cap-bob'), member('cap-cat')]);
    await block(ann, bob);
    await mute(ann, bob);
    // Fill both sets to the cap with made-up uids, as a thousand blocks and mutes would.
    const filler = (count: number) => new Set(Array.from({ length: count }, (_, index) => `filler-${index}`));
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(ann.uid),
        UpdateExpression: 'ADD blockedIds :blocked, mutedIds :muted',
        ExpressionAttributeValues: { ':blocked': filler(MAX_BLOCKED - 1), ':muted': filler(MAX_MUTED - 1) },
      }),
    );
    expectRefusal(
      await call(endpoints, 'blockMember', { token: ann.accessToken, data: { userId: cat.uid } }),
      409,
      'ABORTED',
      MODERATION_MESSAGES.tooManyBlocked,
    );
    expectRefusal(await call(endpoints, 'muteMember', { token: ann.accessToken, data: { userId: cat.uid } }), 409, 'ABORTED', MODERATION_MESSAGES.tooManyMuted);
    expect(await pairState(ann, cat)).toEqual({ status: null, blockedBy: [], edges: [null, null] });
    expect(await block(ann, bob)).toEqual({ userId: bob.uid, changed: false });
    expect(await mute(ann, bob)).toEqual({ userId: bob.uid, changed: false });
    // One taken back makes room.
    await unblock(ann, bob);
    await unmute(ann, bob);
    expect(await block(ann, cat)).toEqual({ userId: cat.uid, changed: true });
    expect(await mute(ann, cat)).toEqual({ userId: cat.uid, changed: true });
  });

  it('settles a block racing an accept every time: the pair ends blocked, no anchor, both counts exact', { timeout: 120_000 }, async () => {
    const [ann, bob] = await Promise.all([member('race-ann'), member('race-bob')]);
    for (let round = 0; round < 16; round++) {
      await ok(endpoints, 'sendAnchorRequest', { token: ann.accessToken, data: { userId: bob.uid } });
      // The blocker alternates: the sender, then the one accepting. The block starts a little later
      // each round (0 to 21 ms, twice), so it lands before the accept's reads, between its reads and its
      // write (the block's transaction then fails on the pair and it reads again), or after it.
      const [blocker, other] = round % 2 === 0 ? [ann, bob] : [bob, ann];
      const [accepted, blocked] = await Promise.all([
        call(endpoints, 'acceptAnchorRequest', { token: bob.accessToken, data: { userId: ann.uid } }),
        sleep((round % 8) * 3).then(() => block(blocker, other)),
      ]);
      // The accept either came first (then the block ended the anchor) or found no request.
      if (accepted.status !== 200) expectRefusal(accepted, 404, 'NOT_FOUND', ANCHOR_MESSAGES.requestNotFound);
      expect(blocked).toEqual({ userId: other.uid, changed: true });
      expect(await pairState(ann, bob)).toEqual({ status: 'blocked', blockedBy: [blocker.uid], edges: ['blocked', 'blocked'] });
      expect(await listsOf(ann.uid)).toMatchObject({ anchorCount: 0 });
      expect(await listsOf(bob.uid)).toMatchObject({ anchorCount: 0 });
      expect(await unblock(blocker, other)).toEqual({ userId: other.uid, changed: true });
      expect(await pairState(ann, bob)).toEqual({ status: null, blockedBy: [], edges: [null, null] });
    }
  });

  it('reads the pair again when an accept commits between its read and its write, and ends the anchor that accept made', async () => {
    const { blockPair } = await import('#data/graph');
    const [ann, bob] = await Promise.all([member('flight-ann'), member('flight-bob')]);
    await ok(endpoints, 'sendAnchorRequest', { token: ann.accessToken, data: { userId: bob.uid } });
    // The accept is made to land exactly after the block read the pending pair and before its
    // transaction (this process's client only; the handlers run in the local cloud).
    const name = `accept-in-flight-${randomBytes(4).toString('hex')}`;
    let accepts = 0;
    dynamo().middlewareStack.add(
      (next) => async (args) => {
        const input = JSON.stringify((args as { input?: unknown }).input ?? {});
        if (accepts === 0 && input.includes('TransactItems') && input.includes(`BLOCK#${bob.uid}`)) {
          accepts++;
          await ok(endpoints, 'acceptAnchorRequest', { token: bob.accessToken, data: { userId: ann.uid } });
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      expect(await blockPair(ann.uid, bob.uid)).toBe('blocked');
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    expect(accepts).toBe(1);
    expect(await pairState(ann, bob)).toEqual({ status: 'blocked', blockedBy: [ann.uid], edges: ['blocked', 'blocked'] });
    // The pair the block wrote is the accepted one it read the second time.
    expect((await storedItem(keys.friendship(friendshipIdOf(ann.uid, bob.uid))))?.acceptedAt).toEqual(expect.any(String));
    expect(await listsOf(ann.uid)).toMatchObject({ anchorCount: 0, blocked: [bob.uid] });
    expect(await listsOf(bob.uid)).toMatchObject({ anchorCount: 0, blockedBy: [ann.uid] });
  });

  it("forgets a removed member's blocks and mutes both ways (forgetModerationListsOf, for removal)", async () => {
    const { forgetModerationListsOf } = await import('#data/graph');
    const [gone, blockedByGone, blockerOfGone, mutedByGone] = await Promise.all([member('gone'), member('gone-b'), member('gone-c'), member('gone-d')]);
    await anchor(gone, blockedByGone);
    await block(gone, blockedByGone);
    await block(blockerOfGone, gone);
    await mute(gone, mutedByGone);
    await forgetModerationListsOf(gone.uid);
    await forgetModerationListsOf(gone.uid); // a re-run finds nothing left
    expect(await listsOf(gone.uid)).toMatchObject({ blocked: [], blockedBy: [], muted: [] });
    expect(await listsOf(blockedByGone.uid)).toMatchObject({ blockedBy: [], anchorCount: 0 });
    expect(await listsOf(blockerOfGone.uid)).toMatchObject({ blocked: [] });
    for (const other of [blockedByGone, blockerOfGone]) expect(await pairState(gone, other)).toEqual({ status: null, blockedBy: [], edges: [null, null] });
    for (const key of [keys.block(gone.uid, blockedByGone.uid), keys.block(blockerOfGone.uid, gone.uid), keys.mute(gone.uid, mutedByGone.uid)]) {
      expect(await storedItem(key)).toBeUndefined();
    }
    expect((await ok(endpoints, 'listBlocked', { token: blockerOfGone.accessToken })).members).toEqual([]);
  });

  it('settles two members blocking each other at once, and a block racing a removal, with exact counts', { timeout: 60_000 }, async () => {
    const [ann, bob] = await Promise.all([member('mutual-ann'), member('mutual-bob')]);
    for (let round = 0; round < 4; round++) {
      await anchor(ann, bob);
      const [byAnn, byBob] = await Promise.all([block(ann, bob), block(bob, ann)]);
      expect([byAnn.changed, byBob.changed]).toEqual([true, true]);
      expect(await pairState(ann, bob)).toEqual({ status: 'blocked', blockedBy: [ann.uid, bob.uid].sort(), edges: ['blocked', 'blocked'] });
      expect(await listsOf(ann.uid)).toMatchObject({ blocked: [bob.uid], blockedBy: [bob.uid], anchorCount: 0 });
      expect(await listsOf(bob.uid)).toMatchObject({ blocked: [ann.uid], blockedBy: [ann.uid], anchorCount: 0 });
      // Both unblocking at once never leaves a blocked pair that nobody blocks.
      await Promise.all([unblock(ann, bob), unblock(bob, ann)]);
      expect(await pairState(ann, bob)).toEqual({ status: null, blockedBy: [], edges: [null, null] });
      expect(await listsOf(ann.uid)).toMatchObject({ blocked: [], blockedBy: [] });

      await anchor(ann, bob);
      const [removed] = await Promise.all([
        call(endpoints, 'removeAnchor', { token: bob.accessToken, data: { userId: ann.uid } }),
        sleep(round * 10).then(() => block(ann, bob)),
      ]);
      if (removed.status !== 200) expectRefusal(removed, 404, 'NOT_FOUND');
      expect(await pairState(ann, bob)).toEqual({ status: 'blocked', blockedBy: [ann.uid], edges: ['blocked', 'blocked'] });
      expect(await listsOf(ann.uid)).toMatchObject({ anchorCount: 0 });
      expect(await listsOf(bob.uid)).toMatchObject({ anchorCount: 0 });
      await unblock(ann, bob);
    }
  });
});

describe('muteMember', () => {
  it(
    "takes the muted member's posts out of the muter's feed and their comments out of the threads, the other anchors' staying; unmute brings them back",
    { timeout: 60_000 },
    async () => {
      const [mia, max, liz] = await Promise.all([member('mute-mia'), member('mute-max'), member('mute-liz')]);
      await anchor(mia, max);
      await anchor(mia, liz);
      const [byMax, byLiz, byMia] = await Promise.all([post(max, 'Max talks a lot'), post(liz, 'Liz says something', 'public'), post(mia, 'Mia writes')]);
      await expect.poll(async () => (await feedPostIds(mia)).filter((id) => id === byMax.postId || id === byLiz.postId).length, { timeout: 20_000 }).toBe(2);
      // Public, so Max (not Liz's anchor) may comment on it and like it.
      await ok(endpoints, 'addComment', { token: max.accessToken, data: { postId: byLiz.postId, content: 'Max again' } });
      await ok(endpoints, 'addComment', { token: liz.accessToken, data: { postId: byLiz.postId, content: 'Liz answers' } });
      await ok(endpoints, 'togglePostLike', { token: max.accessToken, data: { postId: byLiz.postId, liked: true } });

      expect(await mute(mia, max)).toEqual({ userId: max.uid, changed: true });
      expect(await mute(mia, max)).toEqual({ userId: max.uid, changed: false });
      expect(await listsOf(mia.uid)).toMatchObject({ muted: [max.uid], blocked: [], anchorCount: 2 });
      expect((await ok(endpoints, 'listMuted', { token: mia.accessToken })).members).toEqual([expect.objectContaining({ uid: max.uid })]);

      const feed = await feedPostIds(mia);
      expect(feed).not.toContain(byMax.postId);
      expect(feed).toEqual(expect.arrayContaining([byLiz.postId, byMia.postId]));
      const thread = await ok(endpoints, 'listComments', { token: mia.accessToken, data: { postId: byLiz.postId } });
      expect(thread.comments.map((comment) => comment.authorId)).toEqual([liz.uid]);
      // Likers are not quieted by a mute, and the post itself and the counts are as ever.
      expect((await ok(endpoints, 'getPostLikers', { token: mia.accessToken, data: { postId: byLiz.postId } })).likers.map((like) => like.uid)).toEqual([
        max.uid,
      ]);
      expect(await ok(endpoints, 'getPost', { token: mia.accessToken, data: { postId: byMax.postId } })).toMatchObject({ postId: byMax.postId });
      expect(await ok(endpoints, 'getPost', { token: mia.accessToken, data: { postId: byLiz.postId } })).toMatchObject({ commentCount: 2, likeCount: 1 });

      // The muted member sees nothing changed: the anchor, the profile, the muter's posts.
      expect((await ok(endpoints, 'listAnchors', { token: max.accessToken })).anchors.map((a) => a.uid)).toEqual([mia.uid]);
      expect(await ok(endpoints, 'getUserProfile', { token: max.accessToken, data: { userId: mia.uid } })).toMatchObject({ relationship: 'anchored' });
      expect(await feedPostIds(max)).toContain(byMia.postId);
      expect(await listsOf(max.uid)).toMatchObject({ blocked: [], blockedBy: [], muted: [] });
      expect((await ok(endpoints, 'listMuted', { token: max.accessToken })).members).toEqual([]);

      expect(await unmute(mia, max)).toEqual({ userId: max.uid, changed: true });
      expect(await unmute(mia, max)).toEqual({ userId: max.uid, changed: false });
      expect(await feedPostIds(mia)).toContain(byMax.postId);
      const back = await ok(endpoints, 'listComments', { token: mia.accessToken, data: { postId: byLiz.postId } });
      expect(back.comments.map((comment) => comment.authorId).sort()).toEqual([liz.uid, max.uid].sort());
      expect(await listsOf(mia.uid)).toMatchObject({ muted: [] });
      expect(await storedItem(keys.mute(mia.uid, max.uid))).toBeUndefined();
    },
  );
});
