import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FEED_MESSAGES, MEMBER_POSTS_PAGE_SIZE } from '../../lambdas/contracts/feed.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { seedAcceptedAnchors } from '../support/local-cloud-anchors.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
const { dynamo, tableName } = await import('#data/table');
const { keys } = await import('#data/table');
const { putPost } = await import('#data/posts');
const { newTimeOrderedId } = await import('../../lambdas/domain/post-ids.ts');

function post(member: TestMember, content: string, privacy: 'anchors' | 'public') {
  return ok(endpoints, 'createPost', { token: member.accessToken, data: { content, privacy } });
}

function wallOf(viewer: TestMember, author: TestMember, cursor?: string) {
  return call(endpoints, 'listMemberPosts', { token: viewer.accessToken, data: { userId: author.uid, ...(cursor ? { cursor } : {}) } });
}

async function contentsSeenBy(viewer: TestMember, author: TestMember): Promise<string[]> {
  return (await ok(endpoints, 'listMemberPosts', { token: viewer.accessToken, data: { userId: author.uid } })).posts.map((seen) => seen.content);
}

let ada: TestMember;
let ben: TestMember;
let stranger: TestMember;

beforeAll(async () => {
  [ada, ben, stranger] = await Promise.all([
    createMember(endpoints, 'wall-ada', { displayName: 'Ada Wall' }),
    createMember(endpoints, 'wall-ben', { displayName: 'Ben Wall' }),
    createMember(endpoints, 'wall-stranger', { displayName: 'Stan Stranger' }),
  ]);
  await seedAcceptedAnchors(ada.uid, ben.uid);
  await post(ada, 'Public hello', 'public');
  await post(ada, 'Anchors only hello', 'anchors');
  // A post Ada wrote on Ben's wall (the spec's isWallPost): never on her own wall.
  const at = new Date();
  await putPost({
    postId: newTimeOrderedId(at),
    authorId: ada.uid,
    authorName: 'Ada Wall',
    authorPictureKey: '',
    authorVerified: false,
    content: 'On Ben’s wall',
    createdAt: at.toISOString(),
    privacy: 'public',
    likeCount: 0,
    commentCount: 0,
    isWallPost: true,
    recipientName: 'Ben Wall',
    countsVersion: 0,
  });
});

describe('listMemberPosts', () => {
  it('the author sees all their own posts, newest first, with their likes; wall posts stay out', async () => {
    const { posts, nextCursor } = await ok(endpoints, 'listMemberPosts', { token: ada.accessToken, data: { userId: ada.uid } });
    expect(posts.map((seen) => seen.content)).toEqual(['Anchors only hello', 'Public hello']);
    expect(posts.every((seen) => seen.authorId === ada.uid && !seen.isWallPost && seen.likedByMe === false)).toBe(true);
    expect(nextCursor).toBeNull();
  });

  it('an accepted anchor sees the anchors-only post; a stranger only the public one', async () => {
    expect(await contentsSeenBy(ben, ada)).toEqual(['Anchors only hello', 'Public hello']);
    expect(await contentsSeenBy(stranger, ada)).toEqual(['Public hello']);
  });

  it("carries the viewer's own like", async () => {
    const [publicPost] = (await ok(endpoints, 'listMemberPosts', { token: stranger.accessToken, data: { userId: ada.uid } })).posts;
    await ok(endpoints, 'togglePostLike', { token: stranger.accessToken, data: { postId: publicPost?.postId ?? '', liked: true } });
    const [seen] = (await ok(endpoints, 'listMemberPosts', { token: stranger.accessToken, data: { userId: ada.uid } })).posts;
    expect([seen?.likedByMe, seen?.likeCount]).toEqual([true, 1]);
  });

  it("a missing member and a blocked pair, either way, answer 'User not found' (404)", async () => {
    const ghost = { ...stranger, uid: 'no-such-member-wall' };
    expectRefusal(await wallOf(ada, ghost), 404, 'NOT_FOUND', FEED_MESSAGES.userNotFound);
    const [blocker, blocked] = await Promise.all([createMember(endpoints, 'wall-blocker'), createMember(endpoints, 'wall-blocked')]);
    await post(blocker, 'Before the block', 'public');
    await post(blocked, 'Also before', 'public');
    expect(await contentsSeenBy(blocked, blocker)).toEqual(['Before the block']);
    await ok(endpoints, 'blockMember', { token: blocker.accessToken, data: { userId: blocked.uid } });
    expectRefusal(await wallOf(blocked, blocker), 404, 'NOT_FOUND', FEED_MESSAGES.userNotFound);
    expectRefusal(await wallOf(blocker, blocked), 404, 'NOT_FOUND', FEED_MESSAGES.userNotFound);
    // Each still reads their own.
    expect(await contentsSeenBy(blocker, blocker)).toEqual(['Before the block']);
  });

  it('pages by cursor, 20 a page, without repeats or gaps, and refuses a malformed cursor (400)', async () => {
    const author = await createMember(endpoints, 'wall-prolific');
    const total = MEMBER_POSTS_PAGE_SIZE + 5;
    for (let index = 0; index < total; index += 1) await post(author, `Post ${index}`, index % 2 === 0 ? 'public' : 'anchors');
    const first = await ok(endpoints, 'listMemberPosts', { token: author.accessToken, data: { userId: author.uid } });
    expect(first.posts).toHaveLength(MEMBER_POSTS_PAGE_SIZE);
    expect(first.nextCursor).toBe(first.posts.at(-1)?.postId);
    const second = await ok(endpoints, 'listMemberPosts', { token: author.accessToken, data: { userId: author.uid, cursor: first.nextCursor ?? '' } });
    const seen = [...first.posts, ...second.posts].map((entry) => entry.content);
    expect(seen).toEqual(Array.from({ length: total }, (_, index) => `Post ${total - 1 - index}`));
    expect(second.nextCursor).toBeNull();
    // A stranger's pages hold only the public posts, and reach the same end.
    const strangerFirst = await ok(endpoints, 'listMemberPosts', { token: stranger.accessToken, data: { userId: author.uid } });
    expect(strangerFirst.posts.every((entry) => entry.privacy === 'public')).toBe(true);
    expect(strangerFirst.posts).toHaveLength(MEMBER_POSTS_PAGE_SIZE / 2);
    expectRefusal(
      await call(endpoints, 'listMemberPosts', { token: author.accessToken, data: { userId: author.uid, cursor: 'not-a-cursor' } }),
      400,
      'INVALID_ARGUMENT',
    );
  });
});

