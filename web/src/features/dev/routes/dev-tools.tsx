import { Alert, Button, Card, Code, Container, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DUMMY_ANCHOR_COUNT } from '#contracts/dev';
import { PageError } from '../../../components/page-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { serverReason } from '../../../lib/server-reason.ts';
import { useAuthSession } from '../../../lib/session.ts';
import { useStage } from '../../../lib/stage.ts';
import { useCreateDummyAnchors } from '../api/dev-tools.ts';

/** Spec §2 Dev tools: how many dummy users the page previews. */
const PREVIEW_COUNT = 4;

export default function DevToolsRoute() {
  const auth = useAuthSession();
  const stage = useStage();
  if (auth.isPending || stage.isPending) return <PageLoader label="Loading dev tools" />;
  if (stage.isError) return <PageError title="We could not load the app configuration" error={stage.error} onRetry={() => void stage.refetch()} />;
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2" mb="md">
        Developer tools
      </Title>
      {stage.data === 'prod' ? (
        <Alert color="gray">Developer tools are not available on this deployment.</Alert>
      ) : !auth.data ? (
        <Alert color="blue">Please sign in to use dev tools.</Alert>
      ) : (
        <DevTools userId={auth.data.userId} />
      )}
    </Container>
  );
}

function DevTools({ userId }: { userId: string }) {
  const create = useCreateDummyAnchors();
  const preview = create.data?.dummies.slice(0, PREVIEW_COUNT) ?? [];
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Text fw={600} mb={4}>
          Your user id
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="own-user-id" style={{ overflowWrap: 'anywhere' }}>
            {userId}
          </Code>
          <CopyButton value={userId}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text>Creates {DUMMY_ANCHOR_COUNT} dummy members in your city and state, each already anchored to you (local, accepted).</Text>
          <Button w="fit-content" onClick={() => create.mutate()} loading={create.isPending}>
            Create {DUMMY_ANCHOR_COUNT} dummy anchors
          </Button>
          {create.isError && (
            <Alert color="red" role="alert">
              {serverReason(create.error) ?? 'Failed to create dummy anchors'}
            </Alert>
          )}
          {create.isSuccess && (
            <Alert color="teal">
              Created {create.data.dummies.length} dummy anchors; you now have {create.data.anchorCount}.
            </Alert>
          )}
          {preview.length > 0 && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label="Dummy users preview">
              {preview.map((dummy) => (
                <Group key={dummy.uid} gap="xs" wrap="nowrap">
                  <UserAvatar name={dummy.displayName} picture={dummy.profilePicture} size="sm" />
                  <div>
                    <Text size="sm">{dummy.displayName}</Text>
                    {dummy.location && (
                      <Text size="xs" c="dimmed">
                        {dummy.location.city}, {dummy.location.state}
                      </Text>
                    )}
                  </div>
                </Group>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
