import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { COMMENT_MAX_LENGTH, FEED_MESSAGES, POST_MAX_LENGTH } from '../../lambdas/contracts/feed.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { nextFrameOf, useLiveSockets } from '../support/live-sockets.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

/**
 * Members in control of what they wrote: editPost, deletePost, editComment,
 * deleteComment. The author only; someone else's is 403 when the caller may see it and 404 when not;
 * a deleted post leaves nothing behind once the table's stream has caught up.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { dynamo, tableName } = await import('#data/table');
const { queryAll } = await import('#data/table');

async function anchor(a: TestMember, b: TestMember): Promise<void> {
  await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
  await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
}

function post(member: TestMember, content: string, privacy: 'anchors' | 'public' = 'anchors') {
  return ok(endpoints, 'createPost', { token: member.accessToken, data: { content, privacy } });
}

function comment(member: TestMember, postId: string, content: string) {
  return ok(endpoints, 'addComment', { token: member.accessToken, data: { postId, content } });
}

async function getItem(key: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item;
}

/** Every item the post left: its own partition, its feed entries and the commenters' COMMENTED# markers. */
async function leftovers(postId: string, members: readonly TestMember[]): Promise<string[]> {
  const postItems = await queryAll({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `POST#${postId}` } });
  const perMember = await Promise.all(
    members.map(async (member) => {
      const entry = await getItem({ pk: `USER#${member.uid}`, sk: `FEED#${postId}` });
      const markers = await queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${member.uid}`, ':prefix': `COMMENTED#${postId}` },
      });
      return [...(entry ? [String(entry.sk)] : []), ...markers.map((item) => String(item.sk))];
    }),
  );
  return [...postItems.map((item) => String(item.sk)), ...perMember.flat()];
}

async function storedPost(postId: string) {
  return getItem({ pk: `POST#${postId}`, sk: 'POST' });
}

let ada: TestMember;
let ben: TestMember;
let cat: TestMember;
let stranger: TestMember;

beforeAll(async () => {
  [ada, ben, cat, stranger] = await Promise.all([
    createMember(endpoints, 'edit-ada', { displayName: 'Ada Author' }),
    createMember(endpoints, 'edit-ben', { displayName: 'Ben Anchor' }),
    createMember(endpoints, 'edit-cat', { displayName: 'Cat Anchor' }),
    createMember(endpoints, 'edit-stranger', { displayName: 'Stray Stranger' }),
  ]);
  await anchor(ada, ben);
  await anchor(ada, cat);
}, 60_000);

describe('editPost', () => {
  it("rewrites the author's post, marks it edited and keeps its counts", async () => {
    const created = await post(ada, 'First words');
    await ok(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: created.postId, liked: true } });
    const edited = await ok(endpoints, 'editPost', { token: ada.accessToken, data: { postId: created.postId, content: '  Better words  ' } });
    expect(edited).toMatchObject({ postId: created.postId, content: 'Better words', likeCount: 1, commentCount: 0, createdAt: created.createdAt });
    expect(Date.parse(edited.editedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
    expect(created.editedAt).toBeUndefined();
    const seen = await ok(endpoints, 'getPost', { token: ben.accessToken, data: { postId: created.postId } });
    expect(seen).toMatchObject({ content: 'Better words', editedAt: edited.editedAt, likedByMe: true, likeCount: 1 });
  });

  it("refuses someone else's post (403 to an anchor who sees it, 404 to a stranger who does not), bad content and a missing post, changing nothing", async () => {
    const created = await post(ada, 'Mine to change');
    expectRefusal(
      await call(endpoints, 'editPost', { token: ben.accessToken, data: { postId: created.postId, content: 'Hijacked' } }),
      403,
      'PERMISSION_DENIED',
      FEED_MESSAGES.notYourPost,
    );
    expectRefusal(
      await call(endpoints, 'editPost', { token: stranger.accessToken, data: { postId: created.postId, content: 'Hijacked' } }),
      404,
      'NOT_FOUND',
      FEED_MESSAGES.postNotFound,
    );
    expectRefusal(
      await call(endpoints, 'editPost', { token: ada.accessToken, data: { postId: created.postId, content: '  \n ' } }),
      400,
      'INVALID_ARGUMENT',
      `Invalid request: content: ${FEED_MESSAGES.postRequired}`,
    );
    expectRefusal(
      await call(endpoints, 'editPost', { token: ada.accessToken, data: { postId: created.postId, content: 'x'.repeat(POST_MAX_LENGTH + 1) } }),
      400,
      'INVALID_ARGUMENT',
      `Invalid request: content: ${FEED_MESSAGES.postTooLong}`,
    );
    expect(await ok(endpoints, 'editPost', { token: ada.accessToken, data: { postId: created.postId, content: 'x'.repeat(POST_MAX_LENGTH) } })).toMatchObject({
      content: 'x'.repeat(POST_MAX_LENGTH),
    });
    const stored = await storedPost(created.postId);
    expect(stored?.content).toBe('x'.repeat(POST_MAX_LENGTH));
    expectRefusal(
      await call(endpoints, 'editPost', { token: ada.accessToken, data: { postId: '01HZZZZZZZZZZZZZZZZZZZZZZZ', content: 'Nothing here' } }),
      404,
      'NOT_FOUND',
      FEED_MESSAGES.postNotFound,
    );
    await ok(endpoints, 'deletePost', { token: ada.accessToken, data: { postId: created.postId } });
    expectRefusal(
      await call(endpoints, 'editPost', { token: ada.accessToken, data: { postId: created.postId, content: 'Back from the dead' } }),
      404,
      'NOT_FOUND',
      FEED_MESSAGES.postNotFound,
    );
    expect(await storedPost(created.postId)).toBeUndefined();
  });
});

