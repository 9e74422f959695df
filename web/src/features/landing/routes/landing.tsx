import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAuthSession } from '../../../lib/session.ts';
import classes from './landing.module.css';

export default function LandingRoute() {
  const { data: session } = useAuthSession();
  return (
    <Container size="md" py={{ base: 'xl', sm: 80 }}>
      <Stack align="center" gap="lg" ta="center">
        <Title order={1} className={classes.title}>
          Anchored
        </Title>
        <Text size="xl" maw={560}>
          An invite-only social network for real people and real communities: no ads, no tracking, no
          algorithm.
        </Text>
        <Group justify="center">
          {session ? (
            <Button component={Link} to="/dashboard" size="md">
              Go to your dashboard
            </Button>
          ) : (
            <>
              <Button component={Link} to="/auth/signup" size="md">
                Join
              </Button>
              <Button component={Link} to="/auth/signin" size="md" variant="default">
                Sign In
              </Button>
            </>
          )}
        </Group>
        <Group gap="md" justify="center">
          <Text component={Link} to="/why" size="sm" c="dimmed">
            Why Anchored
          </Text>
          <Text component={Link} to="/terms" size="sm" c="dimmed">
            Terms
          </Text>
          <Text component={Link} to="/privacy" size="sm" c="dimmed">
            Privacy
          </Text>
        </Group>
      </Stack>
    </Container>
  );
}
