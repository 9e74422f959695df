import { Alert, Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, NOTIFICATION_MESSAGES } from '#contracts/notifications';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notifications.ts';

/** Settings: each kind of notification on or off, saved as it is switched (only that kind changes). */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="notification-settings-title">
      <Title order={2} size="h4" id="notification-settings-title" mb="xs">
        Notifications
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Choose what the bell tells you about. Members you blocked, or who blocked you, never reach it, nor do likes and comments of members you muted.
      </Text>
      {settings.isPending && <Loader size="sm" aria-label="Loading notification settings" />}
      {settings.isError && (
        <Alert color="red" role="alert" p="xs">
          Notification settings could not be loaded. Please try again.
        </Alert>
      )}
      {settings.data && (
        <Stack gap="sm">
          {NOTIFICATION_KINDS.map((kind) => (
            <Switch
              key={kind}
              label={NOTIFICATION_KIND_LABELS[kind]}
              checked={settings.data.settings[kind]}
              disabled={update.isPending}
              onChange={(event) => update.mutate({ [kind]: event.currentTarget.checked })}
            />
          ))}
        </Stack>
      )}
      {update.isError && (
        <Alert color="red" role="alert" p="xs" mt="sm">
          {NOTIFICATION_MESSAGES.settingsFailed}
        </Alert>
      )}
      {update.isSuccess && (
        <Text size="sm" c="green" role="status" mt="sm">
          {NOTIFICATION_MESSAGES.settingsSaved}
        </Text>
      )}
    </Card>
  );
}
