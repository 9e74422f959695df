import { FORMER_MEMBER_NAME } from '#contracts/notifications';
import { isHiddenFrom } from '#domain/moderation-lists';
import { getModerationLists } from '#data/graph';
import { currentActors, listNotificationPage, servedPicture, unreadCount } from '#data/notifications';
import { defineCallable } from '#http/define-callable';

/**
 * A page of the caller's notifications and the exact unread count. The actors are looked up once
 * (one BatchGet): a member who has left reads as a former member with no picture (their pictures
 * are deleted with them), and one blocked since, either way, is left out of the page.
 */
export const handler = defineCallable('listNotifications', async ({ cursor }, { caller }) => {
  const [page, unread, lists] = await Promise.all([listNotificationPage(caller.uid, cursor), unreadCount(caller.uid), getModerationLists(caller.uid)]);
  const actors = await currentActors(page.items.flatMap((item) => (item.actorId ? [item.actorId] : [])));
  const notifications = page.items
    .filter((item) => !(item.actorId && isHiddenFrom(lists, item.actorId)))
    .map(({ actorId, actorName, ...item }) => {
      if (!actorId) return { ...item, actor: null };
      const picture = actors.get(actorId);
      return {
        ...item,
        actor:
          picture === undefined
            ? { uid: actorId, displayName: FORMER_MEMBER_NAME, profilePicture: '', removed: true }
            : { uid: actorId, displayName: actorName, profilePicture: servedPicture(picture), removed: false },
      };
    });
  return { notifications, nextCursor: page.nextCursor, unreadCount: unread };
});
