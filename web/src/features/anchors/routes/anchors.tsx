import { Text } from '@mantine/core';
import { NotBuiltYet } from '../../../components/placeholder-page.tsx';

export default function AnchorsRoute() {
  return (
    <NotBuiltYet title="Manage Your Anchors" release="Social core">
      <Text c="dimmed" size="sm">
        Your anchors (up to 100), pending requests and a search for new anchors.
      </Text>
    </NotBuiltYet>
  );
}
