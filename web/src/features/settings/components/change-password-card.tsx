import { Alert, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '#contracts/account';
import { useSignOut } from '../../../lib/session.ts';
import { loadAccountAuth, OtherSessionsNotEndedError, SignInAgainError, useChangePassword } from '../api/account-controls.ts';
import { paths } from '../../../lib/paths.ts';

/** The spec's registration rules, said the same way. */
const MIN_PASSWORD_LENGTH = 8;

export const PASSWORD_CHANGE_MESSAGES = {
  /** The new sign-in of this tab did not finish (e.g. an authenticator app asks for its code). */
  signInAgain: 'Your password has been changed. Sign in with the new one.',
  othersNotEnded: 'Your password has been changed, but your other sessions could not be signed out. Please use Sign out everywhere below.',
} as const;

/**
 * A successful change also signs the member out everywhere else and keeps this tab signed in with
 * the new password (useChangePassword).
 */
export function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const clearFields = () => [setCurrent, setNext, setConfirm].forEach((clear) => clear(''));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (next.length < MIN_PASSWORD_LENGTH) return setError('Password must be at least 8 characters');
    if (next !== confirm) return setError('Passwords do not match');
    setError(null);
    change.mutate(
      { oldPassword: current, newPassword: next },
      {
        onSuccess: clearFields,
        onError: async (failure) => {
          if (failure instanceof SignInAgainError) {
            // To sign-in first, with the notice; then forget (forgetting first would let the guard redirect without it).
            void Promise.resolve(navigate(paths.signIn, { replace: true, state: { notice: PASSWORD_CHANGE_MESSAGES.signInAgain } })).finally(() =>
              signOut.mutate(),
            );
            return;
          }
          if (failure instanceof OtherSessionsNotEndedError) {
            clearFields();
            return setError(PASSWORD_CHANGE_MESSAGES.othersNotEnded);
          }
          setError((await loadAccountAuth()).accountErrorMessage(failure, ACCOUNT_MESSAGES.passwordFailed));
        },
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
            <Button type="submit" loading={change.isPending || signOut.isPending} disabled={!current || !next || !confirm}>
              Change Password
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
