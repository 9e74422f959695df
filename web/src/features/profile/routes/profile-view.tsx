import { Text } from '@mantine/core';
import { NotBuiltYet } from '../../../components/placeholder-page.tsx';

export default function ProfileViewRoute() {
  return (
    <NotBuiltYet title="Profile" release="Social core">
      <Text c="dimmed" size="sm">
        A member’s picture, bio, location and invites, with Add Anchor for others.
      </Text>
    </NotBuiltYet>
  );
}
