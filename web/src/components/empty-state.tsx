import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A next step offered by an empty state: a link, the first one the main action. */
export interface NextStep {
  label: string;
  to: string;
}

interface EmptyStateProps {
  /** The short sentence that says what is (not) here. */
  message: string;
  /** What to do about it, in a sentence (optional). */
  hint?: string;
  steps?: readonly NextStep[];
  /** Anything else offered beside the links (e.g. a copy button). */
  extra?: ReactNode;
  /** Inside a card of its own, or bare when it already sits in one. */
  framed?: boolean;
  testId?: string;
}

/** An empty list that says what it means and what to do next (a finished look). */
export function EmptyState({ message, hint, steps = [], extra, framed = false, testId }: EmptyStateProps) {
  const body = (
    <Stack gap="xs" align="flex-start" data-testid={testId}>
      <Text fw={500}>{message}</Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      {(steps.length > 0 || extra) && (
        <Group gap="xs" mt={4}>
          {steps.map((step, index) => (
            <Button key={step.to} component={Link} to={step.to} size="xs" variant={index === 0 ? 'filled' : 'light'}>
              {step.label}
            </Button>
          ))}
          {extra}
        </Group>
      )}
    </Stack>
  );
  return framed ? (
    <Card withBorder padding="lg">
      {body}
    </Card>
  ) : (
    body
  );
}
