import type { CallableName } from '#contracts/callables';
import { PARTITIONS } from '#data/table';
import type { CallableHandlerEntry } from '../../handler-row.ts';

/** Server rows of the notifications callables: handler module and least-privilege grants (see handler-row.ts). */
export const notificationsHandlers = {
  // read: the page, the unread counter and the actors' records (is each still a member).
  listNotifications: { entry: 'handlers/notifications/list-notifications.ts', permissions: { table: 'read' } },
  // readWrite: the read flags and the unread counter, in one transaction.
  markNotificationsRead: { entry: 'handlers/notifications/mark-notifications-read.ts', permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member] } },
  getNotificationSettings: { entry: 'handlers/notifications/get-notification-settings.ts', permissions: { table: 'read' } },
  // readWrite: the record's notificationSettings map.
  updateNotificationSettings: {
    entry: 'handlers/notifications/update-notification-settings.ts',
    permissions: { table: 'readWrite', tableWrites: [PARTITIONS.member] },
  },
} as const satisfies Partial<Record<CallableName, CallableHandlerEntry>>;
