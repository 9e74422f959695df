import { Text } from '@mantine/core';
import { NotBuiltYet } from '../../../components/placeholder-page.tsx';

export default function VerifyEmailRoute() {
  return (
    <NotBuiltYet title="Verify your email" release="Joining">
      <Text c="dimmed" size="sm">
        Step 3 of joining: confirm the code we email you.
      </Text>
    </NotBuiltYet>
  );
}
