import { Alert, Anchor, Button, Card, Code, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '#contracts/user';
import { loadAccountAuth } from '../api/account-controls.ts';

const authenticatorKey = (uid: string) => ['account', 'authenticator', uid] as const;

/**
 * Security, for admins: an authenticator app (TOTP) as the second step of every sign-in. On prod
 * the admin panel refuses an admin without one (lambdas/http/admin-mfa.ts).
 */
export function SecurityCard({ me }: { me: User }) {
  const queryClient = useQueryClient();
  const enrolled = useQuery({ queryKey: authenticatorKey(me.uid), queryFn: async () => (await loadAccountAuth()).hasAuthenticatorApp() });
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useMutation({ mutationFn: async () => (await loadAccountAuth()).startAuthenticatorSetup(me.email) });
  const finish = useMutation({ mutationFn: async (typed: string) => (await loadAccountAuth()).finishAuthenticatorSetup(typed) });

  const begin = () => {
    setError(null);
    start.mutate(undefined, { onSuccess: setSetup, onError: () => setError('Could not start the set-up. Please try again.') });
  };
  const verify = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    finish.mutate(code, {
      onSuccess: () => {
        setSetup(null);
        queryClient.setQueryData(authenticatorKey(me.uid), true);
      },
      onError: async (failure) => setError((await loadAccountAuth()).accountErrorMessage(failure, 'Could not turn on two-step sign-in. Please try again.')),
    });
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Security
        </Title>
        {enrolled.data === true ? (
          <Alert color="green" role="status" title="Two-step sign-in is on">
            Every sign-in asks for a code from your authenticator app.
          </Alert>
        ) : (
          <Alert color="yellow" role="note" title="Admins: turn on two-step sign-in" styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}>
            An admin account can remove members, so it needs more than a password. Add an authenticator app: on the live site the admin panel refuses admins
            without one.
          </Alert>
        )}
        {enrolled.isError && <Text size="sm">We could not check your two-step sign-in. Please reload the page.</Text>}
        {enrolled.data === false && !setup && (
          <div>
            <Button onClick={begin} loading={start.isPending}>
              Set Up Authenticator App
            </Button>
          </div>
        )}
        {setup && (
          <form onSubmit={verify} noValidate>
            <Stack gap="sm">
              <Text size="sm">
                In your authenticator app, add an account with this key (or <Anchor href={setup.uri}>open it in the app</Anchor>), then enter the 6-digit code
                it shows.
              </Text>
              <Code block style={{ overflowWrap: 'anywhere' }} data-testid="totp-secret">
                {setup.secret}
              </Code>
              <TextInput
                label="Code from the app"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
              <div>
                <Button type="submit" loading={finish.isPending} disabled={code.trim().length !== 6}>
                  Turn On
                </Button>
              </div>
            </Stack>
          </form>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
