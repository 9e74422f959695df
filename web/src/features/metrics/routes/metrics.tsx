import { Text } from '@mantine/core';
import { NotBuiltYet } from '../../../components/placeholder-page.tsx';

export default function MetricsRoute() {
  return (
    <NotBuiltYet title="Metrics" release="Stewardship">
      <Text c="dimmed" size="sm">
        Community health: users, active members, invite acceptance and top cities.
      </Text>
    </NotBuiltYet>
  );
}
