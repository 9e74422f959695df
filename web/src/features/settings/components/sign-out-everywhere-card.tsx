import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '#contracts/account';
import { useSignOut } from '../../../lib/session.ts';
import { useSignOutEverywhere } from '../api/account-controls.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * Every session ends, this one too (Cognito's global sign-out revokes this browser's refresh token
 * as well): this tab signs out and lands on sign-in; other browsers are refused at their next call.
 */
export function SignOutEverywhereCard() {
  const everywhere = useSignOutEverywhere();
  const signOut = useSignOut();
  const navigate = useNavigate();

  const run = () =>
    everywhere.mutate(undefined, {
      onSuccess: () =>
        // To sign-in first, with the notice; then forget (forgetting first would let the guard redirect without it).
        void Promise.resolve(navigate(paths.signIn, { replace: true, state: { notice: ACCOUNT_MESSAGES.signedOutEverywhere } })).finally(() =>
          signOut.mutate(),
        ),
    });

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Sign out everywhere
        </Title>
        <Text size="sm">Signs you out on every device and browser at once, this one included. Use it if you signed in somewhere you no longer trust.</Text>
        {everywhere.isError && (
          <Alert color="red" role="alert">
            {ACCOUNT_MESSAGES.signOutFailed}
          </Alert>
        )}
        <div>
          <Button variant="outline" color="red" onClick={run} loading={everywhere.isPending || signOut.isPending}>
            Sign Out Everywhere
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
