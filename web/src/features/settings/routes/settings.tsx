import { Text } from '@mantine/core';
import { NotBuiltYet } from '../../../components/placeholder-page.tsx';

export default function SettingsRoute() {
  return (
    <NotBuiltYet title="Settings" release="Social core">
      <Text c="dimmed" size="sm">
        Profile, privacy and account settings, including deleting your account.
      </Text>
    </NotBuiltYet>
  );
}
