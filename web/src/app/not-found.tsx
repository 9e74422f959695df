import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../lib/paths.ts';

export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text>
          There is no page at <code>{pathname}</code>.
        </Text>
        <Button component={Link} to={paths.home} w="fit-content">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
