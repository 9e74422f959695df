import { Text } from '@mantine/core';
import { NotBuiltYet } from '../../../components/placeholder-page.tsx';

export default function ProfileSetupRoute() {
  return (
    <NotBuiltYet title="Complete Your Profile" release="Joining">
      <Text c="dimmed" size="sm">
        Step 4 of joining: picture, bio, birthday, location, contact details and privacy.
      </Text>
    </NotBuiltYet>
  );
}
