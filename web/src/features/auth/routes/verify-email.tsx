import { Alert, Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { preloadAuth, useSignIn } from '../../../lib/session.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import { codeErrorMessage } from '../auth-error-messages.ts';
import { forgetPendingSignUp, pendingPassword } from '../pending-sign-up.ts';
import { signInErrorMessage } from '../sign-in-error-message.ts';
import type { SignInNotice } from './sign-in.tsx';
import { paths, withEmail } from '../../../lib/paths.ts';

const loadAuth = () => import('../../../lib/auth.ts');

/** Step 3: the code Cognito emailed; then straight on, signed in, to the guard's next stop. */
export default function VerifyEmailRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  useEffect(preloadAuth, []);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: params.get('email') ?? '', code: '' },
    validate: {
      email: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Please enter a valid email address'),
      code: (value) => (value.trim() ? null : 'Enter the code from the email'),
    },
  });

  const verify = useMutation({
    mutationFn: async ({ email, code }: { email: string; code: string }) => {
      const { confirmSignUp } = await loadAuth();
      await confirmSignUp(email, code);
      return email.trim();
    },
    onSuccess: (email) => {
      const password = pendingPassword(email);
      if (!password) {
        const state: SignInNotice = { notice: 'Your email is verified. Please sign in to continue.' };
        void navigate(withEmail(paths.signIn, email), { replace: true, state });
        return;
      }
      signIn.mutate(
        { email, password },
        {
          onSuccess: () => {
            forgetPendingSignUp();
            // The guard decides what comes next: the welcome tutorial, then profile setup.
            void navigate(paths.dashboard, { replace: true });
          },
        },
      );
    },
  });

  const resend = useMutation({
    mutationFn: async (email: string) => {
      const { resendSignUpCode } = await loadAuth();
      await resendSignUpCode(email);
      return email.trim();
    },
  });

  const onResend = () => {
    const { email } = form.getValues();
    if (!form.validateField('email').hasError) resend.mutate(email);
  };

  return (
    <AuthFrame title="Verify your email" titleId="verify-title" step="Verify Email" onSubmit={form.onSubmit((values) => verify.mutate(values))}>
      <Text size="sm">We emailed a verification code to the address you registered with. Enter it below to finish creating your account.</Text>
      {verify.isError && (
        <Alert color="red" role="alert">
          {codeErrorMessage(verify.error)}
        </Alert>
      )}
      {signIn.isError && (
        <Alert color="red" role="alert">
          Your email is verified, but signing in failed: {signInErrorMessage(signIn.error)}{' '}
          <Anchor component={Link} to={paths.signIn}>
            Go to sign in
          </Anchor>
        </Alert>
      )}
      {resend.isSuccess && (
        <Alert color="teal" role="status">
          We sent a new code to {resend.data}.
        </Alert>
      )}
      {resend.isError && (
        <Alert color="red" role="alert">
          {codeErrorMessage(resend.error)}
        </Alert>
      )}
      <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
      <TextInput label="Verification code" autoComplete="one-time-code" inputMode="numeric" required key={form.key('code')} {...form.getInputProps('code')} />
      <Button type="submit" loading={verify.isPending || signIn.isPending} fullWidth>
        Verify email
      </Button>
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={onResend} disabled={resend.isPending}>
          Resend the code
        </Anchor>
        <Anchor component={Link} to={paths.signIn} size="sm">
          Back to sign in
        </Anchor>
      </Group>
    </AuthFrame>
  );
}
