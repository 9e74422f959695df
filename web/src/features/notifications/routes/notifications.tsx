import { Alert, Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { AppNotification } from '#contracts/notifications';
import { EmptyState } from '../../../components/empty-state.tsx';
import { RowSkeletons } from '../../../components/skeletons.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { notificationLink, notificationText, useMarkNotificationsRead, useNotificationPages } from '../api/notifications.ts';
import { FIND_ANCHORS_PATH } from '../../../lib/paths.ts';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function NotificationRow({ notification }: { notification: AppNotification }) {
  const name = notification.actor?.displayName ?? 'Anchored';
  return (
    <li data-testid="notification" data-read={notification.read} style={{ borderTop: '1px solid var(--mantine-color-gray-3)', padding: '10px 0' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar name={name} picture={notification.actor?.profilePicture} size="md" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={notificationLink(notification)} fw={notification.read ? 400 : 600} size="sm">
            {notificationText(notification)}
          </Anchor>
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {when(notification.createdAt)}
            </Text>
            {!notification.read && (
              <Badge size="xs" color="blue" variant="light">
                New
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </li>
  );
}

/**
 * /notifications: newest first, 20 a page (Load older notifications). What the page shows unread is
 * marked read as soon as it has been shown (the bell's count falls with it), and Mark all as read
 * marks everything, shown or not.
 */
export default function NotificationsRoute() {
  const pages = useNotificationPages();
  const mark = useMarkNotificationsRead();
  const notifications = pages.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = pages.data?.pages[0]?.unreadCount ?? 0;
  const marked = useRef(new Set<string>());

  const shownUnread = notifications
    .filter((n) => !n.read)
    .map((n) => n.notificationId)
    .join(',');
  const { mutate } = mark;
  useEffect(() => {
    // Each shown unread notification is marked once, even while the page reads again.
    const ids = shownUnread ? shownUnread.split(',').filter((id) => !marked.current.has(id)) : [];
    if (ids.length === 0) return;
    for (const id of ids) marked.current.add(id);
    mutate({ ids });
  }, [shownUnread, mutate]);

  return (
    <Container size={700} py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          Notifications
        </Title>
        <Button variant="light" onClick={() => mark.mutate({ all: true })} loading={mark.isPending} disabled={unread === 0}>
          Mark all as read
        </Button>
      </Group>
      <Card withBorder padding="md">
        {pages.isPending && <RowSkeletons label="Loading your notifications" count={4} />}
        {pages.isError && (
          <Alert color="red" role="alert" p="xs">
            Your notifications could not be loaded. Please try again.
          </Alert>
        )}
        {pages.isSuccess && notifications.length === 0 && (
          <EmptyState
            testId="no-notifications"
            message="No notifications yet."
            hint="Anchor requests, likes and comments on your posts will show up here. Anchor with people you know to get started."
            steps={[{ label: 'Find anchors', to: FIND_ANCHORS_PATH }]}
          />
        )}
        {notifications.length > 0 && (
          <Stack gap={0} component="ul" aria-label="Your notifications" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {notifications.map((notification) => (
              <NotificationRow key={notification.notificationId} notification={notification} />
            ))}
          </Stack>
        )}
        {pages.hasNextPage && (
          <Button variant="subtle" mt="sm" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            Load older notifications
          </Button>
        )}
      </Card>
    </Container>
  );
}
