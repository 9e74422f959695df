import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallableOutput } from '../../lambdas/contracts/callables.ts';
import { NOTIFICATION_MESSAGES, NOTIFICATIONS_PAGE_SIZE, type NotificationKind } from '../../lambdas/contracts/notifications.ts';
import { call, expectRefusal, ok } from '../support/callable-client.ts';
import { signIn } from '../support/local-cloud-client.ts';
import { createMember, useLocalCloudData, type TestMember } from '../support/local-cloud-members.ts';
import { openLive } from '../support/live-sockets.ts';
import { moderationClient } from '../support/moderation.ts';

/**
 * Notifications end to end: each kind produced by the real stream consumer (the local poller runs
 * the module CDK deploys), the rules (never oneself, never across a block, never a muted member's
 * likes and comments, never a kind switched off), paging, marking read under concurrency, a
 * redelivered record notifying once, a removed actor, and the live push.
 */
const endpoints = inject('endpoints');
const founder = inject('founder');
useLocalCloudData(endpoints);
const { updateUserRecord } = await import('#data/members');
const { notifyOfChange } = await import('../../lambdas/streams/notify.ts');
const { storeNotification } = await import('#data/notifications');
const { classifyChange, keys, notificationIdOf, postKeys } = await import('#data/table');
const { dynamo, tableName } = await import('#data/table');
const { GetCommand } = await import('@aws-sdk/lib-dynamodb');

let founderToken = '';
const m = moderationClient(endpoints, () => founderToken);
beforeAll(async () => {
  founderToken = (await signIn(endpoints, founder.email, founder.password)).accessToken;
});

type Listed = CallableOutput<'listNotifications'>;
const list = (member: TestMember, cursor?: string): Promise<Listed> =>
  ok(endpoints, 'listNotifications', { token: member.accessToken, data: cursor ? { cursor } : {} });

