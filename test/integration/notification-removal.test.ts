import { describe, expect, inject, it } from 'vitest';
import { createMember, useLocalCloudData } from '../support/local-cloud-members.ts';

/**
 * forgetNotificationsBy (lambdas/data/notifications/notification-removal.ts), the removal step that deletes the
 * notifications naming a member who leaves, on more than one transaction holds: a recipient with
 * 120 from the actor (some read), others with a few each, and one from someone else who stays.
 * Every one naming the actor goes and every recipient's unread count stays exact.
 */
const endpoints = inject('endpoints');
useLocalCloudData(endpoints);
const { storeNotification, markRead, unreadCount, unreadIds, listNotificationPage } = await import('#data/notifications');
const { notificationIdOf } = await import('#data/table');
const { forgetNotificationsBy } = await import('#data/notifications');

describe("removing a member's notifications in packed transactions", () => {
  it('deletes every notification naming the actor across several transactions, each recipient counted exactly', { timeout: 120_000 }, async () => {
    const label = (name: string) => createMember(endpoints, `notif-rm-${name}`);
    const [many, few, readOnly, actor, other] = [await label('many'), await label('few'), await label('read'), await label('actor'), await label('other')];
    const base = Date.parse('2026-11-02T00:00:00.000Z');
    let n = 0;
    const store = async (recipient: string, by: string) => {
      const at = new Date(base + n++ * 1000).toISOString();
      const notificationId = notificationIdOf(at, `removal\n${n}`);
      await storeNotification(recipient, {
        notificationId,
        kind: 'like',
        createdAt: at,
        actor: { uid: by, displayName: 'someone', pictureKey: '' },
        postId: `post-${n}`,
        postAuthorId: recipient,
        commentId: null,
        noticeKind: null,
      });
      return notificationId;
    };
    const manyIds: string[] = [];
    for (let i = 0; i < 120; i++) manyIds.push(await store(many.uid, actor.uid));
    for (let i = 0; i < 3; i++) await store(few.uid, actor.uid);
    const readIds = [await store(readOnly.uid, actor.uid), await store(readOnly.uid, actor.uid)];
    const stays = await store(many.uid, other.uid);
    // Some read: they go without touching the counter.
    await markRead(many.uid, manyIds.slice(0, 40));
    await markRead(readOnly.uid, readIds);
    expect(await Promise.all([many, few, readOnly].map((member) => unreadCount(member.uid)))).toEqual([81, 3, 0]);

    await forgetNotificationsBy(actor.uid);
    expect(await Promise.all([many, few, readOnly].map((member) => unreadCount(member.uid)))).toEqual([1, 0, 0]);
    expect(await unreadIds(many.uid)).toEqual([stays]);
    expect(await unreadIds(few.uid)).toEqual([]);
    // The read ones went too: what is left is the other member's notification alone.
    const left = await Promise.all([many, few, readOnly].map(async (member) => (await listNotificationPage(member.uid, undefined)).items));
    expect(left.map((items) => items.map((item) => item.notificationId))).toEqual([[stays], [], []]);

    // A repeat finds nothing to do.
    await forgetNotificationsBy(actor.uid);
    expect(await unreadCount(many.uid)).toBe(1);
  });
});
