import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ACTION_REASON_MAX_LENGTH, ADMIN_MESSAGES } from '#contracts/admin';
import { VOUCH_MESSAGES } from '#contracts/vouching';
import { LimitedTextarea } from '../../../components/limited-textarea.tsx';
import { textLimitState } from '../../../lib/text-limit.ts';
import { useChangeVerification } from '../api/verification-api.ts';
import { failureMessage } from '../admin-messages.ts';

export type VerificationAction = 'verify' | 'revoke';

const WORDS = {
  verify: {
    title: (name: string) => `Verify ${name} in person`,
    explain: (name: string) =>
      `Verify ${name} only if you met them and know them to be who they say. An admin's verification does not lapse; it goes into the audit log with your reason.`,
    confirm: 'Verify in person',
    done: VOUCH_MESSAGES.memberVerified,
    failed: 'Failed to verify the member',
  },
  revoke: {
    title: (name: string) => `Revoke ${name}'s verification`,
    explain: (name: string) =>
      `${name} goes back to not verified and the vouches they received stop counting; the members they vouched for keep their vouches. It goes into the audit log with your reason.`,
    confirm: 'Revoke verification',
    done: VOUCH_MESSAGES.verificationRevoked,
    failed: 'Failed to revoke the verification',
  },
} as const;

/** Verify a member in person, or revoke it: a required reason (into the audit log), then the button. Mounted per member. */
export function VerificationDialog({
  member,
  action,
  onClose,
}: {
  member: { uid: string; displayName: string };
  action: VerificationAction;
  onClose: () => void;
}) {
  const words = WORDS[action];
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const change = useChangeVerification();
  const hasReason = reason.trim().length > 0;
  const { tooLong } = textLimitState(reason, ACTION_REASON_MAX_LENGTH);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!hasReason || tooLong) return;
    change.mutate(
      { action, userId: member.uid, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: words.done });
          onClose();
        },
      },
    );
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened onClose={onClose} title={words.title(member.displayName)} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{words.explain(member.displayName)}</Text>
          <LimitedTextarea
            label="Reason (only admins see it)"
            value={reason}
            onChange={(next) => {
              setReason(next);
              setTouched(true);
            }}
            max={ACTION_REASON_MAX_LENGTH}
            error={touched && !hasReason ? ADMIN_MESSAGES.reasonRequired : undefined}
            required
            data-autofocus
          />
          {change.isError && (
            <Alert color="red" role="alert">
              {failureMessage(words.failed, change.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={action === 'revoke' ? 'red' : undefined} loading={change.isPending} disabled={!hasReason || tooLong}>
              {words.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
