import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/**
 * Last resort for a screen that threw while loading or rendering. A failed chunk download (e.g.
 * after a new deployment replaced the files) is fixed by reloading, so that is what we offer.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <main>
      <Container size="sm" py="xl">
        <Stack gap="md" role="alert">
          <Title order={1} size="h2">
            Something went wrong
          </Title>
          <Text>This page could not be shown. Reloading usually fixes it.</Text>
          {detail && (
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          )}
          <Button onClick={() => window.location.reload()} w="fit-content">
            Reload
          </Button>
        </Stack>
      </Container>
    </main>
  );
}
