import { Text } from '@mantine/core';
import { NotBuiltYet } from '../../../components/placeholder-page.tsx';

export default function DevToolsRoute() {
  return (
    <NotBuiltYet title="Developer tools" release="Social core">
      <Text c="dimmed" size="sm">
        Your user id and dummy anchors for trying the product locally.
      </Text>
    </NotBuiltYet>
  );
}
