import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_DELETION_CONFIRMATION, REMOVAL_MESSAGES } from '#contracts/removal';
import { isApiError } from '../../../lib/api-client.ts';
import { useSignOut } from '../../../lib/session.ts';
import { useDeleteMyAccount } from '../api/settings-mutations.ts';
import { deletionConfirmed } from '../settings-form.ts';
import { paths } from '../../../lib/paths.ts';

/** Spec §4: confirm is enabled only when the typed text is exactly the phrase; then sign out and go to /. */
export function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteMyAccount();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const busy = remove.isPending || signOut.isPending || remove.isSuccess;

  const close = () => {
    if (busy) return;
    setTyped('');
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!deletionConfirmed(typed)) return;
    remove.mutate(typed, {
      // The account is gone: drop the tokens and every cached answer, then leave for the landing page.
      onSuccess: () => signOut.mutate(undefined, { onSettled: () => void navigate(paths.home, { replace: true }) }),
    });
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={close} title="Delete Account" centered>
      <Stack gap="md">
        <Text size="sm">
          This cannot be undone. To confirm, type <strong>{ACCOUNT_DELETION_CONFIRMATION}</strong> below.
        </Text>
        <TextInput
          label={`Type ${ACCOUNT_DELETION_CONFIRMATION} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        {remove.isError && (
          <Alert color="red" role="alert">
            {/* A refusal for a reason (the founder's account stays) says it; anything else is the spec's sentence. */}
            {isApiError(remove.error, 'permission-denied') ? remove.error.message : REMOVAL_MESSAGES.deleteFailed}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} disabled={!deletionConfirmed(typed)} loading={busy}>
            Delete My Account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
