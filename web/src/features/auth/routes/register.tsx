import { Alert, Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { storedInviteCode } from '../../../lib/invite-code-storage.ts';
import { AlreadyAMember, AuthFrame } from '../components/auth-frame.tsx';
import { registerErrorMessage } from '../auth-error-messages.ts';
import { rememberPendingSignUp } from '../pending-sign-up.ts';
import { type RegisterValues, registerSchema } from '../register-schema.ts';
import { signUpWithInvite } from '../api/sign-up-with-invite.ts';
import { paths, withEmail } from '../../../lib/paths.ts';

/** Step 2: create the account. Without a code from step 1 there is nothing to register with. */
export default function RegisterRoute() {
  const inviteCode = storedInviteCode();
  if (!inviteCode) return <Navigate to={paths.signUp} replace />;
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
      void navigate(withEmail(paths.verifyEmail, email.trim()));
    },
  });

  return (
    <AuthFrame title="Create your account" titleId="register-title" step="Create Account" onSubmit={form.onSubmit((values) => register.mutate(values))}>
      <Text size="sm" c="dimmed">
        Joining with invite code <strong>{inviteCode}</strong>.
      </Text>
      {register.isError && (
        <Alert color="red" role="alert">
          {registerErrorMessage(register.error)}
          {register.error.name === 'UsernameExistsException' && (
            <>
              {' '}
              <Anchor component={Link} to={withEmail(paths.signIn, form.getValues().email.trim())}>
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
      <AlreadyAMember />
    </AuthFrame>
  );
}