describe('deletePost', () => {
  it(
    'removes the post from every read at once, and its likes, comments, markers and feed entries once the stream catches up',
    { timeout: 60_000 },
    async () => {
      const created = await post(ada, 'Soon gone');
      await ok(endpoints, 'togglePostLike', { token: ben.accessToken, data: { postId: created.postId, liked: true } });
      await ok(endpoints, 'togglePostLike', { token: ada.accessToken, data: { postId: created.postId, liked: true } });
      await comment(ben, created.postId, 'A comment from Ben');
      await comment(cat, created.postId, 'A comment from Cat');
      await comment(ada, created.postId, 'The author answers');
      const everyone = [ada, ben, cat];
      await expect.poll(async () => (await leftovers(created.postId, everyone)).filter((sk) => sk.startsWith('FEED#')).length, { timeout: 20_000 }).toBe(3);

      expect(await ok(endpoints, 'deletePost', { token: ada.accessToken, data: { postId: created.postId } })).toEqual({ postId: created.postId });
      for (const reader of everyone) {
        expectRefusal(
          await call(endpoints, 'getPost', { token: reader.accessToken, data: { postId: created.postId } }),
          404,
          'NOT_FOUND',
          FEED_MESSAGES.postNotFound,
        );
        const { posts } = await ok(endpoints, 'getFeed', { token: reader.accessToken, data: {} });
        expect(posts.map((p) => p.postId)).not.toContain(created.postId);
      }
      expectRefusal(
        await call(endpoints, 'togglePostLike', { token: cat.accessToken, data: { postId: created.postId, liked: true } }),
        404,
        'NOT_FOUND',
        FEED_MESSAGES.postNotFound,
      );
      expectRefusal(await call(endpoints, 'addComment', { token: cat.accessToken, data: { postId: created.postId, content: 'Too late' } }), 404, 'NOT_FOUND');
      await expect.poll(() => leftovers(created.postId, everyone), { timeout: 30_000 }).toEqual([]);
    },
  );

  it("answers a repeated delete by the author with success, and refuses someone else's or a missing post with 403/404, changing nothing", async () => {
    const created = await post(ada, 'Delete me twice');
    expectRefusal(
      await call(endpoints, 'deletePost', { token: ben.accessToken, data: { postId: created.postId } }),
      403,
      'PERMISSION_DENIED',
      FEED_MESSAGES.notYourPost,
    );
    expectRefusal(
      await call(endpoints, 'deletePost', { token: stranger.accessToken, data: { postId: created.postId } }),
      404,
      'NOT_FOUND',
      FEED_MESSAGES.postNotFound,
    );
    expect(await storedPost(created.postId)).toBeDefined();
    await ok(endpoints, 'deletePost', { token: ada.accessToken, data: { postId: created.postId } });
    expect(await ok(endpoints, 'deletePost', { token: ada.accessToken, data: { postId: created.postId } })).toEqual({ postId: created.postId });
    // The deleted post is not Ben's: he is told it is not there, not that it was his.
    expectRefusal(
      await call(endpoints, 'deletePost', { token: ben.accessToken, data: { postId: created.postId } }),
      404,
      'NOT_FOUND',
      FEED_MESSAGES.postNotFound,
    );
    expectRefusal(
      await call(endpoints, 'deletePost', { token: ada.accessToken, data: { postId: '01HZZZZZZZZZZZZZZZZZZZZZZZ' } }),
      404,
      'NOT_FOUND',
      FEED_MESSAGES.postNotFound,
    );
  });

  it('a double click: two deletes at once both answer success, and the post is gone', async () => {
    const created = await post(ada, 'Clicked twice');
    const answers = await Promise.all([0, 1, 2].map(() => call(endpoints, 'deletePost', { token: ada.accessToken, data: { postId: created.postId } })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await storedPost(created.postId)).toBeUndefined();
  });

  it('a delete while likes and comments arrive: no 500, and no like or comment survives', { timeout: 60_000 }, async () => {
    const created = await post(ada, 'Liked while it goes');
    const likers = [ben, cat, ada];
    const answers = await Promise.all([
      ...likers.map((member) => call(endpoints, 'togglePostLike', { token: member.accessToken, data: { postId: created.postId, liked: true } })),
      ...likers.map((member) => call(endpoints, 'addComment', { token: member.accessToken, data: { postId: created.postId, content: 'Racing in' } })),
      call(endpoints, 'deletePost', { token: ada.accessToken, data: { postId: created.postId } }),
    ]);
    for (const answer of answers) expect([200, 404]).toContain(answer.status);
    expect(answers.at(-1)?.status).toBe(200);
    await expect.poll(() => leftovers(created.postId, [ada, ben, cat]), { timeout: 30_000 }).toEqual([]);
  });

  it('an edit racing a delete never brings the post back', async () => {
    const created = await post(ada, 'Edited while deleted');
    const [edit, deletion] = await Promise.all([
      call(endpoints, 'editPost', { token: ada.accessToken, data: { postId: created.postId, content: 'Last words' } }),
      call(endpoints, 'deletePost', { token: ada.accessToken, data: { postId: created.postId } }),
    ]);
    expect([200, 404]).toContain(edit.status);
    expect(deletion.status).toBe(200);
    expect(await storedPost(created.postId)).toBeUndefined();
  });
});

describe('editComment and deleteComment', () => {
  it("rewrite and delete the author's comment; the count drops exactly once, the marker goes", { timeout: 30_000 }, async () => {
    const created = await post(ada, 'Talk to me');
    const { comment: first } = await comment(ben, created.postId, 'First thought');
    await comment(cat, created.postId, 'Another thought');
    const { comment: edited } = await ok(endpoints, 'editComment', {
      token: ben.accessToken,
      data: { postId: created.postId, commentId: first.commentId, content: '  Second thought  ' },
    });
    expect(edited).toMatchObject({ commentId: first.commentId, content: 'Second thought', createdAt: first.createdAt });
    expect(edited.editedAt).toEqual(expect.any(String));
    const { comments } = await ok(endpoints, 'listComments', { token: ada.accessToken, data: { postId: created.postId } });
    expect(comments.find((c) => c.commentId === first.commentId)).toMatchObject({ content: 'Second thought', editedAt: edited.editedAt });

    const answers = await Promise.all(
      [0, 1].map(() => call(endpoints, 'deleteComment', { token: ben.accessToken, data: { postId: created.postId, commentId: first.commentId } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => ('result' in answer.body ? answer.body.result.commentCount : null))).toEqual([1, 1]);
    expect((await storedPost(created.postId))?.commentCount).toBe(1);
    expect(await getItem({ pk: `POST#${created.postId}`, sk: `COMMENT#${first.commentId}` })).toBeUndefined();
    expect(await getItem({ pk: `USER#${ben.uid}`, sk: `COMMENTED#${created.postId}#${first.commentId}` })).toBeUndefined();
    const after = await ok(endpoints, 'listComments', { token: ada.accessToken, data: { postId: created.postId } });
    expect(after.comments.map((c) => c.content)).toEqual(['Another thought']);
  });

  it("refuse someone else's comment (even the post's author), bad content and missing ones, changing nothing", async () => {
    const created = await post(ada, 'Comment here');
    const { comment: bens } = await comment(ben, created.postId, "Ben's words");
    for (const member of [ada, cat]) {
      expectRefusal(
        await call(endpoints, 'editComment', { token: member.accessToken, data: { postId: created.postId, commentId: bens.commentId, content: 'Hijacked' } }),
        403,
        'PERMISSION_DENIED',
        FEED_MESSAGES.notYourComment,
      );
      expectRefusal(
        await call(endpoints, 'deleteComment', { token: member.accessToken, data: { postId: created.postId, commentId: bens.commentId } }),
        403,
        'PERMISSION_DENIED',
        FEED_MESSAGES.notYourComment,
      );
    }
    expectRefusal(
      await call(endpoints, 'deleteComment', { token: stranger.accessToken, data: { postId: created.postId, commentId: bens.commentId } }),
      404,
      'NOT_FOUND',
      FEED_MESSAGES.postNotFound,
    );
    expectRefusal(
      await call(endpoints, 'editComment', { token: ben.accessToken, data: { postId: created.postId, commentId: bens.commentId, content: ' ' } }),
      400,
      'INVALID_ARGUMENT',
      `Invalid request: content: ${FEED_MESSAGES.commentRequired}`,
    );
    expectRefusal(
      await call(endpoints, 'editComment', {
        token: ben.accessToken,
        data: { postId: created.postId, commentId: bens.commentId, content: 'x'.repeat(COMMENT_MAX_LENGTH + 1) },
      }),
      400,
      'INVALID_ARGUMENT',
      `Invalid request: content: ${FEED_MESSAGES.commentTooLong}`,
    );
    expectRefusal(
      await call(endpoints, 'deleteComment', { token: ben.accessToken, data: { postId: created.postId, commentId: '01HZZZZZZZZZZZZZZZZZZZZZZZ' } }),
      404,
      'NOT_FOUND',
      FEED_MESSAGES.commentNotFound,
    );
    const stored = await getItem({ pk: `POST#${created.postId}`, sk: `COMMENT#${bens.commentId}` });
    expect(stored).toMatchObject({ content: "Ben's words" });
    expect(stored?.editedAt).toBeUndefined();
    expect((await storedPost(created.postId))?.commentCount).toBe(1);

    await ok(endpoints, 'deleteComment', { token: ben.accessToken, data: { postId: created.postId, commentId: bens.commentId } });
    expectRefusal(
      await call(endpoints, 'editComment', { token: ben.accessToken, data: { postId: created.postId, commentId: bens.commentId, content: 'Back' } }),
      404,
      'NOT_FOUND',
      FEED_MESSAGES.commentNotFound,
    );
    // Cat never wrote it: a deleted comment is simply not there for her.
    expectRefusal(
      await call(endpoints, 'deleteComment', { token: cat.accessToken, data: { postId: created.postId, commentId: bens.commentId } }),
      404,
      'NOT_FOUND',
      FEED_MESSAGES.commentNotFound,
    );
    expect((await storedPost(created.postId))?.commentCount).toBe(0);
  });
});

describe('live pages', () => {
  const openPage = useLiveSockets(endpoints);

  it("an anchor's open page is told of an edit and of a delete", { timeout: 30_000 }, async () => {
    const page = await openPage(ben.accessToken);
    const created = await post(ada, 'Watched live');
    await ok(endpoints, 'editPost', { token: ada.accessToken, data: { postId: created.postId, content: 'Watched and edited' } });
    expect(await nextFrameOf(page, 'post.edited')).toEqual({ type: 'post.edited', postId: created.postId });
    await ok(endpoints, 'deletePost', { token: ada.accessToken, data: { postId: created.postId } });
    expect(await nextFrameOf(page, 'post.deleted')).toEqual({ type: 'post.deleted', postId: created.postId });
  });
});
