import { Text } from '@mantine/core';
import { NotBuiltYet } from '../../../components/placeholder-page.tsx';

export default function RegisterRoute() {
  return (
    <NotBuiltYet title="Create your account" release="Joining">
      <Text c="dimmed" size="sm">
        Step 2 of joining: display name, email and password.
      </Text>
    </NotBuiltYet>
  );
}
