import { markRead, unreadCount, unreadIds } from '#data/notifications';
import { defineCallable } from '#http/define-callable';

/** Marks the named notifications (or every unread one) read; a repeat changes nothing. */
export const handler = defineCallable('markNotificationsRead', async ({ ids, all }, { caller }) => {
  await markRead(caller.uid, all ? await unreadIds(caller.uid) : (ids ?? []));
  return { unreadCount: await unreadCount(caller.uid) };
});
