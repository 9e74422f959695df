import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { isApiError } from '../lib/api-client.ts';

interface PageErrorProps {
  title: string;
  error?: unknown;
  onRetry?: () => void;
}

/** A page-level failure: what happened, the correlation id to quote, and a way to retry. */
export function PageError({ title, error, onRetry }: PageErrorProps) {
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  const correlationId = isApiError(error) ? error.correlationId : undefined;
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={title} role="alert">
        <Stack gap="sm">
          <Text size="sm">{message}</Text>
          {correlationId && (
            <Text size="xs" c="dimmed">
              Reference: {correlationId}
            </Text>
          )}
          {onRetry && (
            <Button variant="light" color="red" onClick={onRetry} w="fit-content">
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    </Container>
  );
}
