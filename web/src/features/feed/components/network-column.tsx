import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MAX_ANCHORS } from '#contracts/anchors';
import { ValueSkeleton } from '../../../components/skeletons.tsx';
import { paths, PENDING_ANCHORS_PATH } from '../../../lib/paths.ts';

interface NetworkColumnProps {
  /** The member's real pending anchor requests (received); undefined while loading, null if they could not be read. */
  pendingRequests: number | null | undefined;
  /** undefined until the anchor list has answered: a skeleton, never a '0 / 100' that is not true. */
  anchorCount: number | undefined;
}

/** The right column: the member's network, and Groups (Coming Soon, like Messages and Events). */
export function NetworkColumn({ pendingRequests, anchorCount }: NetworkColumnProps) {
  return (
    <Stack gap="md">
      <Card withBorder padding="md" component="section" aria-labelledby="your-network-title">
        <Title order={2} size="h5" id="your-network-title" mb="xs">
          Your Network
        </Title>
        <Stack gap={4}>
          <Group justify="space-between">
            <Anchor component={Link} to={paths.anchors} size="sm">
              Anchors
            </Anchor>
            {anchorCount === undefined ? (
              <ValueSkeleton label="Loading your anchor count" />
            ) : (
              <Text size="sm" fw={600} data-testid="network-anchor-count">
                {anchorCount} / {MAX_ANCHORS}
              </Text>
            )}
          </Group>
          <Group justify="space-between">
            <Anchor component={Link} to={PENDING_ANCHORS_PATH} size="sm">
              Pending requests
            </Anchor>
            {pendingRequests === undefined ? (
              <ValueSkeleton label="Loading your pending requests" width={28} height={18} />
            ) : pendingRequests === null ? null : (
              <Badge data-testid="pending-requests-count" color={pendingRequests ? 'orange' : 'gray'} variant="light">
                {pendingRequests}
              </Badge>
            )}
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="md" component="section" aria-labelledby="groups-title">
        <Group justify="space-between" wrap="nowrap" mb={4}>
          <Title order={2} size="h5" id="groups-title">
            Groups
          </Title>
          <Badge size="xs" variant="light" color="gray">
            Coming Soon
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Circles for the clubs, streets and causes you share with your anchors.
        </Text>
      </Card>
    </Stack>
  );
}