/** Reads until `done` holds (the stream runs off the request path), then answers the last read. */
async function until(member: TestMember, done: (listed: Listed) => boolean, ms = 15_000): Promise<Listed> {
  const deadline = Date.now() + ms;
  for (;;) {
    const listed = await list(member);
    if (done(listed)) return listed;
    if (Date.now() > deadline) throw new Error(`Notifications never matched: ${JSON.stringify(listed)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
const kinds = (listed: Listed) => listed.notifications.map((n) => n.kind);
const has =
  (kind: NotificationKind, count = 1) =>
  (listed: Listed) =>
    kinds(listed).filter((k) => k === kind).length >= count;

describe('notifications from the table stream', () => {
  it('tell of an anchor request received and accepted, a like, a comment and a comment in a thread; never of oneself', { timeout: 90_000 }, async () => {
    const [author, fan, other] = await Promise.all([
      createMember(endpoints, 'notif-author'),
      createMember(endpoints, 'notif-fan'),
      createMember(endpoints, 'notif-other'),
    ]);
    await ok(endpoints, 'sendAnchorRequest', { token: fan.accessToken, data: { userId: author.uid } });
    const request = await until(author, has('anchor-request'));
    expect(request.notifications[0]).toMatchObject({
      kind: 'anchor-request',
      read: false,
      actor: { uid: fan.uid, displayName: 'notif-fan member', removed: false },
    });
    expect(request.unreadCount).toBe(1);
    await ok(endpoints, 'acceptAnchorRequest', { token: author.accessToken, data: { userId: fan.uid } });
    expect((await until(fan, has('anchor-accepted'))).notifications[0]).toMatchObject({ kind: 'anchor-accepted', actor: { uid: author.uid } });

    const post = await m.post(author, 'Notify me');
    await ok(endpoints, 'togglePostLike', { token: author.accessToken, data: { postId: post.postId, liked: true } });
    await ok(endpoints, 'togglePostLike', { token: fan.accessToken, data: { postId: post.postId, liked: true } });
    await m.comment(author, post.postId, 'My own comment');
    await m.comment(fan, post.postId, 'First!');
    const listed = await until(author, (l) => has('like')(l) && has('comment')(l));
    // Their own like and comment told them nothing; the fan's did, linked to the post.
    expect(listed.notifications.filter((n) => n.kind === 'like')).toEqual([
      expect.objectContaining({ postId: post.postId, actor: expect.objectContaining({ uid: fan.uid }) }),
    ]);
    expect(listed.notifications.filter((n) => n.kind === 'comment')).toHaveLength(1);
    expect(listed.notifications.every((n) => n.actor?.uid !== author.uid)).toBe(true);

    // A later comment by someone else tells the fan (they commented in the thread) and the author.
    await m.comment(other, post.postId, 'Me too');
    const thread = await until(fan, has('thread-comment'));
    expect(thread.notifications.find((n) => n.kind === 'thread-comment')).toMatchObject({ postId: post.postId, actor: { uid: other.uid } });
    await until(author, has('comment', 2));
    // The author's own earlier comment never makes a thread notification for the author.
    expect(kinds(await list(author))).not.toContain('thread-comment');
  });

  it('tell an inviter their invitee joined, and a member of a moderation outcome', { timeout: 90_000 }, async () => {
    const [inviter, invitee, reporter] = await Promise.all([
      createMember(endpoints, 'notif-inviter'),
      createMember(endpoints, 'notif-invitee', { joined: false }),
      createMember(endpoints, 'notif-reporter'),
    ]);
    await updateUserRecord(invitee.uid, {
      UpdateExpression: 'SET invitedBy = :inviter, inviteSystem.invitedBy = :inviter, joinedAt = :now',
      ExpressionAttributeValues: { ':inviter': inviter.uid, ':now': new Date().toISOString() },
    });
    expect((await until(inviter, has('invitee-joined'))).notifications[0]).toMatchObject({ kind: 'invitee-joined', actor: { uid: invitee.uid } });

    const post = await m.post(invitee, 'Something to report');
    const reportId = await m.reported(reporter, { type: 'post', id: post.postId }, 'spam');
    expect((await m.resolve(reportId, 'warn', { noteToMember: 'Please keep it kind.' })).status).toBe(200);
    expect((await until(invitee, has('moderation'))).notifications[0]).toMatchObject({ kind: 'moderation', noticeKind: 'warning', actor: null });
    expect((await until(reporter, has('moderation'))).notifications[0]).toMatchObject({ noticeKind: 'report-resolved' });
  });

  it('never tell of a blocked member (either way) nor of a muted member’s likes and comments; kinds switched off stay quiet', { timeout: 90_000 }, async () => {
    const [author, blocked, blocker, muted, friend] = await Promise.all([
      createMember(endpoints, 'notif-quiet'),
      createMember(endpoints, 'notif-blocked'),
      createMember(endpoints, 'notif-blocker'),
      createMember(endpoints, 'notif-muted'),
      createMember(endpoints, 'notif-friend'),
    ]);
    const post = await m.post(author, 'Quiet please');
    // The blocker commented before blocking the friend: the friend's later comment tells them nothing.
    await m.comment(blocker, post.postId, 'Early words');
    await ok(endpoints, 'blockMember', { token: blocker.accessToken, data: { userId: friend.uid } });
    await ok(endpoints, 'blockMember', { token: author.accessToken, data: { userId: blocked.uid } });
    await ok(endpoints, 'muteMember', { token: author.accessToken, data: { userId: muted.uid } });
    await ok(endpoints, 'togglePostLike', { token: muted.accessToken, data: { postId: post.postId, liked: true } });
    await m.comment(muted, post.postId, 'Muted words');
    // A muted member's anchor request still arrives: a mute quiets content only.
    await ok(endpoints, 'sendAnchorRequest', { token: muted.accessToken, data: { userId: author.uid } });
    // A blocked member can no longer like the post; their like arriving anyway (from before the block) tells nothing.
    await notifyOfChange(
      classifyChange({
        eventName: 'INSERT',
        sequenceNumber: 'blocked-like',
        newImage: { ...postKeys.like(post.postId, blocked.uid), likerId: blocked.uid, likedAt: new Date().toISOString() },
      }),
    );
    await m.comment(friend, post.postId, 'Friendly words');
    const listed = await until(author, (l) => has('anchor-request')(l) && has('comment', 2)(l));
    const byActor = (uid: string) => listed.notifications.filter((n) => n.actor?.uid === uid).map((n) => n.kind);
    expect(byActor(blocked.uid)).toEqual([]);
    expect(byActor(muted.uid)).toEqual(['anchor-request']);
    expect(byActor(friend.uid)).toEqual(['comment']);
    // The friend's comment reached the author; the blocker, who blocked the friend, heard nothing of it.
    const blockerHeard = await until(blocker, has('thread-comment'));
    expect(blockerHeard.notifications.map((n) => n.actor?.uid)).toEqual([muted.uid]);

    // Likes switched off: a like tells nothing, a comment still does.
    const saved = await ok(endpoints, 'updateNotificationSettings', { token: author.accessToken, data: { settings: { like: false } } });
    expect(saved.settings).toMatchObject({ like: false, comment: true, moderation: true });
    expect((await ok(endpoints, 'getNotificationSettings', { token: author.accessToken })).settings.like).toBe(false);
    const second = await m.post(author, 'No likes news');
    await ok(endpoints, 'togglePostLike', { token: friend.accessToken, data: { postId: second.postId, liked: true } });
    await m.comment(friend, second.postId, 'But comments');
    const onSecond = await until(author, (l) => l.notifications.some((n) => n.postId === second.postId));
    expect(onSecond.notifications.filter((n) => n.postId === second.postId).map((n) => n.kind)).toEqual(['comment']);
  });

  it('push notifications.changed to the recipient’s open pages', { timeout: 60_000 }, async () => {
    const [author, fan] = await Promise.all([createMember(endpoints, 'notif-live-author'), createMember(endpoints, 'notif-live-fan')]);
    const page = await openLive(endpoints, author.accessToken);
    try {
      const post = await m.post(author, 'Live bell');
      await ok(endpoints, 'togglePostLike', { token: fan.accessToken, data: { postId: post.postId, liked: true } });
      const deadline = Date.now() + 10_000;
      for (;;) {
        const frame = (await page.next(Math.max(1, deadline - Date.now()))) as { type: string };
        if (frame.type === 'notifications.changed') break;
      }
    } finally {
      await page.close();
    }
  });
});

describe('toggles tell their target once', () => {
  it('a like/unlike loop tells the author of one like; a like of another post, or by another member, is news', { timeout: 90_000 }, async () => {
    const [author, fan, friend] = await Promise.all([
      createMember(endpoints, 'notif-toggle-author'),
      createMember(endpoints, 'notif-toggle-fan'),
      createMember(endpoints, 'notif-toggle-friend'),
    ]);
    const [post, other] = [await m.post(author, 'Toggle me'), await m.post(author, 'And me')];
    const like = (member: TestMember, postId: string, liked: boolean) =>
      ok(endpoints, 'togglePostLike', { token: member.accessToken, data: { postId, liked } });
    for (const liked of [true, false, true, false, true]) await like(fan, post.postId, liked);
    await like(friend, post.postId, true);
    await like(fan, other.postId, true);
    // The stream reads a post's partition in order: once the comment after the likes is told, every like was.
    await m.comment(fan, post.postId, 'After the likes');
    await m.comment(fan, other.postId, 'After the like');
    const listed = await until(author, has('comment', 2));
    const likes = listed.notifications.filter((n) => n.kind === 'like').map((n) => `${n.actor?.uid}:${n.postId}`);
    expect(likes.sort()).toEqual([`${fan.uid}:${post.postId}`, `${fan.uid}:${other.postId}`, `${friend.uid}:${post.postId}`].sort());
    expect(listed.unreadCount).toBe(5);
  });

  it('a send/withdraw loop of anchor requests tells its target once', { timeout: 90_000 }, async () => {
    const [target, asker] = await Promise.all([createMember(endpoints, 'notif-toggle-target'), createMember(endpoints, 'notif-toggle-asker')]);
    const send = () => ok(endpoints, 'sendAnchorRequest', { token: asker.accessToken, data: { userId: target.uid } });
    const withdraw = () => ok(endpoints, 'removeAnchorRequest', { token: asker.accessToken, data: { userId: target.uid } });
    await send();
    await until(target, has('anchor-request'));
    await withdraw();
    await send();
    await withdraw();
    await send();
    // The last request's own change, told here (as the stream tells it, or tells it again: either way once).
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.anchorEdge(target.uid, asker.uid), ConsistentRead: true }));
    expect(Item).toMatchObject({ status: 'pending', direction: 'received' });
    await notifyOfChange(classifyChange({ eventName: 'INSERT', sequenceNumber: 'last-request', newImage: Item }));
    const listed = await list(target);
    expect(listed.notifications.filter((n) => n.kind === 'anchor-request')).toHaveLength(1);
    expect(listed.unreadCount).toBe(1);
  });
});

describe('reading and marking notifications', () => {
  it('a redelivered stream record notifies once', { timeout: 60_000 }, async () => {
    const [author, fan] = await Promise.all([createMember(endpoints, 'notif-redeliver-author'), createMember(endpoints, 'notif-redeliver-fan')]);
    const post = await m.post(author, 'Once only');
    await ok(endpoints, 'togglePostLike', { token: fan.accessToken, data: { postId: post.postId, liked: true } });
    const first = await until(author, has('like'));
    const likedAt = first.notifications[0]?.createdAt ?? '';
    // The same stream record again, as the event source mapping would after a failed batch.
    const like = { ...keys.user('x'), pk: `POST#${post.postId}`, sk: `LIKE#${fan.uid}`, likerId: fan.uid, uid: fan.uid, likedAt };
    await notifyOfChange(classifyChange({ eventName: 'INSERT', sequenceNumber: 'again', newImage: like }));
    await notifyOfChange(classifyChange({ eventName: 'INSERT', sequenceNumber: 'again-2', newImage: like }));
    const again = await list(author);
    expect(again.notifications.filter((n) => n.kind === 'like')).toHaveLength(1);
    expect(again.unreadCount).toBe(1);
  });

  it('pages newest first, marks read exactly under racing calls, and forgets every notification naming a member who left', { timeout: 90_000 }, async () => {
    const [reader, actor] = await Promise.all([createMember(endpoints, 'notif-pager'), createMember(endpoints, 'notif-pager-actor')]);
    const base = Date.parse('2026-11-01T00:00:00.000Z');
    const total = NOTIFICATIONS_PAGE_SIZE + 5;
    const store = async (i: number) => {
      const at = new Date(base + i * 1000).toISOString();
      await storeNotification(reader.uid, {
        notificationId: notificationIdOf(at, `paging\n${i}`),
        kind: 'like',
        createdAt: at,
        actor: { uid: actor.uid, displayName: 'notif-pager-actor member', pictureKey: '' },
        postId: `post-${i}`,
        postAuthorId: reader.uid,
        commentId: null,
        noticeKind: null,
      });
    };
    for (let i = 0; i < total; i++) await store(i);
    const first = await list(reader);
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.unreadCount).toBe(total);
    expect(first.notifications[0]?.postId).toBe(`post-${total - 1}`);
    const second = await list(reader, first.nextCursor ?? undefined);
    expect(second.notifications.map((n) => n.postId)).toEqual(['post-4', 'post-3', 'post-2', 'post-1', 'post-0']);
    expect(second.nextCursor).toBeNull();

    // Five racing calls marking the same three, with a repeat: the count falls by exactly three.
    const three = first.notifications.slice(0, 3).map((n) => n.notificationId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => ok(endpoints, 'markNotificationsRead', { token: reader.accessToken, data: { ids: three } })),
    );
    expect(answers.map((a) => a.unreadCount).every((count) => count === total - 3)).toBe(true);
    const after = await list(reader);
    expect(after.unreadCount).toBe(total - 3);
    expect(after.notifications.slice(0, 4).map((n) => n.read)).toEqual([true, true, true, false]);
    // All, twice at once: zero, and still zero.
    const all = await Promise.all([1, 2].map(() => ok(endpoints, 'markNotificationsRead', { token: reader.accessToken, data: { all: true } })));
    expect(all.map((a) => a.unreadCount)).toEqual([0, 0]);
    expect((await list(reader)).unreadCount).toBe(0);

    // One more, unread; then the actor deletes their account: every notification naming them goes
    // with them (nothing may name a member who left), and the unread count follows exactly.
    await store(total);
    expect((await list(reader)).unreadCount).toBe(1);
    await ok(endpoints, 'deleteMyAccount', { token: actor.accessToken, data: { confirmationText: 'DELETE MY ACCOUNT' } });
    const gone = await list(reader);
    expect(gone.notifications).toEqual([]);
    expect(gone.unreadCount).toBe(0);
  });

  it('refuses a mark with both or neither of ids and all, and ids that are not notification ids', { timeout: 30_000 }, async () => {
    const member = await createMember(endpoints, 'notif-refusals');
    expectRefusal(
      await call(endpoints, 'markNotificationsRead', { token: member.accessToken, data: {} }),
      400,
      'INVALID_ARGUMENT',
      expect.stringContaining(NOTIFICATION_MESSAGES.markOneWay),
    );
    expectRefusal(
      await call(endpoints, 'markNotificationsRead', { token: member.accessToken, data: { ids: ['01JD0000000000000000000000'], all: true } }),
      400,
      'INVALID_ARGUMENT',
      expect.stringContaining(NOTIFICATION_MESSAGES.markOneWay),
    );
    expectRefusal(await call(endpoints, 'markNotificationsRead', { token: member.accessToken, data: { ids: ['NOTIF#x'] } }), 400, 'INVALID_ARGUMENT');
    // Someone else's id (or none at all) marks nothing.
    expect((await ok(endpoints, 'markNotificationsRead', { token: member.accessToken, data: { ids: ['01JD0000000000000000000000'] } })).unreadCount).toBe(0);
  });
});
