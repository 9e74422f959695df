import { Alert, Anchor, Button, Card, Container, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { preloadAuth, useSignIn } from '../../../lib/session.ts';
import { signInErrorMessage } from '../sign-in-error-message.ts';
import { type SignInValues, signInSchema } from '../sign-in-schema.ts';

export default function SignInRoute() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  useEffect(preloadAuth, []);
  const form = useForm<SignInValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signInSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    signIn.mutate(values, { onSuccess: () => void navigate('/dashboard', { replace: true }) });
  });

  return (
    <Container size={420} py="xl">
      <Card withBorder padding="lg" radius="md">
        <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
          <Stack gap="md">
            <Title order={1} size="h2" id="sign-in-title">
              Sign in
            </Title>
            {signIn.isError && (
              <Alert color="red" role="alert">
                {signInErrorMessage(signIn.error)}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={signIn.isPending} fullWidth>
              Sign in
            </Button>
            <Text size="sm" c="dimmed">
              Forgot your password? Password reset arrives with the Joining release.
            </Text>
            <Text size="sm">
              New here?{' '}
              <Anchor component={Link} to="/auth/signup">
                Join with an invite code
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Card>
    </Container>
  );
}
