import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { JoinProgress } from '../../../components/join-progress.tsx';
import type { JoinStep } from '../../../components/join-steps.ts';
import { paths } from '../../../lib/paths.ts';

interface AuthFrameProps {
  /** The page's one h1, which also names the form. */
  title: ReactNode;
  titleId: string;
  /** A step of joining: the progress bar above the card, and the wider column it needs. */
  step?: JoinStep;
  /** The card is one form (submitted with this); without it, a plain column (sign-up's code step holds its own form). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * The frame of the signed-out account screens (join, create account, verify email, reset
 * password): a narrow centred card with the page title first, and the joining progress on the
 * joining steps.
 */
export function AuthFrame({ title, titleId, step, onSubmit, children }: AuthFrameProps) {
  const column = (
    <Stack gap="md">
      <Title order={1} size="h2" id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
  return (
    <Container size={step ? 460 : 420} py="xl">
      {step && <JoinProgress current={step} />}
      <Card withBorder padding="lg" radius="md">
        {onSubmit ? (
          <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
            {column}
          </form>
        ) : (
          column
        )}
      </Card>
    </Container>
  );
}

/** The joining steps' way back for someone who already has an account. */
export function AlreadyAMember() {
  return (
    <Text size="sm">
      Already a member?{' '}
      <Anchor component={Link} to={paths.signIn}>
        Sign in
      </Anchor>
    </Text>
  );
}
