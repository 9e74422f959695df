import { Alert, Card, Container, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useMe } from '../../../lib/session.ts';

export default function DashboardRoute() {
  const me = useMe();
  if (me.isPending) return <PageLoader label="Loading your account" />;
  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          Dashboard
        </Title>
        {me.data ? (
          <Text data-testid="signed-in-as">
            Signed in as <strong>{me.data.displayName}</strong>
          </Text>
        ) : (
          <Alert color="red" role="alert">
            Your account record could not be loaded.
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Text>
            This screen is not built yet; it arrives with the Social core release: the news feed of you
            and your anchors, newest first, with likes and comments.
          </Text>
        </Card>
      </Stack>
    </Container>
  );
}
