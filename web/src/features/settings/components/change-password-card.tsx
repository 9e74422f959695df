import { Alert, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '#contracts/account';
import { loadAccountAuth, useChangePassword } from '../api/account-controls.ts';

/** The spec's registration rules, said the same way. */
const MIN_PASSWORD_LENGTH = 8;

export function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (next.length < MIN_PASSWORD_LENGTH) return setError('Password must be at least 8 characters');
    if (next !== confirm) return setError('Passwords do not match');
    setError(null);
    change.mutate(
      { oldPassword: current, newPassword: next },
      {
        onSuccess: () => [setCurrent, setNext, setConfirm].forEach((clear) => clear('')),
        onError: async (failure) => setError((await loadAccountAuth()).accountErrorMessage(failure, ACCOUNT_MESSAGES.passwordFailed)),
      },
    );
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Change password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            required
          />
          <PasswordInput label="New password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.currentTarget.value)} required />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            required
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {change.isSuccess && !error && (
            <Alert color="green" role="status">
              {ACCOUNT_MESSAGES.passwordChanged}
            </Alert>
          )}
          <div>
            <Button type="submit" loading={change.isPending} disabled={!current || !next || !confirm}>
              Change Password
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
