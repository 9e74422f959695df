import { Text } from '@mantine/core';
import { NotBuiltYet } from '../../../components/placeholder-page.tsx';

export default function AdminRoute() {
  return (
    <NotBuiltYet title="Admin panel" release="Stewardship">
      <Text c="dimmed" size="sm">
        Superusers, user removal with invite trees, and platform statistics.
      </Text>
    </NotBuiltYet>
  );
}
