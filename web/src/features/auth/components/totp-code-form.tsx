import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useConfirmSignInCode } from '../../../lib/session.ts';

/** Amplify's step for an account with an authenticator app (web/src/lib/auth.ts TOTP_SIGN_IN_STEP; not imported: it would bring Amplify into this chunk). */
export const TOTP_SIGN_IN_STEP = 'CONFIRM_SIGN_IN_WITH_TOTP_CODE';

export function needsAuthenticatorCode(error: unknown): boolean {
  return (error as { step?: unknown } | null)?.step === TOTP_SIGN_IN_STEP;
}

/** The second step of signing in with an authenticator app (admins are asked to add one). */
export function TotpCodeForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [code, setCode] = useState('');
  const confirm = useConfirmSignInCode();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: onSignedIn });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="totp-title">
      <Stack gap="md">
        <Title order={1} size="h2" id="totp-title">
          Two-step sign-in
        </Title>
        <Text size="sm">Enter the 6-digit code from your authenticator app.</Text>
        {confirm.isError && (
          <Alert color="red" role="alert">
            {confirm.error.name === 'CodeMismatchException' ? 'That code is not right. Please check it and try again.' : 'Failed to sign in. Please try again.'}
          </Alert>
        )}
        <TextInput
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-autofocus
        />
        <Button type="submit" loading={confirm.isPending} disabled={code.trim().length !== 6} fullWidth>
          Verify
        </Button>
      </Stack>
    </form>
  );
}
