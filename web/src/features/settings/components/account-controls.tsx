import { Stack } from '@mantine/core';
import type { User } from '#contracts/user';
import { ChangeEmailCard } from './change-email-card.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';
import { SecurityCard } from './security-card.tsx';
import { SignOutEverywhereCard } from './sign-out-everywhere-card.tsx';

/**
 * Account controls while signed in, in Settings › Account. They live in the settings
 * feature, not in web/src/components: only this screen uses them. Security (an authenticator app) is offered to admins, whom the admin panel asks for one.
 */
export function AccountControls({ me }: { me: User }) {
  return (
    <Stack gap="lg">
      {me.isAdmin && <SecurityCard me={me} />}
      <ChangePasswordCard />
      <ChangeEmailCard me={me} />
      <SignOutEverywhereCard />
    </Stack>
  );
}
