import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { resetErrorMessage } from '../auth-error-messages.ts';
import { emailOnlySchema } from '../register-schema.ts';

/** Spec §4: after a successful send the modal confirms it and closes itself after 5 seconds. */
export const RESET_MODAL_AUTO_CLOSE_MS = 5_000;

interface ForgotPasswordModalProps {
  opened: boolean;
  initialEmail: string;
  /** Called on close; `sentTo` is the address a reset code went to, if one did. */
  onClose: (sentTo?: string) => void;
}

export function ForgotPasswordModal({ opened, initialEmail, onClose }: ForgotPasswordModalProps) {
  const send = useMutation({
    mutationFn: async (email: string) => {
      const { resetPassword } = await import('../../../lib/auth.ts');
      await resetPassword(email);
      return email.trim();
    },
  });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail },
    validate: schemaResolver(emailOnlySchema, { sync: true }),
  });

  const sentTo = send.data;
  const close = () => {
    onClose(sentTo);
    send.reset();
    form.reset();
  };

  useEffect(() => {
    if (!sentTo) return;
    const timer = setTimeout(close, RESET_MODAL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per successful send
  }, [sentTo]);

  useEffect(() => {
    if (opened) form.setValues({ email: initialEmail });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- prefill when it opens
  }, [opened]);

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={close} title="Reset your password" centered>
      {sentTo ? (
        <Stack gap="sm">
          <Alert color="teal" role="status" title="Check your email">
            We sent a password reset code to {sentTo}.
          </Alert>
          <Text size="sm" c="dimmed">
            Next you will enter that code and choose a new password.
          </Text>
          <Button onClick={close}>Enter the code</Button>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(({ email }) => send.mutate(email))} noValidate>
          <Stack gap="sm">
            <Text size="sm">Enter your account&apos;s email and we will send you a code to reset your password.</Text>
            {send.isError && (
              <Alert color="red" role="alert">
                {resetErrorMessage(send.error)}
              </Alert>
            )}
            <TextInput label="Email" type="email" autoComplete="email" required data-autofocus key={form.key('email')} {...form.getInputProps('email')} />
            <Button type="submit" loading={send.isPending}>
              Send reset email
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
