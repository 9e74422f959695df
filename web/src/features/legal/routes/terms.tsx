import { Container, Title } from '@mantine/core';

/** The spec's placeholder, word for word. */
export default function TermsRoute() {
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Terms of Service - Coming Soon</Title>
    </Container>
  );
}
