import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../lib/api-client.ts';
import { storedInviteCode, storeInviteCode } from '../../../lib/invite-code-storage.ts';
import { distantInvitePeople, localPeople } from '../../../lib/place-words.ts';
import { AlreadyAMember, AuthFrame } from '../components/auth-frame.tsx';
import { useValidateInviteCode } from '../api/validate-invite-code.ts';
import { inviteCodeError, normalizeInviteCodeInput } from '../register-schema.ts';
import { paths } from '../../../lib/paths.ts';

function checkFailedMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'We could not check the invite code. Please try again.';
}

const left = (count: number) => (count === 0 ? 'none left' : `${count} left`);

/**
 * What the code admits, before any account is made (a newcomer from too far learned it
 * only at the last step): local and distant in the words of every other screen, and how many of
 * each are left. A superuser's code has neither limit nor distance rule.
 */
function CodeAdmits({ invitesLeft, inviterLocation }: { invitesLeft: { local: number; distant: number } | null; inviterLocation: string }) {
  if (!invitesLeft) {
    return (
      <Text size="sm" mt="xs" data-testid="code-admits">
        This code has no limit: it admits people in any city.
      </Text>
    );
  }
  const place = inviterLocation || 'their city';
  return (
    <Stack gap={2} mt="xs" data-testid="code-admits">
      <Text size="sm">This code admits:</Text>
      <Text size="sm">
        <strong>Local</strong>: {localPeople(place)} ({left(invitesLeft.local)})
      </Text>
      <Text size="sm">
        <strong>Distant</strong>: {distantInvitePeople(place)} ({left(invitesLeft.distant)})
      </Text>
      <Text size="sm" c="dimmed">
        You will give your city and state when you complete your profile; that is when the invite is used.
      </Text>
    </Stack>
  );
}

/** Step 1: the invite code. It is checked (not used) here and kept in session storage. */
export default function SignUpRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => normalizeInviteCodeInput(params.get('code') ?? storedInviteCode() ?? ''));
  const validate = useValidateInviteCode();
  const lengthError = inviteCodeError(code);
  const checked = validate.isSuccess && validate.variables === code ? validate.data : undefined;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (lengthError) return;
    validate.mutate(code, { onSuccess: () => storeInviteCode(code) });
  };

  return (
    <AuthFrame title="Join Anchored" titleId="sign-up-title" step="Invite Code">
      <Text size="sm">Anchored is invite-only. Enter the 8-character invite code a member gave you.</Text>
      {checked ? (
        <Stack gap="md">
          <Alert color="teal" title="You're invited!" role="status">
            <Text size="sm" data-testid="inviter">
              <strong>{checked.inviterName}</strong>
              {checked.inviterLocation ? ` from ${checked.inviterLocation}` : ''} invited you to Anchored.
            </Text>
            <CodeAdmits invitesLeft={checked.invitesLeft} inviterLocation={checked.inviterLocation} />
          </Alert>
          <Button onClick={() => void navigate(paths.register)} fullWidth>
            Create your account
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => validate.reset()} w="fit-content">
            Use a different code
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-labelledby="sign-up-title">
          <Stack gap="md">
            {validate.isError && (
              <Alert color="red" role="alert">
                {checkFailedMessage(validate.error)}
              </Alert>
            )}
            <TextInput
              label="Invite code"
              value={code}
              onChange={(event) => setCode(normalizeInviteCodeInput(event.currentTarget.value))}
              maxLength={8}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              description={code.length > 0 && lengthError ? undefined : 'Invite codes are 8 characters long'}
              error={code.length > 0 ? lengthError : undefined}
              styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.2em', textTransform: 'uppercase' } }}
            />
            <Button type="submit" disabled={Boolean(lengthError)} loading={validate.isPending} fullWidth>
              Continue
            </Button>
          </Stack>
        </form>
      )}
      <AlreadyAMember />
    </AuthFrame>
  );
}
