import { ActionIcon, Indicator } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useUnreadNotificationCount } from '../api/notifications.ts';
import { paths } from '../../../lib/paths.ts';

/** The accessible name of the bell: the unread count in words. */
export function bellLabel(unread: number): string {
  return unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
}

/** The header's bell (desktop and phone): the unread count, kept live by notifications.changed; opens /notifications. */
export function NotificationBell() {
  const unread = useUnreadNotificationCount();
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" disabled={unread === 0} offset={4}>
      <ActionIcon component={Link} to={paths.notifications} variant="subtle" size="lg" aria-label={bellLabel(unread)} data-testid="notification-bell">
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
      </ActionIcon>
    </Indicator>
  );
}
