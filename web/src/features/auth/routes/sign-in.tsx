import { Alert, Anchor, Button, Card, Container, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { returnPathOf } from '../../../lib/return-path.ts';
import { preloadAuth, useSignIn } from '../../../lib/session.ts';
import { resetErrorMessage } from '../auth-error-messages.ts';
import { ForgotPasswordModal } from '../components/forgot-password-modal.tsx';
import { needsAuthenticatorCode, TotpCodeForm } from '../components/totp-code-form.tsx';
import { isPasswordResetRequired, PASSWORD_RESET_REQUIRED_MESSAGE, passwordResetRequiredNotice, type ResetPasswordNotice } from '../password-reset-required.ts';
import { signInErrorMessage } from '../sign-in-error-message.ts';
import { type SignInValues, signInSchema } from '../sign-in-schema.ts';
import { paths, withEmail } from '../../../lib/paths.ts';

/** Notes other screens leave for this one (e.g. verify-email after a reload forgot the password). */
export interface SignInNotice {
  notice?: string;
}

export default function SignInRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [forgotOpened, forgot] = useDisclosure(false);
  useEffect(preloadAuth, []);
  const form = useForm<SignInValues>({
    mode: 'uncontrolled',
    initialValues: { email: params.get('email') ?? '', password: '' },
    validate: schemaResolver(signInSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const notice = (location.state as SignInNotice | null)?.notice;
  // Back to the page the member was sent here from (same-origin paths only), else the dashboard.
  const returnTo = returnPathOf(location.state);

  // An account in RESET_REQUIRED (a rebuilt user pool, an admin's reset): its old password is void,
  // so the code goes out at once and the member lands on the reset form with their email filled in.
  const sendResetCode = useMutation({
    mutationFn: async (email: string) => {
      const { resetPassword } = await import('../../../lib/auth.ts');
      await resetPassword(email);
      return email.trim();
    },
    onSuccess: (email) => {
      const state: ResetPasswordNotice = { notice: passwordResetRequiredNotice(email) };
      void navigate(withEmail(paths.resetPassword, email), { state });
    },
  });

  const submit = form.onSubmit((values) => {
    sendResetCode.reset();
    signIn.mutate(values, {
      onSuccess: () => void navigate(returnTo, { replace: true }),
      onError: (error) => {
        if (isPasswordResetRequired(error)) sendResetCode.mutate(values.email);
      },
    });
  });

  const resetRequired = signIn.isError && isPasswordResetRequired(signIn.error);
  const message = resetRequired
    ? sendResetCode.isError
      ? `${PASSWORD_RESET_REQUIRED_MESSAGE} ${resetErrorMessage(sendResetCode.error)}`
      : undefined // the code is on its way; the reset form follows
    : signIn.isError && !needsAuthenticatorCode(signIn.error)
      ? signInErrorMessage(signIn.error)
      : undefined;
  const needsVerification = signIn.isError && signIn.error.name === 'UserNotConfirmedException';

  const closeForgot = (sentTo?: string) => {
    forgot.close();
    if (sentTo) void navigate(withEmail(paths.resetPassword, sentTo));
  };

  return (
    <Container size={420} py="xl">
      <Card withBorder padding="lg" radius="md">
        {needsAuthenticatorCode(signIn.error) ? (
          <TotpCodeForm onSignedIn={() => void navigate(returnTo, { replace: true })} />
        ) : (
          <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
            <Stack gap="md">
              <Title order={1} size="h2" id="sign-in-title">
                Sign in
              </Title>
              {notice && !message && (
                <Alert color="blue" role="status">
                  {notice}
                </Alert>
              )}
              {message && (
                <Alert color="red" role="alert">
                  <Stack gap={4}>
                    <span>{message}</span>
                    {needsVerification && (
                      <Anchor component={Link} to={withEmail(paths.verifyEmail, form.getValues().email.trim())} size="sm">
                        Verify your email now
                      </Anchor>
                    )}
                  </Stack>
                </Alert>
              )}
              <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
              <PasswordInput label="Password" autoComplete="current-password" required key={form.key('password')} {...form.getInputProps('password')} />
              <Button type="submit" loading={signIn.isPending || sendResetCode.isPending} fullWidth>
                Sign in
              </Button>
              <Anchor component="button" type="button" size="sm" onClick={forgot.open} w="fit-content">
                Forgot your password?
              </Anchor>
              <Text size="sm">
                New here?{' '}
                <Anchor component={Link} to={paths.signUp}>
                  Join with an invite code
                </Anchor>
              </Text>
            </Stack>
          </form>
        )}
      </Card>
      <ForgotPasswordModal opened={forgotOpened} initialEmail={form.getValues().email} onClose={closeForgot} />
    </Container>
  );
}
