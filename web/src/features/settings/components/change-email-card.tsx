import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '#contracts/account';
import type { User } from '#contracts/user';
import { isApiError } from '../../../lib/api-client.ts';
import { loadAccountAuth, useConfirmEmailChange, useRequestEmailChange } from '../api/account-controls.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Two steps: the new address (Cognito sends it a code; the old one stays until then), then the code.
 * A failure says why in the member's words: taken, wrong code, or the general sentence.
 */
export function ChangeEmailCard({ me }: { me: User }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange(me);

  const explain = async (failure: unknown) => {
    if (isApiError(failure)) return setError(isApiError(failure, 'aborted') ? failure.message : ACCOUNT_MESSAGES.emailFailed);
    setError((await loadAccountAuth()).accountErrorMessage(failure, ACCOUNT_MESSAGES.emailFailed));
  };

  const sendCode = (event: React.FormEvent) => {
    event.preventDefault();
    const wanted = email.trim();
    if (!EMAIL_PATTERN.test(wanted)) return setError('Please enter a valid email address');
    if (wanted.toLowerCase() === me.email.toLowerCase()) return setError(ACCOUNT_MESSAGES.emailUnchanged);
    setError(null);
    request.mutate(wanted, { onSuccess: () => setPending(wanted), onError: explain });
  };

  const verify = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    confirm.mutate(code, {
      onSuccess: () => {
        setPending(null);
        setEmail('');
        setCode('');
      },
      onError: explain,
    });
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Change email
        </Title>
        <Text size="sm" c="dimmed">
          You sign in with this address. It changes once you enter the code we send to the new one.
        </Text>
        {pending ? (
          <form onSubmit={verify} noValidate>
            <Stack gap="sm">
              <Text size="sm" role="status">
                {ACCOUNT_MESSAGES.emailCodeSent} ({pending})
              </Text>
              <TextInput
                label="Verification code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
              <Group>
                <Button type="submit" loading={confirm.isPending} disabled={!code.trim()}>
                  Verify Email
                </Button>
                <Button variant="default" onClick={() => setPending(null)} disabled={confirm.isPending}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <form onSubmit={sendCode} noValidate>
            <Stack gap="sm">
              <TextInput label="New email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
              <div>
                <Button type="submit" loading={request.isPending} disabled={!email.trim()}>
                  Send Code
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
        {confirm.isSuccess && !pending && !error && (
          <Alert color="green" role="status">
            {ACCOUNT_MESSAGES.emailChanged}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
