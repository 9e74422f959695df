import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';

interface ReasonPromptProps {
  opened: boolean;
  title: string;
  label: string;
  confirmLabel: string;
  /** Called with the trimmed reason; never with an empty one. */
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * A prompt for a reason (spec §5 "Revoke asks for a reason by prompt and does nothing if empty"):
 * confirming an empty reason closes the prompt and nothing happens, as a cancelled prompt would.
 */
export function ReasonPrompt({ opened, title, label, confirmLabel, onConfirm, onClose }: ReasonPromptProps) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    close();
    if (trimmed) onConfirm(trimmed);
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit}>
        <TextInput label={label} value={reason} onChange={(event) => setReason(event.currentTarget.value)} maxLength={500} data-autofocus />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" color="red">
            {confirmLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
