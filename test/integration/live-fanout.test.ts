import { describe, expect, inject, it } from 'vitest';
import { ok } from '../support/callable-client.ts';
import { nextFrameOf, useLiveSockets } from '../support/live-sockets.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';

/**
 * Push end to end: a member's action writes the table, the table's stream reaches the consumer
 * (the local poller runs the module CDK deploys), and its reactions push to open sockets. Who gets
 * what: the author's accepted anchors (and the author), never an ex-anchor, another member or a
 * member being removed; a reconnect catches up with one read.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { markRemovalPending } = await import('#data/members');

const openPage = useLiveSockets(endpoints);

async function anchor(a: TestMember, b: TestMember): Promise<void> {
  await ok(endpoints, 'sendAnchorRequest', { token: a.accessToken, data: { userId: b.uid } });
  await ok(endpoints, 'acceptAnchorRequest', { token: b.accessToken, data: { userId: a.uid } });
}

describe('push through the table stream', () => {
  it("reaches the author's anchors with a new post, its counts and its comment, and nobody else", { timeout: 90_000 }, async () => {
    const [author, reader, exAnchor, stranger] = await Promise.all([
      createMember(endpoints, 'push-author'),
      createMember(endpoints, 'push-reader'),
      createMember(endpoints, 'push-ex-anchor'),
      createMember(endpoints, 'push-stranger'),
    ]);
    await anchor(author, reader);
    await anchor(author, exAnchor);
    await ok(endpoints, 'removeAnchor', { token: exAnchor.accessToken, data: { userId: author.uid } });
    const [readerPage, exAnchorPage, strangerPage] = await Promise.all([
      openPage(reader.accessToken),
      openPage(exAnchor.accessToken),
      openPage(stranger.accessToken),
    ]);

    const post = await ok(endpoints, 'createPost', { token: author.accessToken, data: { content: 'Pushed to my anchors', privacy: 'anchors' } });
    expect(await nextFrameOf(readerPage, 'feed.post')).toEqual({ type: 'feed.post', postId: post.postId, authorId: author.uid });
    await ok(endpoints, 'togglePostLike', { token: reader.accessToken, data: { postId: post.postId, liked: true } });
    expect(await nextFrameOf(readerPage, 'post.counts')).toEqual({ type: 'post.counts', postId: post.postId, likeCount: 1, commentCount: 0 });
    const { comment } = await ok(endpoints, 'addComment', { token: reader.accessToken, data: { postId: post.postId, content: 'Seen it live' } });
    expect(await nextFrameOf(readerPage, 'comment.added')).toEqual({ type: 'comment.added', postId: post.postId, commentId: comment.commentId });

    // Everything for the reader has arrived; the others got none of it (setting up sent only
    // anchors.changed, and notifications.changed for the request and its acceptance, whenever the
    // stream reached them).
    const setUp = new Set(['anchors.changed', 'notifications.changed']);
    for (const page of [exAnchorPage, strangerPage]) {
      expect(page.received.filter((frame) => !setUp.has((frame as { type: string }).type))).toEqual([]);
    }
    expect(await strangerPage.nothingWithin(500)).toBe(true);
  });

  it('tells a member of an anchor request and its acceptance on their open pages', { timeout: 60_000 }, async () => {
    const [asker, asked] = await Promise.all([createMember(endpoints, 'push-asker'), createMember(endpoints, 'push-asked')]);
    const [askerPage, askedPage] = await Promise.all([openPage(asker.accessToken), openPage(asked.accessToken)]);
    await ok(endpoints, 'sendAnchorRequest', { token: asker.accessToken, data: { userId: asked.uid } });
    expect(await nextFrameOf(askedPage, 'anchors.changed')).toEqual({ type: 'anchors.changed' });
    await ok(endpoints, 'acceptAnchorRequest', { token: asked.accessToken, data: { userId: asker.uid } });
    // The asker hears of the request they sent, then of its acceptance.
    await nextFrameOf(askerPage, 'anchors.changed');
    expect(await nextFrameOf(askerPage, 'anchors.changed')).toEqual({ type: 'anchors.changed' });
  });

  it('a page that reconnects catches up with one read of what it missed', { timeout: 60_000 }, async () => {
    const [author, reader] = await Promise.all([createMember(endpoints, 'push-late-author'), createMember(endpoints, 'push-late-reader')]);
    await anchor(author, reader);
    const first = await openPage(reader.accessToken);
    await first.close();
    const missed = await ok(endpoints, 'createPost', { token: author.accessToken, data: { content: 'Posted while the page was away', privacy: 'anchors' } });
    const again = await openPage(reader.accessToken);
    // The client's catch-up: one read of the feed's first page after the reconnect.
    await expect
      .poll(async () => (await ok(endpoints, 'getFeed', { token: reader.accessToken })).posts.map((p) => p.postId), { timeout: 30_000 })
      .toContain(missed.postId);
    // And from now on it is pushed again.
    const next = await ok(endpoints, 'createPost', { token: author.accessToken, data: { content: 'Posted while the page is here', privacy: 'anchors' } });
    // (The missed post's own push may still come first, if the stream reached it after the reconnect.)
    let pushed = await nextFrameOf(again, 'feed.post');
    if (pushed.postId === missed.postId) pushed = await nextFrameOf(again, 'feed.post');
    expect(pushed).toMatchObject({ postId: next.postId });
  });

  it("ends a member's open pages when their removal begins: session.ended, then the socket closes", { timeout: 60_000 }, async () => {
    const leaving = await createMember(endpoints, 'push-leaving');
    const page = await openPage(leaving.accessToken);
    // What a frozen removal job does to each member of the tree; the stream does the rest.
    await markRemovalPending([leaving.uid], leaving.uid);
    expect(await nextFrameOf(page, 'session.ended')).toEqual({ type: 'session.ended', reason: 'removed' });
    await page.closed;
  });
});
