import { Alert, Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthFrame } from '../components/auth-frame.tsx';
import { codeErrorMessage } from '../auth-error-messages.ts';
import type { ResetPasswordNotice } from '../password-reset-required.ts';
import { type ResetPasswordValues, resetPasswordSchema } from '../register-schema.ts';
import type { SignInNotice } from './sign-in.tsx';
import { paths, withEmail } from '../../../lib/paths.ts';

/** The second half of a password reset: the emailed code and a new password. */
export default function ResetPasswordRoute() {
  const navigate = useNavigate();
  const notice = (useLocation().state as ResetPasswordNotice | null)?.notice;
  const [params] = useSearchParams();
  const form = useForm<ResetPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { email: params.get('email') ?? '', code: '', password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const confirm = useMutation({
    mutationFn: async ({ email, code, password }: ResetPasswordValues) => {
      const { confirmResetPassword } = await import('../../../lib/auth.ts');
      await confirmResetPassword(email, code, password);
      return email.trim();
    },
    onSuccess: (email) => {
      const state: SignInNotice = { notice: 'Your password has been changed. Sign in with the new one.' };
      void navigate(withEmail(paths.signIn, email), { replace: true, state });
    },
  });

  return (
    <AuthFrame title="Choose a new password" titleId="reset-title" onSubmit={form.onSubmit((values) => confirm.mutate(values))}>
      {notice && (
        <Alert color="blue" role="status">
          {notice}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Enter the code we emailed you and your new password.
      </Text>
      {confirm.isError && (
        <Alert color="red" role="alert">
          {codeErrorMessage(confirm.error)}
        </Alert>
      )}
      <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
      <TextInput label="Reset code" autoComplete="one-time-code" inputMode="numeric" required key={form.key('code')} {...form.getInputProps('code')} />
      <PasswordInput label="New password" autoComplete="new-password" required key={form.key('password')} {...form.getInputProps('password')} />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
      <Button type="submit" loading={confirm.isPending} fullWidth>
        Reset password
      </Button>
      <Anchor component={Link} to={paths.signIn} size="sm">
        Back to sign in
      </Anchor>
    </AuthFrame>
  );
}