describe('what a page costs', () => {
  it('two DynamoDB requests for a full page, whoever reads it (a Query and one BatchGet)', async () => {
    const { readMemberPostsPage } = await import('#data/posts');
    const author = await createMember(endpoints, 'wall-costly');
    for (let index = 0; index < MEMBER_POSTS_PAGE_SIZE + 1; index += 1) await post(author, `Costly ${index}`, 'public');
    const sent: string[] = [];
    const name = 'count-member-posts-requests';
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      for (const viewer of [author, stranger]) {
        sent.length = 0;
        const page = await readMemberPostsPage(author.uid, viewer.uid);
        expect(page.posts).toHaveLength(MEMBER_POSTS_PAGE_SIZE);
        expect(sent).toEqual(['QueryCommand', 'BatchGetItemCommand']);
      }
    } finally {
      dynamo().middlewareStack.remove(name);
    }
  });
});

describe('a rename follows the member', () => {
  it("reaches their earlier posts, comments and likes from the table's stream, and a redelivery changes nothing", async () => {
    const member = await createMember(endpoints, 'wall-renamed', { displayName: 'Old Name' });
    const { postId } = await post(member, 'Written under my old name', 'public');
    await ok(endpoints, 'addComment', { token: member.accessToken, data: { postId, content: 'A comment too' } });
    await ok(endpoints, 'togglePostLike', { token: member.accessToken, data: { postId, liked: true } });

    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(member.uid),
        UpdateExpression: 'SET displayName = :name',
        ExpressionAttributeValues: { ':name': 'New Name' },
      }),
    );
    const names = async () => {
      const [wall, comments, likers] = await Promise.all([
        ok(endpoints, 'listMemberPosts', { token: stranger.accessToken, data: { userId: member.uid } }),
        ok(endpoints, 'listComments', { token: stranger.accessToken, data: { postId } }),
        ok(endpoints, 'getPostLikers', { token: stranger.accessToken, data: { postId } }),
      ]);
      return [wall.posts[0]?.authorName, comments.comments[0]?.authorName, likers.likers[0]?.displayName];
    };
    await expect.poll(names, { timeout: 30_000 }).toEqual(['New Name', 'New Name', 'New Name']);

    // The stream's reaction again (a redelivered record): it reads the record now and writes nothing new.
    const { repointAuthorDetails, authorDetailsChangeOf } = await import('#data/posts');
    const { classifyChange } = await import('#data/table');
    expect(await repointAuthorDetails(member.uid)).toBe(3);
    expect(await names()).toEqual(['New Name', 'New Name', 'New Name']);
    const profile = { pk: `USER#${member.uid}`, sk: 'PROFILE' };
    expect(
      authorDetailsChangeOf(
        classifyChange({
          sequenceNumber: '1',
          eventName: 'MODIFY',
          oldImage: { ...profile, displayName: 'A' },
          newImage: { ...profile, displayName: 'A', bio: 'new' },
        }),
      ),
    ).toBeNull();
    expect(
      authorDetailsChangeOf(
        classifyChange({ sequenceNumber: '1', eventName: 'MODIFY', oldImage: { ...profile, displayName: 'A' }, newImage: { ...profile, displayName: 'B' } }),
      ),
    ).toBe(member.uid);
  });
});
