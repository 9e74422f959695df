import { Text } from '@mantine/core';
import { NotBuiltYet } from '../../../components/placeholder-page.tsx';

export default function SignUpRoute() {
  return (
    <NotBuiltYet title="Join Anchored" release="Joining">
      <Text c="dimmed" size="sm">
        Step 1 of joining: enter the 8-character invite code a member gave you.
      </Text>
    </NotBuiltYet>
  );
}
