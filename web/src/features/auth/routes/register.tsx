import { Alert, Anchor, Button, Card, Container, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { JoinProgress } from '../../../components/join-progress.tsx';
import { storedInviteCode } from '../../../lib/invite-code-storage.ts';
import { registerErrorMessage } from '../auth-error-messages.ts';
import { rememberPendingSignUp } from '../pending-sign-up.ts';
import { type RegisterValues, registerSchema } from '../register-schema.ts';
import { signUpWithInvite } from '../api/sign-up-with-invite.ts';

/** Step 2: create the account. Without a code from step 1 there is nothing to register with. */
export default function RegisterRoute() {
  const inviteCode = storedInviteCode();
  if (!inviteCode) return <Navigate to="/auth/signup" replace />;
  return <RegisterForm inviteCode={inviteCode} />;
}

function RegisterForm({ inviteCode }: { inviteCode: string }) {
  const navigate = useNavigate();
  const form = useForm<RegisterValues>({
    mode: 'uncontrolled',
    initialValues: { displayName: '', email: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const register = useMutation({
    mutationFn: async (values: RegisterValues) => {
      await signUpWithInvite({ ...values, inviteCode });
      return values;
    },
    onSuccess: ({ email, password }) => {
      rememberPendingSignUp(email, password);
      void navigate(`/auth/verify-email?email=${encodeURIComponent(email.trim())}`);
    },
  });

  return (
    <Container size={460} py="xl">
      <JoinProgress current="Create Account" />
      <Card withBorder padding="lg" radius="md">
        <form onSubmit={form.onSubmit((values) => register.mutate(values))} noValidate aria-labelledby="register-title">
          <Stack gap="md">
            <Title order={1} size="h2" id="register-title">
              Create your account
            </Title>
            <Text size="sm" c="dimmed">
              Joining with invite code <strong>{inviteCode}</strong>.
            </Text>
            {register.isError && (
              <Alert color="red" role="alert">
                {registerErrorMessage(register.error)}
                {register.error.name === 'UsernameExistsException' && (
                  <>
                    {' '}
                    <Anchor component={Link} to={`/auth/signin?email=${encodeURIComponent(form.getValues().email.trim())}`}>
                      Sign in
                    </Anchor>
                  </>
                )}
              </Alert>
            )}
            <TextInput label="Display name" autoComplete="name" required key={form.key('displayName')} {...form.getInputProps('displayName')} />
            <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
            <PasswordInput
              label="Password"
              description="At least 8 characters"
              autoComplete="new-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              required
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" loading={register.isPending} fullWidth>
              Create account
            </Button>
            <Text size="sm">
              Already a member?{' '}
              <Anchor component={Link} to="/auth/signin">
                Sign in
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Card>
    </Container>
  );
}
